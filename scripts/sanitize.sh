#!/usr/bin/env bash
# Builds the runtime, the test support, the runtime's suites (tests/runtime) and the
# fault-injection suite (tests/fault) with a sanitizer, then runs those suites: any sanitizer
# report fails the run. The compiler is not rebuilt: packs are compiled by the normal build's
# wfc (-DWFC_EXECUTABLE), and their generated code and the runtime get the sanitizer's flags.
#
#   bash scripts/sanitize.sh [address|thread|all]     # default: all
#
#   address  build-asan/: -fsanitize=address,undefined -fno-sanitize-recover=all (leaks included)
#   thread   build-tsan/: -fsanitize=thread
#
# Needs the normal build first (scripts/setup.sh): build/bin/wfc. Environment:
#   WFC_EXECUTABLE        the wfc to compile packs with (default: $WFC_BUILD_DIR/bin/wfc, where
#                         scripts/setup.sh built it; build/bin/wfc)
#   WFC_SANITIZE_PREFIX   where the build directories go: <prefix>asan, <prefix>tsan
#                         (default: <repo>/build-)
#   WFC_SANITIZE_TESTS    the ctest -R regex of the suites to run (default: ^(fault|runtime)/)
#
# Suppressions (documented false positives only, one reason per entry) are in
# scripts/sanitizers/. See docs/development.md and docs/resilience.md.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
which="${1:-all}"
wfc="${WFC_EXECUTABLE:-${WFC_BUILD_DIR:-$root/build}/bin/wfc}"
prefix="${WFC_SANITIZE_PREFIX:-$root/build-}"
tests="${WFC_SANITIZE_TESTS:-^(fault|runtime)/}"
supp="$root/scripts/sanitizers"

case "$which" in
  address|thread) sanitizers=("$which") ;;
  all) sanitizers=(address thread) ;;
  *) echo "usage: $0 [address|thread|all]" >&2; exit 2 ;;
esac
if [[ ! -x "$wfc" ]]; then
  echo "sanitize.sh: no wfc at $wfc: build the project first (bash scripts/setup.sh), or set WFC_EXECUTABLE" >&2
  exit 2
fi

# Every sanitizer report is fatal (halt_on_error; UBSan is -fno-sanitize-recover=all too) and
# exits with a status no test expects, so the test that ran the sanitized program fails. The
# options reach every sanitized process the tests start — the suites' binaries, the test LLM
# server, the compiled workflows — and each report is also written to <build>/sanitizer-reports/
# (log_path), so a report from a process whose exit status no test reads (a server stopped at the
# end of a test) fails this script all the same.
common="halt_on_error=1:print_suppressions=0"
for sanitizer in "${sanitizers[@]}"; do
  case "$sanitizer" in
    address) dir="${prefix}asan" ;;
    thread) dir="${prefix}tsan" ;;
  esac
  reports="$dir/sanitizer-reports"
  echo "== $sanitizer sanitizer: $dir"
  start=$SECONDS
  # ASan at -O0: every check works there, stacks are exact, and it compiles about a third faster
  # than at -O1 (code generation of the template-heavy sources dominates the build). TSan at
  # -O1, as its documentation advises: at -O0 its instrumentation makes byte-pushing code
  # (ExecToolTest's 2 MiB round trip) several times slower than the suites' time limits allow.
  # Both keep assertions (no NDEBUG). -g1: line tables and function names, all a sanitizer's
  # report needs for its stacks (file:line, inlined frames); full -g made each of the trees'
  # executables carry the runtime's variable and type information — gigabytes a tree, which once
  # filled a CI machine's disk mid-link. (gdb still steps by line; `-g` by hand for variables.)
  case "$sanitizer" in
    address) opt="-O0 -g1" ;;
    thread) opt="-O1 -g1" ;;
  esac
  cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$opt" -DCMAKE_C_FLAGS_RELWITHDEBINFO="$opt" \
    -DWFC_SANITIZE="$sanitizer" -DWFC_EXECUTABLE="$wfc" -DWFC_WERROR=ON >/dev/null
  cmake --build "$dir"
  built=$SECONDS

  rm -rf "$reports" && mkdir -p "$reports"
  export ASAN_OPTIONS="$common:exitcode=86:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:log_path=$reports/asan"
  export UBSAN_OPTIONS="$common:print_stacktrace=1:exitcode=87:log_path=$reports/ubsan"
  export LSAN_OPTIONS="$common:suppressions=$supp/lsan.supp"
  export TSAN_OPTIONS="$common:second_deadlock_stack=1:exitcode=88:suppressions=$supp/tsan.supp:log_path=$reports/tsan"
  status=0
  ctest --test-dir "$dir" -R "$tests" -j2 --output-on-failure || status=$?
  unset ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS TSAN_OPTIONS
  # LeakSanitizer's exit-time check stops every thread with ptrace; when a test kills the process
  # (SIGKILL at a random moment: tests/fault's journal crash tests) while that check is running,
  # the tracer, which outlives its victim for a moment, logs "Unable to get registers from thread
  # N." and scans nothing more. That line alone is not a finding (no leak, no error, and the
  # process it names was killed on purpose); a file holding only such lines is set aside, and any
  # other line in any report still fails the run.
  found=0
  for report in "$reports"/*; do
    [[ -e "$report" ]] || continue
    if [[ -s "$report" ]] && ! grep -qv -E '^==[0-9]+==Unable to get registers from thread [0-9]+\.$' "$report"; then
      echo "---- $report: only LeakSanitizer's note on a thread killed during its exit-time check; not a finding"
      continue
    fi
    echo "---- $report"
    cat "$report"
    found=1
  done
  if [[ $found -eq 1 ]]; then
    echo "sanitize.sh: the $sanitizer sanitizer reported the problems above" >&2
    status=1
  fi
  echo "== $sanitizer sanitizer: built in $((built - start)) s, tested in $((SECONDS - built)) s"
  [[ $status -eq 0 ]] || exit "$status"
done
