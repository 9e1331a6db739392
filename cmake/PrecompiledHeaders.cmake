# The public headers generated code and native tools start with, precompiled for `wfc compile`
# (docs/cli.md "wfc compile"): <wfc/program.h> and <wfc/tool.h> cost ~1 and ~2 s of a small
# pack's compile, nearly all of it the standard library's headers; loaded precompiled, ~0.1 s.
#
# GCC looks for NAME.h.gch in each include directory just before it looks for NAME.h there, and
# uses it when it was built by the same compiler with compatible options: installed, the files
# sit beside the headers; in the build tree `wfc compile` puts WFC_PRECOMPILED_DIR before the
# headers' own directory. It compiles with the options below
# (-std=c++20, -O2, -pthread; built with -g, the files serve `--debug` too). A file that does not
# match (another GCC, other options) is skipped and the header read as usual; other compilers
# never look. Sets WFC_PRECOMPILED_DIR ("" when the compiler is not GCC) and, for GCC, the target
# wfc_precompiled_headers.
set(WFC_PRECOMPILED_DIR "")
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  return()
endif()
set(WFC_PRECOMPILED_DIR ${CMAKE_BINARY_DIR}/precompiled)
# The directory mirrors include/wfc (symbolic links): once GCC has loaded wfc/program.h.gch from
# it, a later `#include "wfc/program.h"` (<wfc/registry.h> has one) looks for the header in the
# same directory, and must find it there.
file(GLOB wfc_public_headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/wfc/*.h)
file(MAKE_DIRECTORY ${WFC_PRECOMPILED_DIR}/wfc)
foreach(header ${wfc_public_headers})
  get_filename_component(name ${header} NAME)
  file(CREATE_LINK ${header} ${WFC_PRECOMPILED_DIR}/wfc/${name} SYMBOLIC)
endforeach()
set(wfc_precompiled_files)
foreach(header program.h tool.h)
  # Built from a one-line file that includes the header: the header itself as the main file
  # would warn about its #pragma once.
  set(main ${CMAKE_BINARY_DIR}/precompiled-sources/${header})
  file(WRITE ${main}.tmp "#include <wfc/${header}>\n")
  configure_file(${main}.tmp ${main} COPYONLY)
  set(gch ${WFC_PRECOMPILED_DIR}/wfc/${header}.gch)
  add_custom_command(OUTPUT ${gch}
    COMMAND ${CMAKE_CXX_COMPILER} -std=c++20 -O2 -g -pthread -I ${PROJECT_SOURCE_DIR}/include
            -x c++-header ${main} -o ${gch} -MD -MF ${gch}.d -MT ${gch}
    DEPENDS ${main}
    DEPFILE ${gch}.d
    COMMENT "Precompiling <wfc/${header}> for wfc compile"
    VERBATIM)
  list(APPEND wfc_precompiled_files ${gch})
endforeach()
add_custom_target(wfc_precompiled_headers ALL DEPENDS ${wfc_precompiled_files})
# Installed next to the headers themselves, where GCC looks first.
install(FILES ${wfc_precompiled_files} DESTINATION include/wfc)
