# SPDX-License-Identifier: Apache-2.0
# Every tracked source file names its licence in its first lines (issue 14, habits):
# "SPDX-License-Identifier: Apache-2.0" (LICENSE). Run with -DSOURCE_DIR=<repository>.
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
     ${SOURCE_DIR}/model/* ${SOURCE_DIR}/catalogs/*.h ${SOURCE_DIR}/catalogs/*.cpp
     ${SOURCE_DIR}/solvers/* ${SOURCE_DIR}/ui/* ${SOURCE_DIR}/app/* ${SOURCE_DIR}/tests/*
     ${SOURCE_DIR}/bench/* ${SOURCE_DIR}/scripts/* ${SOURCE_DIR}/validation/*.py)
list(APPEND sources CMakeLists.txt .ci/run)
set(missing "")
foreach(file IN LISTS sources)
    if(NOT file MATCHES "(\\.h|\\.cpp|CMakeLists\\.txt|\\.cmake|\\.py|\\.sh|/run)$")
        continue()
    endif()
    if(file MATCHES "^tests/fuzz/(corpus|regressions)/")
        continue()
    endif()
    file(READ ${SOURCE_DIR}/${file} head LIMIT 300)
    if(NOT head MATCHES "SPDX-License-Identifier: Apache-2\\.0")
        list(APPEND missing ${file})
    endif()
endforeach()
list(LENGTH sources count)
if(missing)
    string(REPLACE ";" "\n  " text "${missing}")
    message(FATAL_ERROR "files without an SPDX-License-Identifier line:\n  ${text}")
endif()
message(STATUS "docs.spdx: every source file names its licence")
