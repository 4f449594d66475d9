# SPDX-License-Identifier: Apache-2.0
# bench_fabric: fabric topology, graph metrics and cabling of one backend plane (issue 3).
add_executable(bench_fabric ${CMAKE_CURRENT_SOURCE_DIR}/bench_fabric.cpp)
target_link_libraries(bench_fabric PRIVATE aidc::solver_fabric aidc::catalogs)
target_compile_definitions(bench_fabric PRIVATE
    AIDC_CATALOG_DIR="${PROJECT_SOURCE_DIR}/catalogs/data")
aidc_set_warnings(bench_fabric)
