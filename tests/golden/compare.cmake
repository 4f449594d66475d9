# Runs `aidc eval PROJECT_FILE --format FORMAT` and compares its output with EXPECTED.
# A fixed price date keeps the outputs independent of the day the test runs.
execute_process(COMMAND ${AIDC} eval ${PROJECT_FILE} --format ${FORMAT} --as-of 2026-11-21
    OUTPUT_VARIABLE actual ERROR_VARIABLE errors RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "aidc eval ${PROJECT_FILE} exited with ${status}:\n${errors}")
endif()
file(WRITE ${ACTUAL} "${actual}")
if(NOT EXISTS ${EXPECTED})
    message(FATAL_ERROR "no golden file ${EXPECTED}; run scripts/update-goldens.sh")
endif()
file(READ ${EXPECTED} expected)
if(NOT actual STREQUAL expected)
    execute_process(COMMAND diff -u ${EXPECTED} ${ACTUAL} OUTPUT_VARIABLE difference)
    message(FATAL_ERROR "output differs from ${EXPECTED}:\n${difference}")
endif()
