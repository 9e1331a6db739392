#!/usr/bin/env bash
# Builds the runtime, the compiler and the examples (whose generated C++ wfc_add_workflow()
# compiles) with clang 14 in Release, warnings as errors: CI runs it next to the GCC build, so
# the project and the code it generates stay warning-free with both compilers
# (docs/development.md "Building").
#
#   bash scripts/build-clang.sh
#
# Environment:
#   WFC_CLANG_BUILD_DIR   the build directory (default: <repo>/build-clang)
#   WFC_CLANG_CXX         the C++ compiler (default: clang++-14, which scripts/setup.sh installs)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${WFC_CLANG_BUILD_DIR:-$root/build-clang}"
cxx="${WFC_CLANG_CXX:-clang++-14}"
cc="${cxx/clang++/clang}"

if ! command -v "$cxx" >/dev/null 2>&1; then
  echo "build-clang.sh: $cxx is not installed (scripts/setup.sh installs clang-14)" >&2
  exit 2
fi

start=$SECONDS
# The tests stay off: they are the GCC build's; what this build checks is that every source,
# and every example's generated C++, compiles warning-free with clang.
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" \
  -DWFC_WERROR=ON -DWFC_BUILD_TESTS=OFF -DWFC_BUILD_EXAMPLES=ON >/dev/null
cmake --build "$dir"
echo "== clang Release build: $((SECONDS - start)) s"
