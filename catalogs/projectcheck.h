// SPDX-License-Identifier: Apache-2.0
#pragma once

// Checks that a project's catalog references resolve and fit together.
//
// Every part id the project names must exist in the (override-merged) catalog, of the right
// kind; a pool's server must carry the pool's GPU; a plane's port speed must be one its switch
// takes (natively or by breakout) and of the plane's technology. Problems go to `diagnostics`
// with `projectFile` and the JSON pointer of the offending value in the project file
// (docs/project-format.md): /compute/pools/<i>/gpu, /compute/pools/<i>/server,
// /network/planes/<i>/switch, /halls/<h>/rows/<r>/racks/<k>/rackType, /cooling/cdu,
// /cooling/chiller, /storage/system, /power/transformer. Empty references mean "the default"
// and are not errors.

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"

#include <string>

namespace aidc {

void checkProjectAgainstCatalog(const Project &project, const Catalog &catalog,
                                const std::string &projectFile, Diagnostics &diagnostics);

} // namespace aidc
