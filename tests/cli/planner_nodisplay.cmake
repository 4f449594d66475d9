# SPDX-License-Identifier: Apache-2.0
# aidc-planner without a display (issue 22): --version and --help answer, a plain start says why
# it cannot run and exits 2 instead of aborting in the Qt platform plugin.
#   cmake -DPLANNER=path/to/aidc-planner -DVERSION=x.y.z -P planner_nodisplay.cmake
set(clean env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM)
execute_process(COMMAND ${clean} ${PLANNER} --version OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT out MATCHES "aidc-planner ${VERSION}")
    message(FATAL_ERROR "--version without a display: exit ${status}, '${out}' '${err}'")
endif()
execute_process(COMMAND ${clean} ${PLANNER} --help OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT out MATCHES "--screenshot")
    message(FATAL_ERROR "--help without a display: exit ${status}, '${out}' '${err}'")
endif()
execute_process(COMMAND ${clean} ${PLANNER} OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE status)
if(NOT status EQUAL 2 OR NOT err MATCHES "no display")
    message(FATAL_ERROR "a start without a display: exit ${status}, '${err}'")
endif()
# The man page comes from the option table behind --help: every option of --help is in it.
execute_process(COMMAND ${clean} ${PLANNER} --man OUTPUT_VARIABLE man ERROR_VARIABLE err
                RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT man MATCHES "^\\.TH AIDC-PLANNER 1")
    message(FATAL_ERROR "--man without a display: exit ${status}, '${man}' '${err}'")
endif()
execute_process(COMMAND ${clean} ${PLANNER} --help OUTPUT_VARIABLE help)
string(REGEX MATCHALL "--[a-z-]+" options "${help}")
list(REMOVE_DUPLICATES options)
list(REMOVE_ITEM options --help-all)
foreach(option IN LISTS options)
    string(REPLACE "-" "\\-" escaped "${option}")
    string(FIND "${man}" "${escaped}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "aidc-planner --help lists ${option}, its man page does not")
    endif()
endforeach()
