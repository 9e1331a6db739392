# Runs `wfc check PACK` and passes when wfc refuses the pack: exit code 1 and, on standard
# error, the substring recorded for the pack in EXPECTED (lines "FILE<TAB>substring").
#   cmake -DWFC=… -DPACK=…/not-yet/x.yaml -DEXPECTED=…/not-yet/EXPECTED.txt -P ExpectRefusal.cmake
# The substring is read and compared as a string (never as a CMake list), so it may hold ';'.
get_filename_component(name ${PACK} NAME)
file(READ ${EXPECTED} table)
string(REPLACE "\r" "" table "${table}")
set(table "\n${table}\n")
set(key "\n${name}\t")
string(FIND "${table}" "${key}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${EXPECTED} has no line for ${name}: add \"${name}<TAB>expected error text\"")
endif()
string(LENGTH "${key}" key_length)
math(EXPR start "${at} + ${key_length}")
string(SUBSTRING "${table}" ${start} -1 rest)
string(FIND "${rest}" "\n" eol)
string(SUBSTRING "${rest}" 0 ${eol} expected)
if(expected STREQUAL "")
  message(FATAL_ERROR "${EXPECTED}: the line for ${name} has an empty expected text")
endif()

execute_process(COMMAND ${WFC} check ${PACK} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 1)
  message(FATAL_ERROR "wfc check ${name} exited with ${status}, expected 1 (a refusal). If wfc now runs "
                      "this feature, move the pack to ok/ and remove its line from EXPECTED.txt.\n"
                      "stderr:\n${err}")
endif()
string(FIND "${err}" "${expected}" found)
if(found EQUAL -1)
  message(FATAL_ERROR "wfc check ${name} failed, but its standard error lacks the expected text\n"
                      "  expected: ${expected}\nstderr:\n${err}")
endif()
