// Tests of the shipped catalog and of the loader's validation.

#include "catalogs/catalogloader.h"

#include <catch2/catch.hpp>

namespace {

const std::string kDataDir = std::string(AIDC_SOURCE_DIR) + "/catalogs/data";

} // namespace

TEST_CASE("the shipped catalog loads without errors", "[catalog]")
{
    aidc::Diagnostics diagnostics;
    const aidc::Catalog catalog = aidc::loadCatalog(kDataDir, diagnostics);
    INFO(diagnostics.toString());
    CHECK_FALSE(diagnostics.hasErrors());
    CHECK(diagnostics.empty());
    CHECK(catalog.accelerators.size() >= 11);
}
