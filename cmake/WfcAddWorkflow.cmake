# wfc_add_workflow(): one CMake call turns a workflow pack into an executable, as
# protobuf_generate() does for a .proto file — except that the build also knows every file the
# pack reads (schemas, bindings), from the depfile `wfc build` writes. See docs/cmake.md.
#
#   wfc_add_workflow(<target> PACK <file>
#                    [COMPOSITION <name>] [BINDINGS <file>] [NATIVE_TOOLS <src>...]
#                    [OPT 0|1] [OUTPUT_DIR <dir>] [WFC_OPTIONS <opt>...] [STATIC]
#                    [MAX_COST <usd> [PRICES <file>] [COST_MODEL <model>]])
#
# Needs the targets wfc::wfc (the compiler) and wfc::runtime: find_package(wfc) defines them
# (this file is part of the package), and so does wfc's own build.
include_guard(GLOBAL)

# A function runs with the policies in effect where it was defined: Ninja must rewrite the
# depfile's paths (CMP0116 NEW) whatever cmake_minimum_required() the calling project has.
cmake_policy(PUSH)
cmake_policy(VERSION 3.20)
if(POLICY CMP0116)
  cmake_policy(SET CMP0116 NEW)
endif()

function(wfc_add_workflow target)
  set(where "wfc_add_workflow(${target})")
  cmake_parse_arguments(PARSE_ARGV 1 _wfc
    "STATIC"
    "PACK;COMPOSITION;BINDINGS;OPT;OUTPUT_DIR;MAX_COST;PRICES;COST_MODEL"
    "NATIVE_TOOLS;WFC_OPTIONS")

  if(_wfc_UNPARSED_ARGUMENTS)
    message(WARNING "${where}: unknown arguments ignored: ${_wfc_UNPARSED_ARGUMENTS} (the arguments are "
                    "PACK, COMPOSITION, BINDINGS, NATIVE_TOOLS, OPT, OUTPUT_DIR, WFC_OPTIONS, STATIC, MAX_COST, "
                    "PRICES and COST_MODEL)")
  endif()
  # A misspelled keyword after NATIVE_TOOLS or WFC_OPTIONS is taken as one of their values.
  foreach(value IN LISTS _wfc_NATIVE_TOOLS _wfc_WFC_OPTIONS)
    if(value MATCHES "^[A-Z][A-Z0-9_]*$" AND NOT EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${value}")
      message(WARNING "${where}: '${value}' looks like an unknown argument; it is taken as a value of "
                      "NATIVE_TOOLS or WFC_OPTIONS")
    endif()
  endforeach()
  # Errors are SEND_ERROR: every bad call of a project is reported in one configure, which fails.
  foreach(keyword IN LISTS _wfc_KEYWORDS_MISSING_VALUES)
    message(SEND_ERROR "${where}: ${keyword} needs a value")
  endforeach()
  if(_wfc_KEYWORDS_MISSING_VALUES)
    return()
  endif()
  if(NOT DEFINED _wfc_PACK)
    message(SEND_ERROR "${where}: PACK <file> is required: the workflow pack to compile")
    return()
  endif()
  if(DEFINED _wfc_OPT AND NOT _wfc_OPT MATCHES "^[01]$")
    message(SEND_ERROR "${where}: OPT must be 0 or 1 (wfc's -O0 / -O1), not '${_wfc_OPT}'")
    return()
  endif()
  if(TARGET "${target}")
    message(SEND_ERROR "${where}: a target named '${target}' already exists")
    return()
  endif()
  if(NOT TARGET wfc::wfc OR NOT TARGET wfc::runtime)
    message(SEND_ERROR "${where}: the targets wfc::wfc and wfc::runtime are missing; call "
                       "find_package(wfc REQUIRED) first")
    return()
  endif()

  # Absolute paths throughout: the depfile then names absolute files too.
  cmake_path(ABSOLUTE_PATH _wfc_PACK BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE OUTPUT_VARIABLE pack)
  get_source_file_property(pack_generated "${pack}" GENERATED)
  if(NOT EXISTS "${pack}" AND NOT pack_generated)
    message(SEND_ERROR "${where}: PACK '${_wfc_PACK}' does not exist (looked for ${pack})")
    return()
  endif()
  cmake_path(GET pack PARENT_PATH pack_dir)
  if(DEFINED _wfc_OUTPUT_DIR)
    cmake_path(ABSOLUTE_PATH _wfc_OUTPUT_DIR BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}" NORMALIZE
               OUTPUT_VARIABLE output_dir)
  else()
    set(output_dir "${CMAKE_CURRENT_BINARY_DIR}/wfc-generated")
  endif()
  # Named after the target, not the pack's id: CMake must know the output's name without
  # reading the pack, and target names are unique.
  set(cpp "${output_dir}/${target}.wfc.cpp")
  set(depfile "${output_dir}/${target}.wfc.d")

  set(command wfc::wfc build "${pack}" -o "${output_dir}" --output-name "${target}" --depfile "${depfile}"
              --line-directives)
  set(depends wfc::wfc "${pack}")
  if(DEFINED _wfc_COMPOSITION)
    list(APPEND command "--composition=${_wfc_COMPOSITION}")
  endif()
  if(DEFINED _wfc_BINDINGS)
    cmake_path(ABSOLUTE_PATH _wfc_BINDINGS BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE
               OUTPUT_VARIABLE bindings)
    list(APPEND command --bindings "${bindings}")
    list(APPEND depends "${bindings}")
  endif()
  if(DEFINED _wfc_OPT)
    list(APPEND command "-O${_wfc_OPT}")
  endif()
  # The static cost bound (docs/cost.md): the build fails when one run may cost more than MAX_COST.
  if(DEFINED _wfc_MAX_COST)
    list(APPEND command --max-cost "${_wfc_MAX_COST}")
  endif()
  if(DEFINED _wfc_PRICES)
    cmake_path(ABSOLUTE_PATH _wfc_PRICES BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE OUTPUT_VARIABLE prices)
    list(APPEND command --prices "${prices}")
    list(APPEND depends "${prices}")
  endif()
  if(DEFINED _wfc_COST_MODEL)
    list(APPEND command --cost-model "${_wfc_COST_MODEL}")
  endif()
  list(APPEND command ${_wfc_WFC_OPTIONS})

  # The depfile adds every schema file the pack references (and the bindings file) to DEPENDS:
  # editing any of them regenerates the source. wfc rewrites the source only when its text
  # changes, so a touch without a change stops here (Ninja's restat) and nothing recompiles.
  # The pack's directory is the working directory so that messages name "pack.yaml:12" as
  # `wfc compile pack.yaml` would.
  cmake_path(RELATIVE_PATH pack BASE_DIRECTORY "${CMAKE_SOURCE_DIR}" OUTPUT_VARIABLE pack_shown)
  add_custom_command(
    OUTPUT "${cpp}"
    COMMAND ${command}
    DEPENDS ${depends}
    DEPFILE "${depfile}"
    WORKING_DIRECTORY "${pack_dir}"
    COMMENT "wfc build ${pack_shown} (${target})"
    VERBATIM)

  # Generated code is not linted: its style is wfc's, and a finding there is fixed in wfc.
  set_source_files_properties("${cpp}" PROPERTIES GENERATED TRUE SKIP_LINTING TRUE)
  add_executable(${target} "${cpp}" ${_wfc_NATIVE_TOOLS})
  target_link_libraries(${target} PRIVATE wfc::runtime)
  target_compile_features(${target} PRIVATE cxx_std_20)  # generated code uses C++20
  set_target_properties(${target} PROPERTIES WFC_PACK "${pack}" WFC_GENERATED_SOURCE "${cpp}")
  if(CMAKE_VERSION VERSION_LESS 3.27)
    # No SKIP_LINTING before CMake 3.27: the linters are turned off for the whole target.
    set_target_properties(${target} PROPERTIES CXX_CLANG_TIDY "" CXX_CPPCHECK "" CXX_CPPLINT ""
                                               CXX_INCLUDE_WHAT_YOU_USE "")
  endif()

  if(_wfc_STATIC)
    _wfc_link_statically(${target})
  endif()
endfunction()

# Every library `target` links, through the targets it links (each library of the runtime's
# layers links its own dependencies: docs/development.md "Architecture"), `$<LINK_ONLY:…>`
# unwrapped, each once.
function(_wfc_link_closure target out)
  set(pending "${target}")
  set(seen "")
  while(pending)
    list(POP_FRONT pending item)
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" item "${item}")
    if(item IN_LIST seen)
      continue()
    endif()
    list(APPEND seen "${item}")
    if(TARGET "${item}")
      get_target_property(links "${item}" INTERFACE_LINK_LIBRARIES)
      if(links)
        list(APPEND pending ${links})
      endif()
    endif()
  endwhile()
  list(REMOVE_ITEM seen "${target}")
  set(${out} "${seen}" PARENT_SCOPE)
endfunction()

# STATIC: libstdc++ and libgcc, and those of the runtime's libraries whose static archive needs
# nothing but libc (yaml-cpp, RE2), are linked into the executable. glibc and libm stay shared; libcurl is not
# linked at all (the runtime loads it at its first HTTP request; docs/cmake.md).
function(_wfc_link_statically target)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    message(WARNING "wfc_add_workflow(${target}): STATIC is only implemented for GCC and Clang; "
                    "${target} is linked as usual")
    return()
  endif()
  # --as-needed drops the shared libraries the archives made unnecessary (they still come
  # through wfc::runtime's link interface).
  target_link_options(${target} PRIVATE -static-libstdc++ -static-libgcc LINKER:--as-needed)

  _wfc_link_closure(wfc::runtime runtime_links)
  set(archives "")
  foreach(library IN ITEMS yaml-cpp re2 sqlite3)
    if(library STREQUAL "yaml-cpp")
      set(pattern "yaml-cpp")
    elseif(library STREQUAL "re2")
      set(pattern "WFC_RE2|re2")  # pkg-config's imported target, PkgConfig::WFC_RE2
    else()
      set(pattern "SQLite")
    endif()
    if(NOT runtime_links MATCHES "${pattern}")
      continue()  # the runtime does not link it
    endif()
    string(MAKE_C_IDENTIFIER "${library}" variable)
    string(TOUPPER "WFC_${variable}_STATIC_LIBRARY" variable)
    find_library(${variable} NAMES "lib${library}.a"
                 DOC "Static archive of ${library} for wfc_add_workflow(... STATIC)")
    if(${variable})
      list(APPEND archives "${${variable}}")
    else()
      message(STATUS "wfc_add_workflow(${target}): no static lib${library}.a; STATIC links it shared")
    endif()
  endforeach()
  # The archives resolve the runtime's symbols only when they come after the runtime's own
  # libraries on the link line, and before the shared libraries those link: so the runtime's
  # layers (wfc::runtime is an interface over them) are named again here, first.
  set(layers "")
  foreach(item IN LISTS runtime_links)
    if(TARGET "${item}" AND item MATCHES "^wfc(::|_)(runtime_|common)")
      list(APPEND layers "${item}")
    endif()
  endforeach()
  target_link_libraries(${target} PRIVATE ${layers} ${archives})
endfunction()

cmake_policy(POP)
