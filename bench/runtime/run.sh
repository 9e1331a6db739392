#!/usr/bin/env bash
# Runtime benchmark (until bench/ grows the full harness): compiles a 1-step and a 1000-step
# chain of no-op native tool steps and an 8-way fan-out of 20 ms waits, then prints the median
# wall time of 20 runs of each, the per-step overhead, start-up time and peak RSS.
#   bench/runtime/run.sh [build-dir]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$here/../.."
wfc="${1:-$root/build}/bin/wfc"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for n in 1 1000; do
  "$root/bench/generate-chain.sh" "$n" | sed 's/^tools:/prompts: {}\ntools:/' > "$out/chain-$n.yaml"
  "$wfc" compile "$out/chain-$n.yaml" --bindings "$here/chain-bindings.yaml" --native "$here/native_tools.cpp" -o "$out/chain-$n"
done
"$wfc" compile "$here/fanout.yaml" --bindings "$here/fanout-bindings.yaml" --native "$here/native_tools.cpp" -o "$out/fanout"
median_ms() {  # command… → median wall milliseconds of 20 runs
  python3 - "$@" <<'PY'
import statistics, subprocess, sys, time
times = []
for _ in range(20):
    t = time.perf_counter()
    subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
    times.append((time.perf_counter() - t) * 1000)
print(f"{statistics.median(times):.3f}")
PY
}
t1=$(median_ms "$out/chain-1" --input-json '{"seed": 1}')
t1000=$(median_ms "$out/chain-1000" --input-json '{"seed": 1}')
tf=$(median_ms "$out/fanout")
rss=$( { /usr/bin/time -f %M "$out/chain-1" --input-json '{"seed": 1}' > /dev/null; } 2>&1 )
echo "process start to exit, 1-step chain: ${t1} ms (median of 20)"
echo "1000-step chain: ${t1000} ms; per-step overhead: $(python3 -c "print(f'{($t1000 - $t1) / 999 * 1000:.2f}')") us"
echo "fan-out of 8 x 20 ms: ${tf} ms wall (process included)"
echo "peak RSS, 1-step chain: ${rss} KB"
