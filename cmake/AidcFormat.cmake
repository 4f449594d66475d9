# SPDX-License-Identifier: Apache-2.0
# `format` rewrites the sources with clang-format; `format-check` fails on any difference.
find_program(CLANG_FORMAT_EXE NAMES clang-format clang-format-14)
if(CLANG_FORMAT_EXE)
    file(GLOB_RECURSE AIDC_FORMAT_SOURCES CONFIGURE_DEPENDS
        ${PROJECT_SOURCE_DIR}/app/*.cpp ${PROJECT_SOURCE_DIR}/app/*.h
        ${PROJECT_SOURCE_DIR}/model/*.cpp ${PROJECT_SOURCE_DIR}/model/*.h
        ${PROJECT_SOURCE_DIR}/catalogs/*.cpp ${PROJECT_SOURCE_DIR}/catalogs/*.h
        ${PROJECT_SOURCE_DIR}/solvers/*.cpp ${PROJECT_SOURCE_DIR}/solvers/*.h
        ${PROJECT_SOURCE_DIR}/ui/*.cpp ${PROJECT_SOURCE_DIR}/ui/*.h
        ${PROJECT_SOURCE_DIR}/tests/*.cpp ${PROJECT_SOURCE_DIR}/tests/*.h
        ${PROJECT_SOURCE_DIR}/bench/*.cpp ${PROJECT_SOURCE_DIR}/bench/*.h)
    add_custom_target(format COMMAND ${CLANG_FORMAT_EXE} -i ${AIDC_FORMAT_SOURCES}
        COMMENT "clang-format: rewriting sources")
    add_custom_target(format-check COMMAND ${CLANG_FORMAT_EXE} --dry-run -Werror ${AIDC_FORMAT_SOURCES}
        COMMENT "clang-format: checking sources")
endif()
