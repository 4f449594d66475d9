# SPDX-License-Identifier: Apache-2.0
# bench_batch: batch throughput on a 10k- and a 100k-GPU project and a 1,000-variant sweep
# (issue 9: >= 50 evaluations/s of a 10k-GPU project on this 2-core machine).
add_executable(bench_batch ${CMAKE_CURRENT_LIST_DIR}/bench_batch.cpp)
target_link_libraries(bench_batch PRIVATE aidc::batch)
target_include_directories(bench_batch PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_definitions(bench_batch PRIVATE AIDC_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
aidc_set_warnings(bench_batch)
