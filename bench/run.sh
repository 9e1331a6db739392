#!/usr/bin/env bash
# The whole benchmark in one command (BENCHMARKS.md): generates the shapes, compiles them, runs
# them and the hand-written floor in process and as processes, times the compiler, and prints the
# table. Needs the build's benchmark targets (the default build makes them).
#   bench/run.sh [BUILD_DIR] [--smoke] [--work-dir DIR] [--json FILE] [--only runtime|startup|llm|stream|serve-stream|compiler|journal|toolcomp|awl|batch|cost]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="$here/../build"
if [[ $# -gt 0 && "$1" != --* ]]; then build="$1"; shift; fi
exec python3 "$here/bench.py" "$build" "$@"
