# SPDX-License-Identifier: Apache-2.0
# bench_power: the whole power/cooling/facility evaluation of a 100k-GPU project on the shipped
# catalog (goal <= 20 ms, Release). Included from bench/CMakeLists.txt.
add_executable(bench_power ${CMAKE_CURRENT_LIST_DIR}/bench_power.cpp)
target_link_libraries(bench_power PRIVATE aidc::solver_power aidc::solver_common aidc::catalogs)
target_compile_definitions(bench_power PRIVATE
    AIDC_CATALOG_DIR="${PROJECT_SOURCE_DIR}/catalogs/data")
aidc_set_warnings(bench_power)
