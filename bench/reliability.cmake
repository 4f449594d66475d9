# SPDX-License-Identifier: Apache-2.0
# bench_reliability: the whole reliability evaluation of a 100k-GPU project (goal <= 10 ms).
add_executable(bench_reliability ${CMAKE_CURRENT_LIST_DIR}/bench_reliability.cpp)
target_link_libraries(bench_reliability PRIVATE aidc::solver_reliability)
target_include_directories(bench_reliability PRIVATE ${PROJECT_SOURCE_DIR})
aidc_set_warnings(bench_reliability)
