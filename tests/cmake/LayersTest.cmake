# The layer check (cmake/CheckLayers.cmake) on trees made for it: one that keeps the rule passes,
# and each way of breaking it fails naming the file and the include — a lower runtime layer
# including a higher one, a core folder including a later core folder, the compiler including a
# runtime layer, a file in a folder no layer names. Then the real tree passes.
#
#   cmake -DCHECK=<cmake/CheckLayers.cmake> -DSOURCE=<project root> -DWORK_DIR=<scratch> -P LayersTest.cmake
file(REMOVE_RECURSE "${WORK_DIR}")

# A tree with one file per layer, each including only what is below it; `extra` adds files.
function(make_tree dir)
  file(WRITE "${dir}/include/wfc/value.h" "#pragma once\n")
  file(WRITE "${dir}/common/Pattern.h" "#pragma once\n#include \"wfc/value.h\"\n")
  file(WRITE "${dir}/runtime/support/Base64.h" "#pragma once\n#include \"common/Pattern.h\"\n")
  file(WRITE "${dir}/runtime/core/tools/Tool.h" "#pragma once\n#include \"support/Base64.h\"\n")
  file(WRITE "${dir}/runtime/core/run/Run.h" "#pragma once\n#include \"core/tools/Tool.h\"\n")
  file(WRITE "${dir}/runtime/core/scheduler/Frame.cpp" "#include \"core/run/Run.h\"\n#include <vector>\n")
  file(WRITE "${dir}/runtime/host/session/Session.h" "#pragma once\n#include \"core/run/Run.h\"\n")
  file(WRITE "${dir}/runtime/host/cli/Main.cpp" "#include \"host/session/Session.h\"\n")
  file(WRITE "${dir}/compiler/sema/Check.cpp" "#include \"common/Pattern.h\"\n#include \"wfc/value.h\"\n")
endfunction()

function(check_tree name expect_failure expected_text)
  set(dir "${WORK_DIR}/${name}")
  execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${dir} -P ${CHECK} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE out)
  if(expect_failure AND rc EQUAL 0)
    message(FATAL_ERROR "${name}: the layer check passed a tree that breaks the rule")
  endif()
  if(NOT expect_failure AND NOT rc EQUAL 0)
    message(FATAL_ERROR "${name}: the layer check refused a tree that keeps the rule:\n${out}")
  endif()
  if(expected_text)
    string(FIND "${out}" "${expected_text}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${name}: expected the message to say\n  ${expected_text}\nit said:\n${out}")
    endif()
  endif()
endfunction()

make_tree("${WORK_DIR}/clean")
check_tree(clean FALSE "")

make_tree("${WORK_DIR}/support-includes-host")
file(APPEND "${WORK_DIR}/support-includes-host/runtime/support/Base64.h" "#include \"host/session/Session.h\"\n")
check_tree(support-includes-host TRUE
  "runtime/support/Base64.h: includes 'host/session/Session.h' (runtime/host/session/Session.h): 'runtime/host/session' is a layer above 'runtime/support'")

make_tree("${WORK_DIR}/run-includes-scheduler")
file(WRITE "${WORK_DIR}/run-includes-scheduler/runtime/core/scheduler/Frame.h" "#pragma once\n")
file(APPEND "${WORK_DIR}/run-includes-scheduler/runtime/core/run/Run.h" "#include \"core/scheduler/Frame.h\"\n")
check_tree(run-includes-scheduler TRUE "'runtime/core/scheduler' is a layer above 'runtime/core/run'")

make_tree("${WORK_DIR}/common-includes-core")
file(APPEND "${WORK_DIR}/common-includes-core/common/Pattern.h" "#include \"runtime/core/run/Run.h\"\n")
check_tree(common-includes-core TRUE "common/Pattern.h: includes 'runtime/core/run/Run.h'")

make_tree("${WORK_DIR}/compiler-includes-runtime")
file(APPEND "${WORK_DIR}/compiler-includes-runtime/compiler/sema/Check.cpp" "#include \"runtime/support/Base64.h\"\n")
check_tree(compiler-includes-runtime TRUE "the compiler links no runtime layer")

make_tree("${WORK_DIR}/unplaced")
file(WRITE "${WORK_DIR}/unplaced/runtime/extras/Loose.cpp" "#include \"support/Base64.h\"\n")
check_tree(unplaced TRUE "runtime/extras/Loose.cpp: is in no layer")

# And the project itself.
execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${SOURCE} -P ${CHECK} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the project's own tree breaks the layer rule:\n${out}")
endif()
