# SPDX-License-Identifier: Apache-2.0
# Checks the citations of the code, the catalogs, the sample projects and the documents against
# docs/references.md (issue 14):
#   - every `ref:KEY` in model/ catalogs/ solvers/ ui/ app/ docs/ projects/ names a key that
#     docs/references.md defines with a `### KEY` heading;
#   - no old-style citation is left: `[handbook ...]`, "handbook <file>.md" or "handbook §n",
#     a bare handbook file section ("fabric.md §2"), or a bare short source tag inside brackets
#     (`[Z1]`, `[Z2]`, `[Z3]`, `[CM]`, `[CH]`, `[SemiAnalysis]`, `[OIF]`, `[EIA]`, also in lists as
#     `[Z1, Z2]`, `[V, EIA]` or `[S] [Z1]`);
#   - docs/references.md itself: every key is unique, lowercase letters, digits and hyphens, and
#     its entry has a "Used for:" line.
# Fails with one "file:line: problem" line per finding.
#
#   cmake -DSOURCE_DIR=<repository> -P tests/docs/check_references.cmake

cmake_minimum_required(VERSION 3.20)

if(NOT SOURCE_DIR)
    message(FATAL_ERROR "check_references: pass -DSOURCE_DIR=<repository root>")
endif()
get_filename_component(SOURCE_DIR "${SOURCE_DIR}" ABSOLUTE)
set(references "${SOURCE_DIR}/docs/references.md")
if(NOT EXISTS "${references}")
    message(FATAL_ERROR "check_references: ${references} does not exist")
endif()

set(problems "")
macro(problem text)
    string(APPEND problems "  ${text}\n")
endmacro()

# Splits a file into a list of lines. Characters that CMake's list handling treats specially
# ([ ] ; \) are swapped for placeholders first and restored per line with restore_line().
function(read_lines path outVar)
    file(READ "${path}" content)
    string(REPLACE "\r" "" content "${content}")
    string(REPLACE "\\" "@BS@" content "${content}")
    string(REPLACE ";" "@SC@" content "${content}")
    string(REPLACE "[" "@LB@" content "${content}")
    string(REPLACE "]" "@RB@" content "${content}")
    string(REPLACE "\n" ";" content "${content}")
    set(${outVar} "${content}" PARENT_SCOPE)
endfunction()

macro(restore_line var)
    string(REPLACE "@LB@" "[" ${var} "${${var}}")
    string(REPLACE "@RB@" "]" ${var} "${${var}}")
    string(REPLACE "@SC@" ";" ${var} "${${var}}")
    string(REPLACE "@BS@" "\\" ${var} "${${var}}")
endmacro()

# --- the keys docs/references.md defines ----------------------------------------------------
set(keys "")
set(entryKey "")
set(entryLine 0)
set(entryHasUse FALSE)
set(lineNo 0)
read_lines("${references}" refLines)
foreach(line IN LISTS refLines)
    math(EXPR lineNo "${lineNo} + 1")
    restore_line(line)
    if(line MATCHES "^### ")
        if(entryKey AND NOT entryHasUse)
            problem("docs/references.md:${entryLine}: entry '${entryKey}' has no \"Used for:\" line")
        endif()
        set(entryKey "")
        set(entryHasUse FALSE)
        if(line MATCHES "^### ([a-z0-9][a-z0-9-]*)$")
            set(key "${CMAKE_MATCH_1}")
            list(FIND keys "${key}" found)
            if(NOT found EQUAL -1)
                problem("docs/references.md:${lineNo}: key '${key}' is defined twice")
            endif()
            list(APPEND keys "${key}")
            set(entryKey "${key}")
            set(entryLine ${lineNo})
        else()
            problem("docs/references.md:${lineNo}: '${line}' is not '### KEY' with KEY in [a-z0-9-]")
        endif()
    elseif(line MATCHES "^## ")
        if(entryKey AND NOT entryHasUse)
            problem("docs/references.md:${entryLine}: entry '${entryKey}' has no \"Used for:\" line")
        endif()
        set(entryKey "")
    elseif(line MATCHES "^Used for:")
        set(entryHasUse TRUE)
    endif()
endforeach()
if(entryKey AND NOT entryHasUse)
    problem("docs/references.md:${entryLine}: entry '${entryKey}' has no \"Used for:\" line")
endif()
list(LENGTH keys keyCount)
if(keyCount EQUAL 0)
    problem("docs/references.md: defines no '### KEY' entries")
endif()

# --- the files to scan --------------------------------------------------------------------
set(files "")
foreach(dir model catalogs solvers ui app docs projects)
    if(IS_DIRECTORY "${SOURCE_DIR}/${dir}")
        file(GLOB_RECURSE found LIST_DIRECTORIES false RELATIVE "${SOURCE_DIR}"
             "${SOURCE_DIR}/${dir}/*")
        list(APPEND files ${found})
    endif()
endforeach()
list(FILTER files INCLUDE REGEX
     "\\.(h|hh|hpp|c|cc|cpp|cxx|json|md|txt|cmake|in|qml|ui|qrc|py|sh|yml|yaml|csv)$")
# references.md names the old citation forms on purpose (how to cite).
list(REMOVE_ITEM files "docs/references.md")
list(SORT files)

set(oldHandbook "(\\[[^]]*[Hh]andbook|[Hh]andbook +(README|mission|glossary|parts|fabric|facility|performance|reliability)|[Hh]andbook +§)")
set(oldSection "(^|[^A-Za-z0-9_/.-])(mission|glossary|parts|fabric|facility|reliability)\\.md +§")
set(oldTag "\\[([^]]*[^A-Za-z0-9_])?(Z1|Z2|Z3|CM|CH|SemiAnalysis|OIF|EIA)([^A-Za-z0-9_-]|$)")
set(refPattern "(^|[^A-Za-z0-9_])ref:[a-z0-9][a-z0-9-]*")

set(citations 0)
set(citingFiles 0)
set(usedKeys "")
foreach(rel IN LISTS files)
    file(READ "${SOURCE_DIR}/${rel}" whole)
    # Most files cite nothing: skip them without splitting into lines.
    if(NOT whole MATCHES "ref:|[Hh]andbook|Z1|Z2|Z3|CM|CH|SemiAnalysis|OIF|EIA|\\.md +§")
        continue()
    endif()
    read_lines("${SOURCE_DIR}/${rel}" lines)
    set(lineNo 0)
    set(fileCites FALSE)
    foreach(line IN LISTS lines)
        math(EXPR lineNo "${lineNo} + 1")
        restore_line(line)
        if(line MATCHES "${oldHandbook}")
            problem("${rel}:${lineNo}: old handbook citation '${CMAKE_MATCH_1}': cite the original source as [ref:KEY]")
        endif()
        if(line MATCHES "${oldSection}")
            problem("${rel}:${lineNo}: handbook section reference '${CMAKE_MATCH_2}.md §': cite the original source as [ref:KEY]")
        endif()
        if(line MATCHES "${oldTag}")
            problem("${rel}:${lineNo}: bare source tag '${CMAKE_MATCH_2}': use its key from docs/references.md as [ref:KEY]")
        endif()
        # Brackets, semicolons and backslashes would break the list of matches: blank them.
        string(REGEX REPLACE "[][;\\]" " " plain "${line}")
        string(REGEX MATCHALL "${refPattern}" refs "${plain}")
        foreach(ref IN LISTS refs)
            string(REGEX REPLACE "^.*ref:" "" key "${ref}")
            string(REGEX REPLACE "-+$" "" key "${key}")
            math(EXPR citations "${citations} + 1")
            set(fileCites TRUE)
            list(FIND keys "${key}" found)
            if(found EQUAL -1)
                problem("${rel}:${lineNo}: ref:${key} is not defined in docs/references.md")
            else()
                list(APPEND usedKeys "${key}")
            endif()
        endforeach()
    endforeach()
    if(fileCites)
        math(EXPR citingFiles "${citingFiles} + 1")
    endif()
endforeach()

if(problems)
    message(FATAL_ERROR "docs.references: citation problems:\n${problems}")
endif()

list(REMOVE_DUPLICATES usedKeys)
list(LENGTH usedKeys usedCount)
set(unused ${keys})
if(usedKeys)
    list(REMOVE_ITEM unused ${usedKeys})
endif()
list(LENGTH files fileCount)
message(STATUS "docs.references: ${citations} citations of ${usedCount} keys in ${citingFiles} "
               "of ${fileCount} files; ${keyCount} keys defined in docs/references.md")
if(unused)
    string(REPLACE ";" ", " unused "${unused}")
    message(STATUS "docs.references: keys not cited in the scanned files (kept for tests, "
                   "validation or future use): ${unused}")
endif()
