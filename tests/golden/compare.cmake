# SPDX-License-Identifier: Apache-2.0
# Runs `aidc eval PROJECT_FILE --format FORMAT` and compares its output with EXPECTED.
# A fixed price date keeps the outputs independent of the day the test runs. With the
# environment variable AIDC_UPDATE_GOLDENS=1 it rewrites EXPECTED instead (review the diff).
execute_process(COMMAND ${AIDC} eval ${PROJECT_FILE} --format ${FORMAT} --as-of 2026-11-21
    OUTPUT_VARIABLE actual ERROR_VARIABLE errors RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "aidc eval ${PROJECT_FILE} exited with ${status}:\n${errors}")
endif()
file(WRITE ${ACTUAL} "${actual}")
if("$ENV{AIDC_UPDATE_GOLDENS}" STREQUAL "1")
    file(WRITE ${EXPECTED} "${actual}")
    return()
endif()
if(NOT EXISTS ${EXPECTED})
    message(FATAL_ERROR "no golden file ${EXPECTED}; run AIDC_UPDATE_GOLDENS=1 ctest -L golden")
endif()
file(READ ${EXPECTED} expected)
if(NOT actual STREQUAL expected)
    execute_process(COMMAND diff -u ${EXPECTED} ${ACTUAL} OUTPUT_VARIABLE difference)
    message(FATAL_ERROR "output differs from ${EXPECTED}:\n${difference}")
endif()
