# Runs an executable and compares its standard output with a JSON file, as JSON (key order and
# spacing do not matter). For the examples' tests (examples/CMakeLists.txt).
#
#   cmake -DEXECUTABLE=<exe> -DEXPECTED=<file.json> -P RunAndCompareJson.cmake -- <arguments>...
#
# The arguments may not contain ';' (they become a CMake list).
cmake_minimum_required(VERSION 3.20)

set(arguments "")
set(collect OFF)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE ${last})
  if(collect)
    list(APPEND arguments "${CMAKE_ARGV${i}}")
  elseif(CMAKE_ARGV${i} STREQUAL "--")
    set(collect ON)
  endif()
endforeach()

execute_process(COMMAND ${EXECUTABLE} ${arguments}
  RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${EXECUTABLE} ${arguments} exited with ${status}\nstdout:\n${output}\nstderr:\n${errors}")
endif()
file(READ "${EXPECTED}" expected)
string(JSON equal ERROR_VARIABLE json_error EQUAL "${output}" "${expected}")
if(json_error)
  message(FATAL_ERROR "cannot compare as JSON (${json_error})\nstdout:\n${output}\nexpected (${EXPECTED}):\n${expected}")
endif()
if(NOT equal)
  message(FATAL_ERROR "the output differs from ${EXPECTED}\nstdout:\n${output}\nexpected:\n${expected}\nstderr:\n${errors}")
endif()
message(STATUS "output equals ${EXPECTED}")
