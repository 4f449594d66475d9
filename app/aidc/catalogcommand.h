// SPDX-License-Identifier: Apache-2.0
#pragma once

// `aidc catalog which PART`: where a part of the catalog came from. Lists the catalog layers a
// run reads (built-in, site and user overlays, the project's catalogOverrides; see
// catalogs/catalogoverlays.h) and every file entry that defined or changed the part, its price
// and its failure rate, in the order they apply.

#include "app/cliargs.h"

#include <string>

namespace aidc::cli {

CommandSpec catalogCommandSpec();

// Exit 0 the part was found, 1 no layer has it, 2 usage error, 3 a layer failed to load.
int runCatalogCommand(const ParsedArgs &args, const std::string &executablePath);

} // namespace aidc::cli
