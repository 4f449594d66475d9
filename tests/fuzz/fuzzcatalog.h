// SPDX-License-Identifier: Apache-2.0
#pragma once

// The shipped catalog, loaded once per fuzzing process (AIDC_SOURCE_DIR from CMake).

#include "catalogs/catalogloader.h"

#ifndef AIDC_SOURCE_DIR
#define AIDC_SOURCE_DIR "."
#endif

namespace aidc::fuzz {

inline const Catalog &shippedCatalog()
{
    static const Catalog catalog = [] {
        Diagnostics ignored;
        return loadCatalog(AIDC_SOURCE_DIR "/catalogs/data", ignored);
    }();
    return catalog;
}

} // namespace aidc::fuzz
