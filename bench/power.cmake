# bench_power: the whole power/cooling/facility evaluation of a 100k-GPU project (goal <= 20 ms,
# Release). Included from bench/CMakeLists.txt.
add_executable(bench_power ${CMAKE_CURRENT_LIST_DIR}/bench_power.cpp)
target_link_libraries(bench_power PRIVATE aidc::solver_power)
aidc_set_warnings(bench_power)
