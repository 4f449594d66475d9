# SPDX-License-Identifier: Apache-2.0
# Compiles resultfields.json into the program: writes a C++ source holding its text.
#   cmake -DINPUT=resultfields.json -DOUTPUT=resultfieldsdata.cpp -P resultfields.cmake
file(READ ${INPUT} text)
string(FIND "${text}" ")aidcjson\"" clash)
if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${INPUT} contains the raw-string delimiter )aidcjson\"")
endif()
file(WRITE ${OUTPUT}.tmp "// Generated from solvers/pipeline/resultfields.json; do not edit.\n"
    "namespace aidc {\nextern const char *const kResultFieldsJson;\n"
    "const char *const kResultFieldsJson = R\"aidcjson(${text})aidcjson\";\n}\n")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.tmp)
