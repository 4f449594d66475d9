# SPDX-License-Identifier: Apache-2.0
add_executable(bench_uncertainty ${CMAKE_CURRENT_LIST_DIR}/bench_uncertainty.cpp)
target_link_libraries(bench_uncertainty PRIVATE aidc::uncertainty)
target_include_directories(bench_uncertainty PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_definitions(bench_uncertainty PRIVATE AIDC_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
aidc_set_warnings(bench_uncertainty)
