# SPDX-License-Identifier: Apache-2.0
# The Qt-free core stays Qt-free (docs/architecture.md):
#  1. the headless `aidc` program links no Qt library (ldd lists none);
#  2. no source file under model/, catalogs/ or solvers/ includes a Qt header.
execute_process(COMMAND ldd ${AIDC} OUTPUT_VARIABLE libraries RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "ldd ${AIDC} failed")
endif()
if(libraries MATCHES "libQt[0-9]")
    message(FATAL_ERROR "aidc links Qt:\n${libraries}")
endif()
file(GLOB_RECURSE sources ${SOURCE_DIR}/model/* ${SOURCE_DIR}/catalogs/*.h
    ${SOURCE_DIR}/catalogs/*.cpp ${SOURCE_DIR}/solvers/*)
foreach(source IN LISTS sources)
    if(source MATCHES "\\.(h|cpp)$")
        file(STRINGS ${source} qtIncludes REGEX "#[ \t]*include[ \t]*<Q")
        if(qtIncludes)
            message(FATAL_ERROR "${source} includes a Qt header: ${qtIncludes}")
        endif()
    endif()
endforeach()
