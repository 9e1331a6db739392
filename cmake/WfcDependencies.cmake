# Finds every third-party dependency (docs/development.md "Build") and gives each one
# stable imported-target name, so the rest of the build never spells a package's quirks.

# LLVM 14: only libSupport (cl::opt, SourceMgr, edit_distance), linked statically.
# Never llvm-config --cxxflags (it forces -fno-exceptions) and never also libLLVM.so.
find_package(LLVM 14 REQUIRED CONFIG)
llvm_map_components_to_libnames(WFC_LLVM_LIBS support)
add_library(wfc_llvm INTERFACE)
target_include_directories(wfc_llvm SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})
target_compile_definitions(wfc_llvm INTERFACE ${LLVM_DEFINITIONS})
target_link_libraries(wfc_llvm INTERFACE ${WFC_LLVM_LIBS})

# yaml-cpp 0.7 exports the target `yaml-cpp`; later versions `yaml-cpp::yaml-cpp`.
find_package(yaml-cpp REQUIRED)
if(NOT TARGET yaml-cpp::yaml-cpp)
  add_library(yaml-cpp::yaml-cpp ALIAS yaml-cpp)
endif()

# fmt formats text everywhere (docs/development.md "Text"), header-only: neither wfc nor a
# compiled workflow gains a shared library by it, and wfc deploy's STATIC executables stay static.
# A library that formats text compiles fmt's headers in (wfc_use_fmt) instead of linking
# fmt::fmt-header-only: a linked target, even a private one, enters a static library's exported
# link interface, and a consumer of the build tree or of the installed runtime would then need
# fmt's CMake package too. This way it needs nothing.
find_package(fmt REQUIRED)
function(wfc_use_fmt target)
  target_compile_definitions(${target} PRIVATE FMT_HEADER_ONLY=1)
  target_include_directories(${target} SYSTEM PRIVATE
    $<TARGET_PROPERTY:fmt::fmt-header-only,INTERFACE_INCLUDE_DIRECTORIES>)
endfunction()
find_package(nlohmann_json 3.10 REQUIRED)
find_package(Boost 1.74 REQUIRED)   # Boost.Graph is header-only

# RE2: every regular expression that comes from a pack or a run (common/Pattern.h) — linear
# time, no recursion. Debian ships it with pkg-config only.
find_package(PkgConfig REQUIRED)
pkg_check_modules(WFC_RE2 REQUIRED IMPORTED_TARGET GLOBAL re2)

# libcurl: the runtime's HTTP client (LLM providers, http tool bindings). Its headers only: the
# runtime loads libcurl.so.4 with dlopen() at the first HTTP request (runtime/support/http/CurlLibrary.h).
find_package(CURL REQUIRED)

# SQLite: the run journal (--journal, docs/journal.md), through its C API. Debian's libsqlite3.
# The runtime uses its header only and loads the library on demand (runtime/journal/
# SqliteLibrary.h); the tests link it to read journals as any reader would.
find_package(SQLite3 REQUIRED)

# dlopen(): in libc since glibc 2.34 (Debian 12); older systems need libdl. WFC_DL_LIBS is what
# the runtime and `wfc compile`'s link line add for it (empty where libc has it).
include(CheckSymbolExists)
check_symbol_exists(dlopen dlfcn.h WFC_DLOPEN_IN_LIBC)
if(WFC_DLOPEN_IN_LIBC)
  set(WFC_DL_LIBS "")
else()
  set(WFC_DL_LIBS ${CMAKE_DL_LIBS})
endif()
