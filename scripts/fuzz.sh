#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (docs/development.md "Fuzzing"). Configures and builds
# the fuzz build (clang 14, ASan + UBSan + libFuzzer's coverage; -DWFC_BUILD_FUZZERS=ON) when it
# is missing or stale, then runs a target on its corpus for SECONDS.
#
#   bash scripts/fuzz.sh [--keep-going] TARGET|all [SECONDS]     # SECONDS default 60
#   bash scripts/fuzz.sh --smoke TARGET|all                       # what CI runs
#
#   TARGET        compiler bindings input events recording llm_replies llm_streams mcp_messages batch_lines journal
#                 serve_requests
#   all           every target, one after the other, SECONDS each
#   --keep-going  do not stop at the first finding: libFuzzer's fork mode (one child at a
#                 time) saves every crash, timeout and out-of-memory input and goes on — for long
#                 runs; the default stops at the first one, as CI wants
#   --smoke       the same inputs at every run (in one checkout): a fixed number of executions per target
#                 (about 20 s each on the 2-core development machine) from seed 1, without
#                 address-space randomisation (setarch -R), starting from the committed seeds
#                 alone (the corpus it grows is thrown away). A run
#                 bounded by time instead tries as many inputs as the machine's speed allows,
#                 so CI would find, or not, by chance; finding new bugs is the long runs' job.
#
# An input that runs longer than 10 s is a timeout and one that needs more than 2 GiB is an
# out-of-memory: both are findings, like crashes and sanitizer reports. Findings are written to
# <build>/fuzz/findings/TARGET/ (the script names the files); the corpus grows in
# <build>/fuzz/corpus/TARGET/ from one run to the next. Seeds: tests/fuzz/corpus/TARGET/ and the
# repository's own files of the target's format (copied to <build>/fuzz/seeds/TARGET/ each run);
# dictionary: tests/fuzz/dict/json.dict + TARGET.dict. Every run appends a line to
# <build>/fuzz/runs.tsv (time, target, seconds it ran, executions, cov, ft, new findings), from
# which docs/development.md's table is made. cov and ft are libFuzzer's last status line's: in
# fork mode (--keep-going) they count differently, so measure a corpus's coverage with
# `<build>/bin/fuzz_TARGET -runs=0 CORPUS...` (its "INITED cov: N ft: N" line).
#
# Environment:
#   WFC_FUZZ_BUILD_DIR   the fuzz build directory (default: <repo>/build-fuzz)
#   WFC_FUZZ_ARGS        more libFuzzer options, e.g. "-max_len=20000 -only_ascii=1"
# A finding: turn it into a regression test (tests/fuzz/regressions/TARGET/, one ctest each in
# the normal build) and fix it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${WFC_FUZZ_BUILD_DIR:-$root/build-fuzz}"
targets=(compiler bindings input events recording llm_replies llm_streams mcp_messages batch_lines journal serve_requests)

# --smoke's executions per target: about 20 s each, as measured by `scripts/fuzz.sh all 20`.
declare -A smoke_runs=([compiler]=4000 [bindings]=100000 [input]=300000 [events]=400000
                       [recording]=100000 [llm_replies]=120000 [llm_streams]=120000 [mcp_messages]=140000
                       [batch_lines]=25000 [journal]=4000
                       [serve_requests]=200000)

keep_going=0 smoke=0
case "${1:-}" in
  --keep-going) keep_going=1; shift ;;
  --smoke) smoke=1; shift ;;
esac
which="${1:-}"
seconds="${2:-60}"
usage() { echo "usage: $0 [--keep-going] {$(IFS='|'; echo "${targets[*]}")|all} [SECONDS] | $0 --smoke TARGET|all" >&2; exit 2; }
[[ -n "$which" ]] || usage
[[ "$seconds" =~ ^[0-9]+$ ]] || usage
if [[ "$which" == all ]]; then
  run=("${targets[@]}")
else
  [[ " ${targets[*]} " == *" $which "* ]] || usage
  run=("$which")
fi

# The build. -O1 as libFuzzer's and ASan's documentation advise; warnings are not errors here:
# this build looks for bugs at run time, and the normal and clang builds hold the warnings line.
if [[ ! -f "$dir/build.ninja" ]]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  cmake -S "$root" -B "$dir" -G Ninja -DWFC_BUILD_FUZZERS=ON -DWFC_WERROR=OFF \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 "${launcher[@]}" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" >/dev/null
fi
cmake --build "$dir" --target "${run[@]/#/fuzz_}"

# Seeds from the repository's own files of each format, beside the committed corpus: packs,
# bindings files, inputs and recordings that the suites and examples keep up to date.
seed_files() {
  case "$1" in
    compiler)
      find "$root/examples" -name pack.yaml
      find "$root/tests/golden/packs" "$root/tests/e2e/packs" "$root/tests/fault/packs" "$root/tests/passes" \
        "$root/tests/diagnostics" \( -name '*.yaml' -o -name '*.json' \) -not -path '*/schemas/*' -not -name 'bindings*' -size -16k ;;
    bindings) find "$root/examples" "$root/tests/golden/packs" "$root/tests/cmake" -name 'bindings*.yaml' ;;
    input) find "$root/examples" -name input.json ;;
    recording) find "$root/examples" -name recording.jsonl ;;
  esac
}

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
status=0
summary=()
for target in "${run[@]}"; do
  work="$dir/fuzz"
  corpus="$work/corpus/$target" seeds="$work/seeds/$target" findings="$work/findings/$target"
  dict="$work/$target.dict" log="$work/$target.log"
  # A smoke run grows a corpus of its own, from nothing, each time: its inputs depend on the
  # committed seeds and the code alone.
  [[ $smoke -eq 1 ]] && corpus="$work/smoke-corpus/$target" && rm -rf "$corpus"
  mkdir -p "$corpus" "$findings"
  rm -rf "$seeds" && mkdir -p "$seeds"
  while IFS= read -r file; do
    rel="${file#"$root"/}"
    cp "$file" "$seeds/${rel//\//_}"
  done < <(seed_files "$target")
  cat "$root/tests/fuzz/dict/json.dict" "$root/tests/fuzz/dict/$target.dict" > "$dict"
  before=$(find "$findings" -type f | wc -l)

  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -dict="$dict"
           -artifact_prefix="$findings/" -print_final_stats=1)
  launch=()
  if [[ $smoke -eq 1 ]]; then
    # A time limit too, ten times what the runs take here, so a machine that is far slower
    # still ends (then with fewer inputs tried). -reload=0: the corpus directory is not re-read
    # on a timer.
    options=(-runs="${smoke_runs[$target]}" -seed=1 -reload=0 -max_total_time=200 -timeout=10 -rss_limit_mb=2048
             -dict="$dict" -artifact_prefix="$findings/" -print_final_stats=1)
    # Address-space randomisation off: some coverage depends on addresses (containers keyed or
    # ordered by pointer), and with it on, two runs of the same commit tried different inputs.
    if setarch -R true 2>/dev/null; then
      launch=(setarch -R)
    else
      echo "fuzz.sh: setarch -R is not allowed here; the smoke run's inputs may differ from run to run" >&2
    fi
  fi
  if [[ $keep_going -eq 1 ]]; then
    options+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  fi
  # shellcheck disable=SC2206  # WFC_FUZZ_ARGS is a list of options
  options+=(${WFC_FUZZ_ARGS:-})
  if [[ $smoke -eq 1 ]]; then
    echo "== fuzz_$target for ${smoke_runs[$target]} executions from seed 1: findings $findings"
  else
    echo "== fuzz_$target for ${seconds} s: corpus $corpus, findings $findings"
  fi
  target_status=0
  started=$SECONDS
  # libFuzzer's first directory is the corpus it writes; the others are read-only seeds.
  (cd "$work" && "${launch[@]}" "$dir/bin/fuzz_$target" "${options[@]}" "$corpus" "$root/tests/fuzz/corpus/$target" "$seeds") \
    >"$log" 2>&1 || target_status=$?

  # The last status line: "#RUNS<TAB>pulse  cov: N ft: N ..." (fork mode: "#RUNS: cov: N ft: N ...").
  last=$(grep -E '^#[0-9]+:?[[:space:]].*cov: ' "$log" | tail -1 || true)
  runs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$last")
  cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
  ft=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")
  elapsed=$((SECONDS - started))
  after=$(find "$findings" -type f | wc -l)
  new=$((after - before))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$elapsed" "${runs:-0}" "${cov:-?}" "${ft:-?}" "$new" \
    >>"$work/runs.tsv"
  summary+=("$(printf '%-13s %6s s %12s executions  cov %6s  ft %6s  %s new finding(s)' "$target" "$elapsed" "${runs:-0}" "${cov:-?}" "${ft:-?}" "$new")")
  if [[ $target_status -ne 0 || $new -gt 0 ]]; then
    status=1
    echo "fuzz.sh: fuzz_$target found a problem (libFuzzer exited with $target_status); its log: $log" >&2
    grep -E 'ERROR: |SUMMARY: |runtime error|Test unit written|invariant failed' "$log" | head -20 >&2 || true
    find "$findings" -type f -newer "$dict" -printf '  finding: %p\n' >&2
    echo "  reproduce: $dir/bin/fuzz_$target FILE" >&2
  fi
done
echo "== fuzzing summary"
printf '%s\n' "${summary[@]}"
exit "$status"
