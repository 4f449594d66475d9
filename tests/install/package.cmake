# SPDX-License-Identifier: Apache-2.0
# Builds the Debian packages with CPack and checks the split (issue 22):
# - aidc-planner-cli holds aidc, the catalogs and samples, man page and completions, and
#   depends on no Qt library, its dependencies computed by dpkg-shlibdeps;
# - aidc-planner-gui holds the planner and depends on the CLI package of the same version;
# - the CLI package, unpacked alone into an empty tree, runs `aidc eval` on a sample with no
#   Qt library reachable from the program (none in its ELF dependencies, none in the tree),
#   and, run as root, chrooted into that tree with only the libraries it loads;
# - lintian --pedantic --display-info reports nothing but the overrides the packages carry
#   with their reasons (scripts/deps.sh installs lintian; without it that check is skipped).
# -DBUILD_DIR -DWORK_DIR -DVERSION -DGUI=ON|OFF
find_program(DPKG_DEB dpkg-deb REQUIRED)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(COMMAND ${CMAKE_CPACK_COMMAND} -G DEB -B ${WORK_DIR}
        --config ${BUILD_DIR}/CPackConfig.cmake
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "cpack failed:\n${out}")
endif()
execute_process(COMMAND dpkg --print-architecture OUTPUT_VARIABLE arch
    OUTPUT_STRIP_TRAILING_WHITESPACE)
set(cli ${WORK_DIR}/aidc-planner-cli_${VERSION}_${arch}.deb)
set(gui ${WORK_DIR}/aidc-planner-gui_${VERSION}_${arch}.deb)
if(NOT EXISTS ${cli})
    message(FATAL_ERROR "no CLI package ${cli}:\n${out}")
endif()

function(field deb name out)
    execute_process(COMMAND ${DPKG_DEB} -f ${deb} ${name} OUTPUT_VARIABLE value
        OUTPUT_STRIP_TRAILING_WHITESPACE)
    set(${out} "${value}" PARENT_SCOPE)
endfunction()
# Fails unless the package `deb` lists every one of the remaining arguments; sets `out` to
# its file listing.
function(expect_files deb out)
    execute_process(COMMAND ${DPKG_DEB} -c ${deb} OUTPUT_VARIABLE listing)
    foreach(file IN LISTS ARGN)
        string(REPLACE "+" "\\+" pattern "${file}")
        if(NOT listing MATCHES " ${pattern}\n")
            message(FATAL_ERROR "${deb} lacks ${file}")
        endif()
    endforeach()
    set(${out} "${listing}" PARENT_SCOPE)
endfunction()

# Each package its own synopsis (the first line of Description), then the long text.
field(${cli} Description cliDescription)
field(${gui} Description guiDescription)
if(NOT cliDescription MATCHES "^Planner for AI-training datacenters: command line[^\n]*\n [a-z]")
    message(FATAL_ERROR "the CLI package's description is malformed:\n${cliDescription}")
endif()
if(GUI AND NOT guiDescription MATCHES "^Planner for AI-training datacenters: desktop")
    message(FATAL_ERROR "the GUI package's synopsis is wrong:\n${guiDescription}")
endif()

field(${cli} Depends cliDepends)
string(TOLOWER "${cliDepends}" lower)
if(lower MATCHES "qt")
    message(FATAL_ERROR "the CLI package depends on Qt: ${cliDepends}")
endif()
# Computed by dpkg-shlibdeps: versioned, and naming the libraries aidc links.
foreach(library libc6 "libstdc\\+\\+6" libsqlite3-0 libxlsxwriter)
    if(NOT cliDepends MATCHES "${library}[^,]* \\(>= ")
        message(FATAL_ERROR "the CLI package's Depends lacks a versioned ${library}: ${cliDepends}")
    endif()
endforeach()
expect_files(${cli} cliFiles ./usr/bin/aidc ./usr/share/man/man1/aidc.1.gz
        ./usr/share/bash-completion/completions/aidc ./usr/share/zsh/vendor-completions/_aidc
        ./usr/share/fish/vendor_completions.d/aidc.fish
        ./usr/share/aidc-planner/catalogs/accelerators.json
        ./usr/share/aidc-planner/projects/h100-1k-infiniband.json
        ./usr/share/doc/aidc-planner/docs/cli.md ./usr/share/doc/aidc-planner-cli/copyright
        ./usr/share/doc/aidc-planner-cli/changelog.gz)
if(cliFiles MATCHES "aidc-planner\n" OR cliFiles MATCHES "applications/")
    message(FATAL_ERROR "the CLI package holds a GUI file:\n${cliFiles}")
endif()

if(GUI)
    field(${gui} Depends guiDepends)
    if(NOT guiDepends MATCHES "aidc-planner-cli \\(= ${VERSION}\\)"
       OR NOT guiDepends MATCHES "libqt6widgets6[^,]* \\(>= ")
        message(FATAL_ERROR "the GUI package's Depends are wrong: ${guiDepends}")
    endif()
    expect_files(${gui} guiFiles ./usr/bin/aidc-planner
        ./usr/share/applications/aidc-planner.desktop ./usr/share/mime/packages/aidc-planner.xml
        ./usr/share/man/man1/aidc-planner.1.gz ./usr/share/doc/aidc-planner-gui/copyright)
    if(guiFiles MATCHES "/usr/bin/aidc\n" OR guiFiles MATCHES "catalogs/")
        message(FATAL_ERROR "the GUI package repeats a CLI file:\n${guiFiles}")
    endif()
endif()

# The CLI package alone, unpacked into an empty tree.
set(root ${WORK_DIR}/root)
execute_process(COMMAND ${DPKG_DEB} -x ${cli} ${root} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "dpkg-deb -x failed on ${cli}")
endif()
file(GLOB_RECURSE qtFiles ${root}/*Qt6* ${root}/*qt6*)
if(qtFiles)
    message(FATAL_ERROR "the CLI package ships Qt files: ${qtFiles}")
endif()
execute_process(COMMAND ldd ${root}/usr/bin/aidc OUTPUT_VARIABLE libraries RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR libraries MATCHES "Qt" OR libraries MATCHES "not found")
    message(FATAL_ERROR "the packaged aidc loads Qt or misses a library:\n${libraries}")
endif()
# No overlay of this machine's user (the site's /etc folder cannot be kept out).
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=AIDC_CATALOG_DIR --unset=LD_LIBRARY_PATH
        XDG_DATA_HOME=${WORK_DIR}/no-overlays ${root}/usr/bin/aidc eval ${root}/usr/share/aidc-planner/projects/h100-1k-infiniband.json
    OUTPUT_VARIABLE report ERROR_VARIABLE errors RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT report MATCHES "1,016")
    message(FATAL_ERROR "the packaged aidc eval failed (${status}): ${errors}\n${report}")
endif()

# Stronger, where the test runs as root: a tree holding nothing but the CLI package and the
# C and C++ libraries ldd says its program loads; chrooted into it, `aidc eval` runs where no
# Qt library exists at all.
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
find_program(CHROOT chroot PATHS /usr/sbin /sbin)
if(uid STREQUAL "0" AND CHROOT)
    string(REGEX MATCHALL "/[^ \t\n()]+" paths "${libraries}")
    foreach(path IN LISTS paths)
        get_filename_component(directory "${path}" DIRECTORY)
        file(COPY "${path}" DESTINATION "${root}${directory}" FOLLOW_SYMLINK_CHAIN)
    endforeach()
    file(GLOB_RECURSE qtFiles ${root}/*Qt* ${root}/*qt6*)
    if(qtFiles)
        message(FATAL_ERROR "the chroot holds Qt files: ${qtFiles}")
    endif()
    execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=AIDC_CATALOG_DIR
            --unset=LD_LIBRARY_PATH --unset=XDG_DATA_HOME HOME=/nonexistent
            ${CHROOT} ${root} /usr/bin/aidc eval
            /usr/share/aidc-planner/projects/h100-1k-infiniband.json
        OUTPUT_VARIABLE report ERROR_VARIABLE errors RESULT_VARIABLE status)
    if(errors MATCHES "chroot: cannot change root directory.*Operation not permitted")
        # A container without CAP_SYS_CHROOT: root, but chroot is not allowed. The ldd check
        # and the unpacked run above still hold.
        message(STATUS "chroot not permitted here: the chrooted run is skipped")
    elseif(NOT status EQUAL 0 OR NOT report MATCHES "1,016")
        message(FATAL_ERROR "aidc eval in a chroot without Qt failed (${status}): ${errors}")
    endif()
endif()

find_program(LINTIAN lintian)
if(LINTIAN)
    set(packages ${cli})
    if(GUI)
        list(APPEND packages ${gui})
    endif()
    # The packages carry their overrides, each with its reason (installer/lintian/).
    execute_process(COMMAND ${LINTIAN} --pedantic --display-info
            --fail-on error,warning,info,pedantic ${packages}
        OUTPUT_VARIABLE findings ERROR_VARIABLE findings RESULT_VARIABLE status)
    # The "lengH" override covers bytes the compiler may emit; a build that does not emit them
    # (the unity build of the ci preset) leaves it unused, which is no problem of the package.
    string(REGEX REPLACE "I: [^\n]*unused-override spelling-error-in-binary lengH[^\n]*" ""
           remaining "${findings}")
    if(NOT status EQUAL 0 AND remaining MATCHES "(^|\n)[EWIPX]: ")
        message(FATAL_ERROR "lintian --pedantic found problems:\n${findings}")
    endif()
endif()
