// SPDX-License-Identifier: Apache-2.0
// The performance model's measured error and the MFU band's coverage against the published runs
// of validation/runs (issue 19, checks). Label "validation": the sanitizer half of CI leaves these
// out; they run the same model code as the unit tests, on every published run.

#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/modelvalidation.h"
#include "solvers/uncertainty/modelerror.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <set>

using namespace aidc;

namespace {

const ModelValidation &validation()
{
    static const ModelValidation v = validateModel(
        AIDC_SOURCE_DIR "/validation/runs", loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data"));
    return v;
}

} // namespace

// The deciles kept in modelerror.cpp are those of today's model on today's validation set.
TEST_CASE("the kept model-error deciles are the validation set's", "[uncertainty][validation]")
{
    std::vector<double> factors;
    for (const ModelValidation::HeldOut &run : validation().heldOut)
        factors.push_back(run.publishedMfu / run.predictedMfu);
    REQUIRE(factors.size() >= 60);
    const Deciles measured = decilesOf(factors);
    std::string text;
    for (double d : measured) {
        char item[32];
        std::snprintf(item, sizeof item, "%.4f, ", d);
        text += item;
    }
    INFO("measured deciles: " << text);
    for (std::size_t k = 0; k < measured.size(); ++k)
        CHECK(mfuModelErrorFactors()[k] == Approx(measured[k]).margin(0.002));
}

// Out of sample: each source's runs get a P10-P90 band from the error of the other sources'
// runs only. About 80 % of the published MFUs should fall inside (issue 19, checks).
TEST_CASE("the MFU band holds about 80 % of the published runs out of sample",
          "[uncertainty][validation]")
{
    std::set<std::string> sources;
    for (const ModelValidation::HeldOut &run : validation().heldOut)
        sources.insert(run.source);
    int inside = 0, total = 0;
    for (const std::string &source : sources) {
        std::vector<double> others;
        for (const ModelValidation::HeldOut &run : validation().heldOut)
            if (run.source != source)
                others.push_back(run.publishedMfu / run.predictedMfu);
        const Deciles d = decilesOf(others);
        for (const ModelValidation::HeldOut &run : validation().heldOut) {
            if (run.source != source)
                continue;
            ++total;
            inside += run.publishedMfu >= run.predictedMfu * d[1] &&
                      run.publishedMfu <= run.predictedMfu * d[9];
        }
    }
    const double coverage = double(inside) / total;
    INFO(inside << " of " << total << " runs inside their held-out P10-P90 band");
    CHECK(coverage >= 0.65);
    CHECK(coverage <= 0.95);
}
