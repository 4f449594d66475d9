# SPDX-License-Identifier: Apache-2.0
add_executable(bench_pipeline ${CMAKE_CURRENT_LIST_DIR}/bench_pipeline.cpp)
target_link_libraries(bench_pipeline PRIVATE aidc::solvers)
target_include_directories(bench_pipeline PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_definitions(bench_pipeline PRIVATE AIDC_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
aidc_set_warnings(bench_pipeline)
