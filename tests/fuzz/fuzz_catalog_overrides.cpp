// SPDX-License-Identifier: Apache-2.0
// Fuzz target: catalog-override text (the project's catalogOverrides, the GUI's JSON editor)
// merged over the shipped catalog by the catalog loader.

#include "fuzzcatalog.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const aidc::Catalog &catalog = aidc::fuzz::shippedCatalog();
    aidc::Catalog merged = catalog;
    aidc::Diagnostics diagnostics;
    aidc::applyCatalogOverrides(merged, std::string(reinterpret_cast<const char *>(data), size),
                                "fuzz.json", diagnostics);
    return 0;
}
