#!/usr/bin/env bash
# Installs every Debian package wfc's build and tests need on a fresh Debian 12 machine,
# then configures and builds the project with Ninja into ./build.
#
#   bash scripts/setup.sh            # install packages (as root, or through sudo), configure, build
#   WFC_SKIP_APT=1 bash scripts/setup.sh   # configure and build only
#
# Idempotent: re-running it only rebuilds what changed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${WFC_BUILD_DIR:-$root/build}"
build_type="${WFC_BUILD_TYPE:-RelWithDebInfo}"

packages=(
  # toolchain
  cmake ninja-build pkg-config g++ git ca-certificates
  # every build tree compiles through it (CMakeLists.txt): CI's fresh clone reuses this machine's objects
  ccache
  # compiler and runtime libraries (docs/development.md "Build")
  libyaml-cpp-dev libfmt-dev libboost-graph-dev nlohmann-json3-dev
  libcurl4-openssl-dev libsqlite3-dev llvm-14-dev libre2-dev
  # --serve's HTTP server (docs/serve.md): its header at build time; the runtime loads the library
  # (libmicrohttpd12, which -dev brings) when a server starts
  libmicrohttpd-dev
  # AWL's read-file parses TOML (Cargo.toml, pyproject.toml) with toml++
  libtomlplusplus-dev
  # tests and benchmark: clang-format-14 checks the generated C++ goldens, llvm-14-tools has
  # FileCheck for the per-pass tests, GNU time measures peak memory in bench/
  libcpp-httplib-dev libgtest-dev libgmock-dev libbenchmark-dev libvalijson-dev
  clang-format-14 llvm-14-tools time
  # the second compiler and fuzzing: CI builds with clang 14 too (scripts/build-clang.sh), the
  # generated C++ goldens are compiled with both, and scripts/fuzz.sh needs clang's libFuzzer and
  # sanitizer runtimes, which are in libclang-rt-14-dev (clang-14 only recommends it, and
  # recommends are not installed here)
  clang-14 libclang-rt-14-dev
  # --serve's tests and load run: the web page in a real headless browser, curl for the smoke
  # test (tests/e2e/serve-smoke.sh), wrk against POST /runs?wait=true (bench/serve-load.sh)
  chromium curl wrk
  # test doubles run as real processes (exec tools, a fake MCP server) and the benchmark driver
  python3
)

# The mcp binding's tests run real MCP servers from npm (tests/mcp/): Node.js 20 or later. Machines
# that have it (from NodeSource, with its own npm) keep it; Debian's packages are the fallback.
if ! command -v npm >/dev/null 2>&1; then packages+=(nodejs npm); fi

if [[ -z "${WFC_SKIP_APT:-}" ]]; then
  if [[ $(id -u) -eq 0 ]]; then sudo=(); else sudo=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${packages[@]}"
fi

# The npm packages the tests use, pinned by their package-lock.json files: tests/mcp/ (MCP servers
# and the official SDK's client), tests/serve/ (an OpenAPI validator, puppeteer-core for the web
# page in chromium, OpenTelemetry's OTLP definitions for a test collector, the official openai
# client and AG-UI's client for the streaming endpoints) and tests/deploy/ (the
# Kubernetes and Argo Workflows schemas wfc deploy's manifests are validated against); reinstalled
# only when a lock file changed. WFC_SKIP_NPM=1 skips this (those tests then skip themselves).
if [[ -z "${WFC_SKIP_NPM:-}" ]]; then
  for dir in "$root/tests/mcp" "$root/tests/serve" "$root/tests/deploy"; do
    if [[ ! -f "$dir/node_modules/.package-lock.json" || "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]]; then
      (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    fi
  done
fi

# A development build: warnings are errors here (WFC_WERROR; a plain CMake build leaves them
# warnings).
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" -DWFC_WERROR=ON
cmake --build "$build_dir"
