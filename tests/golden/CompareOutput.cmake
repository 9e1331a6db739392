# Runs a command and compares its standard output (-DSTREAM=stderr: its standard error) with a
# checked-in golden file.
#   cmake -DCOMMAND="wfc;build;pack.yaml;--emit=ir" -DWORKDIR=… -DGOLDEN=… -P CompareOutput.cmake
# On a difference the actual output is written next to the build's copy and the test fails
# with the command that refreshes the goldens (tests/golden/update.sh). With WFC_UPDATE_GOLDENS=1
# in the environment it rewrites the golden instead.
execute_process(COMMAND ${COMMAND} WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE actual ERROR_VARIABLE errors RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "command failed (${status}): ${COMMAND}\n${errors}")
endif()
if(STREAM STREQUAL "stderr")
  set(actual "${errors}")
endif()
if(DEFINED ENV{WFC_UPDATE_GOLDENS} AND NOT "$ENV{WFC_UPDATE_GOLDENS}" STREQUAL "0")
  file(WRITE ${GOLDEN} "${actual}")  # the --update mode: accept the new output
  return()
endif()
file(READ ${GOLDEN} expected)
if(NOT actual STREQUAL expected)
  get_filename_component(name ${GOLDEN} NAME)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${name}.actual)
  file(WRITE ${out} "${actual}")
  message(FATAL_ERROR "output differs from ${GOLDEN}\n  actual output: ${out}\n"
                      "  diff -u ${GOLDEN} ${out}\n"
                      "If the change is intended, run tests/golden/update.sh and commit the result.")
endif()
