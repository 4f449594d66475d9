# One place for warning flags. Targets opt in with aidc_set_warnings(<target>).
function(aidc_set_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
        -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Woverloaded-virtual
        -Wnull-dereference -Wdouble-promotion -Wimplicit-fallthrough)
    if(AIDC_WARNINGS_AS_ERRORS)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()

# The Qt-free core: fail the configure step if a core target links any Qt module.
function(aidc_assert_qt_free target)
    get_target_property(libs ${target} LINK_LIBRARIES)
    foreach(lib IN LISTS libs)
        if(lib MATCHES "^Qt[0-9]*::")
            message(FATAL_ERROR "${target} links ${lib}: model, catalogs and solvers must stay Qt-free")
        endif()
    endforeach()
endfunction()
