// SPDX-License-Identifier: Apache-2.0
#pragma once

// Shared by the incremental re-evaluation tests: the shipped catalog, and what a reader of an
// evaluation sees as one string (two results are the same to a user when their fingerprints
// are equal; the tests compare a run that reused stages with a full one).

#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"
#include "solvers/pipeline/report.h"

#include <nlohmann/json.hpp>

#include <string>

namespace aidc::test {

inline const Catalog &shippedCatalog()
{
    static const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    return catalog;
}

inline Project sample(const std::string &name)
{
    return loadProjectFile(AIDC_SOURCE_DIR "/projects/" + name);
}

// Everything a reader of the result sees: the headline figures, capex by line, every diagnostic
// and the BOM.
inline std::string fingerprint(const Result &result)
{
    // The JSON report (`aidc eval --json`: every solver's figures, per hall, per plane, per
    // cost line) and every diagnostic with its acknowledgement.
    nlohmann::json doc = resultToJson(result);
    doc["diagnostics"] = result.diagnostics.toString();
    for (const Diagnostic &d : result.diagnostics.items())
        doc["acknowledged"].push_back(d.acknowledged);
    doc["bomLines"] = result.procurement.lines.size();
    return doc.dump();
}

} // namespace aidc::test
