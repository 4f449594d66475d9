# SPDX-License-Identifier: Apache-2.0
add_executable(bench_optimize ${CMAKE_CURRENT_LIST_DIR}/bench_optimize.cpp)
target_link_libraries(bench_optimize PRIVATE aidc::optimize)
target_include_directories(bench_optimize PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_definitions(bench_optimize PRIVATE AIDC_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
aidc_set_warnings(bench_optimize)
