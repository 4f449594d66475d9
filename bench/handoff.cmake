# SPDX-License-Identifier: Apache-2.0
add_executable(bench_handoff ${CMAKE_CURRENT_LIST_DIR}/bench_handoff.cpp)
target_link_libraries(bench_handoff PRIVATE aidc::handoff)
target_include_directories(bench_handoff PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_definitions(bench_handoff PRIVATE AIDC_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
aidc_set_warnings(bench_handoff)
