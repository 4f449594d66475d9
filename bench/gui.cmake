# SPDX-License-Identifier: Apache-2.0
# bench_gui: the planner window's start and refresh latency (issue 8); needs the GUI library.
if(TARGET aidc_ui)
    add_executable(bench_gui ${CMAKE_CURRENT_LIST_DIR}/bench_gui.cpp)
    target_link_libraries(bench_gui PRIVATE aidc::ui)
    target_include_directories(bench_gui PRIVATE ${PROJECT_SOURCE_DIR})
    target_compile_definitions(bench_gui PRIVATE AIDC_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
    aidc_set_warnings(bench_gui)
endif()
