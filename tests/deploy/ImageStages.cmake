# What of the Containerfile can be checked without a container engine (docs/deploy.md "How it is
# tested"), for text-stats (offline: native tools, no LLM):
#   cmake -DWFC=… -DWFC_BUILD_DIR=… -DEXAMPLE=<examples/text-stats> -DSETUP_SCRIPT=<scripts/setup.sh>
#         -DOUT=… -P ImageStages.cmake
# 1. The first stage installs the libraries scripts/setup.sh installs to build wfc; its wfc configure, with the -D options the recipe gives, succeeds on the source
#    `wfc deploy` copied, and the targets the recipe builds exist.
# 2. The first stage's project (project/CMakeLists.txt, wfc_add_workflow(... STATIC)) builds against
#    this build tree (the stage's wfc, built from the same source); its executable needs nothing
#    but glibc (readelf), and runs.
# 3. The libraries the executable loads at run time (libcurl, SQLite) come, on this Debian, from
#    packages the second stage installs.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${ARGN} failed (${status}):\n${out}${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${WFC} deploy pack.yaml --bindings bindings.yaml --native native_tools.cpp --target=k8s-job
                        -o ${OUT}/context WORKING_DIRECTORY ${EXAMPLE} RESULT_VARIABLE status ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "wfc deploy failed (${status}): ${err}")
endif()

# The recipe's instructions, continuation lines joined.
file(READ ${OUT}/context/Containerfile recipe)
string(REPLACE "\\\n" " " recipe "${recipe}")
string(REGEX MATCH "RUN cmake -S /src/wfc [^\n]*" wfc_stage "${recipe}")
string(REGEX MATCHALL "-D[A-Za-z_]+=[^ ]+" wfc_options "${wfc_stage}")
string(REGEX MATCH "--target ([a-z_ ]+)" targets "${wfc_stage}")
string(REGEX REPLACE "^--target " "" targets "${targets}")
separate_arguments(targets UNIX_COMMAND "${targets}")
if(NOT wfc_options OR NOT targets)
  message(FATAL_ERROR "no wfc stage in the Containerfile:\n${recipe}")
endif()

# 1. The build stage installs every library package scripts/setup.sh installs for building wfc:
#    the lines between its "compiler and runtime libraries" comment and the tests' packages.
file(STRINGS ${SETUP_SCRIPT} setup)
set(in_libraries FALSE)
foreach(line IN LISTS setup)
  if(line MATCHES "# compiler and runtime libraries")
    set(in_libraries TRUE)
    continue()
  endif()
  if(line MATCHES "# tests and benchmark")
    break()
  endif()
  if(in_libraries AND NOT line MATCHES "^ *#")
    separate_arguments(words UNIX_COMMAND "${line}")
    foreach(package IN LISTS words)
      string(REPLACE "\n" " " words_of_recipe "${recipe}")
      string(FIND "${words_of_recipe}" " ${package} " at)
      if(at EQUAL -1)
        message(FATAL_ERROR "scripts/setup.sh installs ${package} to build wfc; the Containerfile's build stage "
                            "does not (compiler/deploy/ContainerRecipe.cpp's buildPackages())")
      endif()
    endforeach()
  endif()
endforeach()
if(NOT in_libraries)
  message(FATAL_ERROR "scripts/setup.sh has no 'compiler and runtime libraries' group any more: update this test")
endif()
run(${CMAKE_COMMAND} -S ${OUT}/context/wfc -B ${OUT}/wfc-build -G Ninja ${wfc_options})
run(ninja -C ${OUT}/wfc-build -n ${targets})

# 2.
string(REGEX MATCH "strip /src/project/build/([a-z0-9-]+)" exe "${recipe}")
set(exe ${CMAKE_MATCH_1})
run(${CMAKE_COMMAND} -S ${OUT}/context/project -B ${OUT}/project-build -G Ninja -DCMAKE_BUILD_TYPE=Release
    -Dwfc_DIR=${WFC_BUILD_DIR})
run(ninja -C ${OUT}/project-build)
run(readelf -d ${OUT}/project-build/${exe})
string(REGEX MATCHALL "\\(NEEDED\\)[^\n]*\\[([^]]+)\\]" needed "${out}")
foreach(line IN LISTS needed)
  string(REGEX REPLACE ".*\\[([^]]+)\\].*" "\\1" library "${line}")
  if(NOT library MATCHES "^(libc\\.so\\.6|libm\\.so\\.6|ld-linux-[a-z0-9_-]+\\.so\\.[0-9]+)$")
    message(FATAL_ERROR "the STATIC executable needs ${library}, which debian:12-slim does not have")
  endif()
endforeach()
execute_process(COMMAND ${OUT}/project-build/${exe} --input-json "{\"path\": \"sample.md\"}"
                WORKING_DIRECTORY ${EXAMPLE} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the executable failed (${status}): ${err}")
endif()
string(JSON words GET "${out}" words)
if(NOT words EQUAL 69)
  message(FATAL_ERROR "the executable printed ${out}")
endif()

# 3.
string(REGEX MATCH "FROM debian:12-slim\nRUN apt-get update +&& apt-get install -y --no-install-recommends ([^&]*)&&"
       runtime_stage "${recipe}")
separate_arguments(runtime_packages UNIX_COMMAND "${CMAKE_MATCH_1}")
find_program(DPKG dpkg)
if(DPKG)
  foreach(soname libcurl.so.4 libsqlite3.so.0)
    execute_process(COMMAND ${DPKG} -S "/${soname}" OUTPUT_VARIABLE owners RESULT_VARIABLE status)
    if(status EQUAL 0)
      string(REGEX MATCH "^[^:]+" package "${owners}")
      if(NOT package IN_LIST runtime_packages)
        message(FATAL_ERROR "${soname} is in package ${package}, which the image does not install "
                            "(it installs: ${runtime_packages})")
      endif()
    endif()
  endforeach()
endif()
