# The layer check (docs/development.md "Architecture"): fails when a file includes a header of a
# layer above its own. The build runs it (runtime/CMakeLists.txt) whenever a source changes, so an
# include that points up stops the build; tests/cmake runs it on a tree made to break the rule.
#
#   cmake -DROOT=<source tree> [-DSTAMP=<file to touch on success>] -P cmake/CheckLayers.cmake
#
# The places, lowest first. A file belongs to the longest place its path starts with, and may
# include headers of its own place and of places listed before it — never after. Places on one
# line of a `rank` share nothing: neither may include the other. The compiler (compiler/) may
# include only the public headers (include/wfc/) and what it shares with the runtime (common/);
# nothing of the runtime's layers.
set(WFC_LAYERS
  # public headers: what generated code and native tools include
  "include/wfc"
  # shared by the compiler and the runtime: values, YAML, patterns, did-you-mean, bindings files
  "common"
  # runtime/support: utilities that know nothing of programs or runs
  "runtime/support"
  "runtime/support/http"
  "runtime/support/sqlite"
  # runtime/core: running a compiled program
  "runtime/core/trace"
  "runtime/core/tools"
  "runtime/core/llm"
  "runtime/core/cost"
  "runtime/core/journal"
  "runtime/core/run"
  "runtime/core/evals"
  "runtime/core/conversation"
  "runtime/core/awl"
  "runtime/core/scheduler"
  "runtime/core/workflow"
  "runtime/core/chat"
  # runtime/host: the session every mode shares, and the modes
  "runtime/host/otlp"
  "runtime/host/session"
  "runtime/host/chat"
  "runtime/host/mcp_server"
  "runtime/host/serve"
  "runtime/host/batch"
  "runtime/host/registry"
  "runtime/host/cli"
)

if(NOT ROOT)
  message(FATAL_ERROR "CheckLayers.cmake: give -DROOT=<source tree>")
endif()

# The place of a path relative to ROOT (longest prefix), and its rank; -1 when it has none.
function(_wfc_place path out_place out_rank)
  set(best "")
  set(best_rank -1)
  set(rank 0)
  foreach(place IN LISTS WFC_LAYERS)
    string(LENGTH "${place}" length)
    string(FIND "${path}/" "${place}/" at)
    if(at EQUAL 0)
      string(LENGTH "${best}" best_length)
      if(length GREATER best_length)
        set(best "${place}")
        set(best_rank ${rank})
      endif()
    endif()
    math(EXPR rank "${rank} + 1")
  endforeach()
  set(${out_place} "${best}" PARENT_SCOPE)
  set(${out_rank} ${best_rank} PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE files RELATIVE "${ROOT}"
     "${ROOT}/include/wfc/*.h" "${ROOT}/common/*.h" "${ROOT}/common/*.cpp"
     "${ROOT}/runtime/*.h" "${ROOT}/runtime/*.cpp" "${ROOT}/compiler/*.h" "${ROOT}/compiler/*.cpp")
set(problems "")
foreach(file IN LISTS files)
  get_filename_component(dir "${file}" DIRECTORY)
  string(REGEX MATCH "^[^/]+" top "${file}")
  if(top STREQUAL "compiler")
    set(from_place "compiler")
    set(from_rank 1000)
  else()
    _wfc_place("${dir}" from_place from_rank)
    if(from_rank LESS 0)
      list(APPEND problems "${file}: is in no layer: add its folder to WFC_LAYERS in cmake/CheckLayers.cmake")
      continue()
    endif()
  endif()
  file(STRINGS "${ROOT}/${file}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]")
  set(line_number 0)
  foreach(line IN LISTS includes)
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*[\"<]([^\">]+)[\">]")
      continue()
    endif()
    set(header "${CMAKE_MATCH_1}")
    # Where the header is, as the build's include paths find it: next to the file; under the
    # runtime's root (runtime/), the project's (common/…), the public one (include/); or the
    # compiler's. A header none of them has is a system or generated one.
    set(target "")
    foreach(candidate "${dir}/${header}" "runtime/${header}" "${header}" "include/${header}" "compiler/${header}")
      if(EXISTS "${ROOT}/${candidate}" AND NOT IS_DIRECTORY "${ROOT}/${candidate}")
        set(target "${candidate}")
        break()
      endif()
    endforeach()
    if(target STREQUAL "")
      continue()
    endif()
    get_filename_component(target "${target}" ABSOLUTE BASE_DIR "${ROOT}")
    file(RELATIVE_PATH target "${ROOT}" "${target}")
    get_filename_component(target_dir "${target}" DIRECTORY)
    string(REGEX MATCH "^[^/]+" target_top "${target}")
    if(from_place STREQUAL "compiler")
      if(target_top STREQUAL "runtime")
        list(APPEND problems "${file}: includes '${header}' (${target}): the compiler links no runtime layer (what it shares with the runtime goes in common/)")
      endif()
      continue()
    endif()
    if(target_top STREQUAL "compiler")
      list(APPEND problems "${file}: includes '${header}' (${target}): the runtime never includes the compiler")
      continue()
    endif()
    _wfc_place("${target_dir}" to_place to_rank)
    if(to_rank GREATER from_rank)
      list(APPEND problems "${file}: includes '${header}' (${target}): '${to_place}' is a layer above '${from_place}' (move what both need down, or the including code up)")
    endif()
  endforeach()
endforeach()

if(problems)
  list(LENGTH problems count)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "${count} include(s) point up a layer (cmake/CheckLayers.cmake):\n  ${text}")
endif()
if(STAMP)
  file(TOUCH "${STAMP}")
endif()
