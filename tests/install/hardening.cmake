# SPDX-License-Identifier: Apache-2.0
# Checks that each program of a Release build is hardened as cmake/AidcHardening.cmake asks:
# a position-independent executable, full RELRO (a GNU_RELRO segment and BIND_NOW), the stack
# protector and _FORTIFY_SOURCE (the checked __*_chk variants of libc calls are imported).
# Uses hardening-check (Debian devscripts) when it is installed, and readelf either way.
# -DPROGRAMS=a;b
find_program(READELF readelf REQUIRED)
find_program(HARDENING_CHECK hardening-check)
foreach(program IN LISTS PROGRAMS)
    execute_process(COMMAND ${READELF} -W -h -l -d --dyn-syms ${program}
        OUTPUT_VARIABLE elf RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "readelf could not read ${program}")
    endif()
    # What each property looks like in readelf's output, and what its absence means.
    foreach(check
            "Type: +DYN|is not a position-independent executable"
            "GNU_RELRO|has no GNU_RELRO segment (link with -z relro)"
            "BIND_NOW|is not bound at load (link with -z now)"
            "__stack_chk_fail|has no stack protector (__stack_chk_fail not imported)"
            "__[a-z0-9_]+_chk@|imports no fortified libc call (_FORTIFY_SOURCE off?)")
        string(FIND "${check}" "|" bar)
        string(SUBSTRING "${check}" 0 ${bar} pattern)
        math(EXPR bar "${bar} + 1")
        string(SUBSTRING "${check}" ${bar} -1 problem)
        if(NOT elf MATCHES "${pattern}")
            message(FATAL_ERROR "${program} ${problem}")
        endif()
    endforeach()
    if(HARDENING_CHECK)
        execute_process(COMMAND ${HARDENING_CHECK} ${program}
            OUTPUT_VARIABLE report ERROR_VARIABLE report RESULT_VARIABLE status)
        if(NOT status EQUAL 0)
            message(FATAL_ERROR "hardening-check found a gap in ${program}:\n${report}")
        endif()
    endif()
endforeach()
