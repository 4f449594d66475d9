# SPDX-License-Identifier: Apache-2.0
# bench_cost: the cost solver and its SQLite price book (issue 5).
add_executable(bench_cost ${CMAKE_CURRENT_SOURCE_DIR}/bench_cost.cpp)
target_link_libraries(bench_cost PRIVATE aidc::solver_cost)
aidc_set_warnings(bench_cost)
