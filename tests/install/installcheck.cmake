# SPDX-License-Identifier: Apache-2.0
file(REMOVE_RECURSE ${WORK_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}
    RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "cmake --install failed: ${errors}")
endif()
foreach(file bin/aidc share/aidc-planner/catalogs/accelerators.json
        share/aidc-planner/projects/h100-1k-infiniband.json share/applications/aidc-planner.desktop
        share/metainfo/io.github.aidcplanner.AidcPlanner.metainfo.xml
        share/mime/packages/aidc-planner.xml share/doc/aidc-planner/docs/cli.md
        share/doc/aidc-planner/docs/result-format.md share/doc/aidc-planner/LICENSE)
    if(NOT EXISTS ${WORK_DIR}/${file})
        message(FATAL_ERROR "not installed: ${file}")
    endif()
endforeach()
execute_process(COMMAND ${WORK_DIR}/bin/aidc --version OUTPUT_VARIABLE version RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT version STREQUAL "aidc ${VERSION}\n")
    message(FATAL_ERROR "installed aidc --version printed '${version}', expected 'aidc ${VERSION}'")
endif()
execute_process(COMMAND ${WORK_DIR}/bin/aidc eval ${WORK_DIR}/share/aidc-planner/projects/h100-1k-infiniband.json
    OUTPUT_VARIABLE report ERROR_VARIABLE errors RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT report MATCHES "1,016")
    message(FATAL_ERROR "installed aidc eval failed (${status}): ${errors}\n${report}")
endif()
