# The public headers generated code and native tools start with, precompiled for `wfc compile`
# (docs/cli.md "wfc compile"): <wfc/program.h> and <wfc/tool.h> cost ~1 and ~2 s of a small
# pack's compile, nearly all of it the standard library's headers; loaded precompiled, ~0.1 s.
#
# GCC looks for NAME.h.gch in each include directory just before it looks for NAME.h there, and
# uses it when it was built by the same compiler with compatible options: `wfc compile` puts
# WFC_PRECOMPILED_DIR before the headers' own directory and compiles with the options below
# (-std=c++20, -O2, -pthread; built with -g, the files serve `--debug` too). A file that does not
# match (another GCC, other options) is skipped and the header read as usual; other compilers
# never look. Sets WFC_PRECOMPILED_DIR ("" when the compiler is not GCC) and, for GCC, the target
# wfc_precompiled_headers.
set(WFC_PRECOMPILED_DIR "")
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  return()
endif()
set(WFC_PRECOMPILED_DIR ${CMAKE_BINARY_DIR}/precompiled)
set(wfc_precompiled_files)
foreach(header program.h tool.h)
  # Built from a one-line file that includes the header: the header itself as the main file
  # would warn about its #pragma once.
  set(main ${CMAKE_BINARY_DIR}/precompiled-sources/${header})
  file(WRITE ${main}.tmp "#include <wfc/${header}>\n")
  configure_file(${main}.tmp ${main} COPYONLY)
  set(gch ${WFC_PRECOMPILED_DIR}/wfc/${header}.gch)
  add_custom_command(OUTPUT ${gch}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${WFC_PRECOMPILED_DIR}/wfc
    COMMAND ${CMAKE_CXX_COMPILER} -std=c++20 -O2 -g -pthread -I ${PROJECT_SOURCE_DIR}/include
            -x c++-header ${main} -o ${gch} -MD -MF ${gch}.d -MT ${gch}
    DEPENDS ${main}
    DEPFILE ${gch}.d
    COMMENT "Precompiling <wfc/${header}> for wfc compile"
    VERBATIM)
  list(APPEND wfc_precompiled_files ${gch})
endforeach()
add_custom_target(wfc_precompiled_headers ALL DEPENDS ${wfc_precompiled_files})
install(FILES ${wfc_precompiled_files} DESTINATION lib/wfc/precompiled/wfc)
