# SPDX-License-Identifier: Apache-2.0
# Hardening of the shipped programs (issue 22), as Debian's dpkg-buildflags "hardening=+all"
# asks for: position-independent executables, _FORTIFY_SOURCE=2, the strong stack protector,
# stack-clash protection and full RELRO (read-only relocations, bound at load). Release builds
# only: _FORTIFY_SOURCE needs optimisation, and the sanitizer and fuzz presets instrument the
# same checks their own way. tests/install/hardening.cmake checks the linked programs.
include(CheckPIESupported)
check_pie_supported(LANGUAGES CXX)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
add_compile_options("$<$<CONFIG:Release>:-U_FORTIFY_SOURCE;-D_FORTIFY_SOURCE=2>"
    "$<$<CONFIG:Release>:-fstack-protector-strong;-fstack-clash-protection>")
add_link_options("$<$<CONFIG:Release>:LINKER:-z,relro;LINKER:-z,now>")

# Installs a program, without the .comment section (the compilers' version strings), as
# Debian's dh_strip leaves shipped programs (lintian: binary-has-unneeded-section).
function(aidc_install_program target component)
    install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT ${component})
    install(CODE "execute_process(COMMAND \"${CMAKE_OBJCOPY}\" --remove-section=.comment
        \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/$<TARGET_FILE_NAME:${target}>\"
        COMMAND_ERROR_IS_FATAL ANY)" COMPONENT ${component})
endfunction()
