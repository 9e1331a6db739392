# The consumer test of wfc's CMake package (tests/cmake/CMakeLists.txt registers it):
#
#   cmake -DMODE=installed|build-tree|arguments -DWFC_BUILD_DIR=<wfc build> -DCONSUMER_SOURCE=<dir>
#         -DWORK_DIR=<scratch dir> -DNINJA=<ninja> -DCXX_COMPILER=<c++>
#         [-DCXX_FLAGS=<flags> -DEXE_LINKER_FLAGS=<flags>] -P ConsumerTest.cmake
#
# installed:  `cmake --install` wfc's build into WORK_DIR/prefix, build the consumer against it
#             (-DCMAKE_PREFIX_PATH) with STATIC, run it, check what stays dynamic (readelf);
# build-tree: build the consumer against wfc's build tree (-Dwfc_DIR);
# both:       a no-change rebuild does nothing; editing a schema file the pack references
#             (through another's "$ref") regenerates the source and relinks; touching one
#             reruns wfc only (the source is unchanged, so nothing recompiles);
# arguments:  configure a project of bad wfc_add_workflow() calls; check each message.
#
# The consumer is copied into WORK_DIR first: the source tree is never modified.
cmake_minimum_required(VERSION 3.20)

foreach(variable IN ITEMS MODE WFC_BUILD_DIR CONSUMER_SOURCE WORK_DIR NINJA CXX_COMPILER)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "ConsumerTest.cmake needs -D${variable}=...")
  endif()
endforeach()

# run(<output variable> <command>...): runs the command, fails the test if it fails; the output
# variable gets stdout and stderr.
function(run output)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE text ERROR_VARIABLE text)
  if(NOT status EQUAL 0)
    list(JOIN ARGN " " shown)
    message(FATAL_ERROR "failed (${status}): ${shown}\n${text}")
  endif()
  set(${output} "${text}" PARENT_SCOPE)
endfunction()

function(expect_match text regex why)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${why}: expected /${regex}/ in\n${text}")
  endif()
endfunction()

function(expect_no_match text regex why)
  if(text MATCHES "${regex}")
    message(FATAL_ERROR "${why}: did not expect /${regex}/ in\n${text}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(source "${WORK_DIR}/src")
set(build "${WORK_DIR}/build")
file(COPY "${CONSUMER_SOURCE}/" DESTINATION "${source}")
set(configure ${CMAKE_COMMAND} -S "${source}" -B "${build}" -G Ninja "-DCMAKE_MAKE_PROGRAM=${NINJA}"
              "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON
              # wfc's own flags (a sanitizer, say): its runtime needs them at link time.
              "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${EXE_LINKER_FLAGS}")

if(MODE STREQUAL "arguments")
  execute_process(COMMAND ${configure} "-Dwfc_DIR=${WFC_BUILD_DIR}"
    RESULT_VARIABLE status OUTPUT_VARIABLE text ERROR_VARIABLE text)
  if(status EQUAL 0)
    message(FATAL_ERROR "configuring bad calls succeeded:\n${text}")
  endif()
  string(REGEX REPLACE "[ \t\r\n]+" " " flat "${text}")  # CMake wraps its messages
  foreach(expected IN ITEMS
      "wfc_add_workflow(unknown_argument): unknown arguments ignored: OPTIMIZE;2"
      "wfc_add_workflow(unknown_argument): 'STRIP' looks like an unknown argument"
      "wfc_add_workflow(missing_pack): PACK <file> is required"
      "wfc_add_workflow(bad_opt): OPT must be 0 or 1 (wfc's -O0 / -O1), not '3'"
      "wfc_add_workflow(empty_pack): PACK needs a value")
    string(FIND "${flat}" "${expected}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "missing message: ${expected}\nin:\n${text}")
    endif()
  endforeach()
  expect_match("${flat}" "CMake Warning at .*unknown arguments ignored" "the unknown arguments are a warning")
  expect_match("${flat}" "CMake Error at .*PACK <file> is required" "a missing PACK is an error")
  message(STATUS "every bad call was reported")
  return()
endif()

# 1. Configure against an installed wfc or against its build tree.
if(MODE STREQUAL "installed")
  set(prefix "${WORK_DIR}/prefix")
  run(out ${CMAKE_COMMAND} --install "${WFC_BUILD_DIR}" --prefix "${prefix}")
  foreach(file IN ITEMS bin/wfc lib/libwfc_runtime_host.a lib/libwfc_runtime_core.a lib/libwfc_runtime_support.a
                        lib/libwfc_common.a include/wfc/program.h include/wfc/tool.h
                        share/wfc/source/CMakeLists.txt share/wfc/source/runtime/host/cli/Main.cpp
                        share/wfc/source/common/Value.cpp
                        lib/cmake/wfc/wfcConfig.cmake lib/cmake/wfc/wfcConfigVersion.cmake
                        lib/cmake/wfc/wfcTargets.cmake lib/cmake/wfc/WfcAddWorkflow.cmake)
    if(NOT EXISTS "${prefix}/${file}")
      message(FATAL_ERROR "cmake --install did not install ${file}:\n${out}")
    endif()
  endforeach()
  # A GCC build precompiles the public headers for `wfc compile` (cmake/PrecompiledHeaders.cmake).
  if(EXISTS "${WFC_BUILD_DIR}/precompiled/wfc/program.h.gch")
    foreach(file IN ITEMS include/wfc/program.h.gch include/wfc/tool.h.gch)
      if(NOT EXISTS "${prefix}/${file}")
        message(FATAL_ERROR "cmake --install did not install ${file}:\n${out}")
      endif()
    endforeach()
  endif()
  run(out ${configure} "-DCMAKE_PREFIX_PATH=${prefix}" -DCONSUMER_STATIC=ON)
  set(expected_wfc_dir "${prefix}/lib/cmake/wfc")
elseif(MODE STREQUAL "build-tree")
  run(out ${configure} "-Dwfc_DIR=${WFC_BUILD_DIR}")
  set(expected_wfc_dir "${WFC_BUILD_DIR}")
else()
  message(FATAL_ERROR "unknown MODE '${MODE}'")
endif()
file(STRINGS "${build}/CMakeCache.txt" wfc_dir REGEX "^wfc_DIR:")
string(REGEX REPLACE "^[^=]*=" "" wfc_dir "${wfc_dir}")
if(NOT wfc_dir STREQUAL expected_wfc_dir)
  message(FATAL_ERROR "find_package(wfc) found ${wfc_dir}, not ${expected_wfc_dir}")
endif()

# 2. Build and run it.
set(exe "${build}/greeter")
set(generated "${build}/wfc-generated/greeter.wfc.cpp")
run(out ${NINJA} -C "${build}")
expect_match("${out}" "wfc build pack.yaml \\(greeter\\)" "the build runs wfc")
if(NOT EXISTS "${generated}" OR NOT EXISTS "${build}/wfc-generated/greeter.wfc.d")
  message(FATAL_ERROR "no ${generated} or its depfile:\n${out}")
endif()
run(out "${exe}" --input-json [[{"name": "CMake"}]])
file(READ "${source}/expected.json" expected)
string(JSON equal EQUAL "${out}" "${expected}")
if(NOT equal)
  message(FATAL_ERROR "greeter printed\n${out}\nexpected\n${expected}")
endif()

# 3. STATIC: libstdc++, libgcc and yaml-cpp are linked in, so the executable does not need
#    them; what it still needs is listed in docs/cmake.md.
if(MODE STREQUAL "installed")
  find_program(READELF NAMES readelf)
  if(READELF)
    run(needed "${READELF}" -d "${exe}")
    string(REGEX MATCHALL "NEEDED[^\n]*" needed "${needed}")
    list(JOIN needed "\n" needed)
    message(STATUS "greeter (STATIC) needs:\n${needed}")
    expect_match("${needed}" "libc\\.so" "readelf -d lists the needed libraries")
    expect_no_match("${needed}" "libstdc\\+\\+|libgcc_s|libyaml-cpp|libre2" "STATIC links these statically")
    expect_no_match("${needed}" "libcurl" "libcurl is loaded at the first HTTP request, never linked")
  endif()
endif()

# 4. Nothing changed: nothing to do.
run(out ${NINJA} -C "${build}")
expect_match("${out}" "ninja: no work to do" "a rebuild without changes")

# 5. Edit schemas/name.json, which the pack reaches only through a "$ref" in
#    schemas/input.json (its input_schema) — the "imported file" protobuf_generate() misses.
#    Known only from wfc's depfile: the source is regenerated, recompiled and the executable
#    relinked; the native tool is not recompiled.
file(READ "${source}/schemas/name.json" schema)
string(REPLACE "Who to greet" "Who to greet (edited)" schema "${schema}")
file(WRITE "${source}/schemas/name.json" "${schema}")
run(out ${NINJA} -C "${build}" -d explain)
message(STATUS "rebuild after editing schemas/name.json:\n${out}")
expect_match("${out}" "wfc build pack.yaml" "editing the schema reruns wfc")
expect_match("${out}" "Building CXX object [^\n]*greeter\\.wfc\\.cpp\\.o" "the regenerated source is recompiled")
expect_match("${out}" "Linking CXX executable greeter" "the executable is relinked")
expect_no_match("${out}" "native_tools\\.cpp\\.o" "the native tool is untouched")
file(READ "${generated}" text)
expect_match("${text}" "Who to greet \\(edited\\)" "the generated source has the edited schema")
run(out "${exe}" --input-json [[{"name": "CMake"}]])
string(JSON equal EQUAL "${out}" "${expected}")
if(NOT equal)
  message(FATAL_ERROR "after the rebuild greeter printed\n${out}")
endif()
run(out ${NINJA} -C "${build}")
expect_match("${out}" "ninja: no work to do" "a rebuild after the rebuild")

# 6. Touch the pack's input_schema without changing it: wfc runs, leaves the source as it was
#    (same text), so nothing is recompiled or relinked.
file(TOUCH "${source}/schemas/input.json")
run(out ${NINJA} -C "${build}" -d explain)
message(STATUS "rebuild after touching schemas/input.json:\n${out}")
expect_match("${out}" "wfc build pack.yaml" "a touched schema reruns wfc")
expect_no_match("${out}" "Building CXX|Linking CXX" "an unchanged source is not recompiled")
run(out ${NINJA} -C "${build}")
expect_match("${out}" "ninja: no work to do" "a rebuild after the touch")

message(STATUS "consumer (${MODE}): built, ran, rebuilt on a schema edit, and only then")
