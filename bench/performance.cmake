# SPDX-License-Identifier: Apache-2.0
# Included from bench/CMakeLists.txt: timing of the analytical performance model.
add_executable(bench_performance ${CMAKE_CURRENT_LIST_DIR}/bench_performance.cpp)
target_link_libraries(bench_performance PRIVATE aidc::solver_performance)
aidc_set_warnings(bench_performance)
