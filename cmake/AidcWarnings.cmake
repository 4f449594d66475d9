# SPDX-License-Identifier: Apache-2.0
# One place for warning flags. Targets opt in with aidc_set_warnings(<target>).
function(aidc_set_warnings target)
    # -Wnull-dereference is left out: at -O3 GCC 12 reports it inside libstdc++'s streambuf on
    # correct code.
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
        -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Woverloaded-virtual
        -Wdouble-promotion -Wimplicit-fallthrough)
    # GCC 12 reports -Wrestrict inside libstdc++'s std::string at -O3 on correct code
    # (GCC bug 105329); keep the rest of the warnings.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
        target_compile_options(${target} PRIVATE -Wno-restrict)
    endif()
    if(AIDC_WARNINGS_AS_ERRORS)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()

# The Qt-free core: fail the configure step if a core target links any Qt module.
function(aidc_assert_qt_free target)
    get_target_property(libs ${target} LINK_LIBRARIES)
    foreach(lib IN LISTS libs)
        if(lib MATCHES "^Qt[0-9]*::")
            message(FATAL_ERROR "${target} links ${lib}: model, catalogs and solvers must stay Qt-free")
        endif()
    endforeach()
endfunction()
