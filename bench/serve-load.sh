#!/usr/bin/env bash
# Load on --serve (docs/serve.md; BENCHMARKS.md "serve mode"): wrk against POST /runs?wait=true of
# tests/e2e/packs/serve-flow.yaml, whose prompt step calls the test LLM server, each reply held
# DELAY_MS. The same wrk against the LLM server alone gives the LLM's own latency; the difference
# is what serving a run costs. Then it checks that no run was lost or duplicated: the 200s wrk
# got, the runs the journal has succeeded, the server's metrics and the LLM requests the test
# server logged must all agree. Prints a table; exits 1 when they do not agree.
#
#   bench/serve-load.sh [BUILD_DIR] [SECONDS] [CONNECTIONS] [DELAY_MS] [MAX_RUNS]
#
# Loopback only; wrk's run is bounded by SECONDS; everything it starts it stops.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "${1:-$root/build}" && pwd)" seconds="${2:-15}" connections="${3:-32}" delay="${4:-20}" max_runs="${5:-64}"
exe="$build/tests/e2e/exe/serve-flow" llm="$build/bin/wfc_test_llm_server"
[[ -x "$exe" && -x "$llm" ]] || { echo "build first: ninja -C $build tests/e2e/exe/serve-flow wfc_test_llm_server" >&2; exit 2; }
command -v wrk >/dev/null || { echo "wrk is not installed (scripts/setup.sh installs it)" >&2; exit 2; }

dir="$(mktemp -d)"
llm_pid="" server_pid=""
cleanup() {
  set +e
  [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null
  [[ -n "$llm_pid" ]] && kill "$llm_pid" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT

echo "{\"replies\": [{\"delay_ms\": $delay, \"reply\": {\"content\": \"a draft\"}}]}" > "$dir/script.json"
# A keep-alive connection holds a worker of the test server between requests (and httplib polls
# each idle one every 10 ms): with more than 64 runs at once, connections are not kept and there
# is a worker per run, or runs would wait for workers held by idle connections and this would
# measure the test server.
llm_args=()
(( max_runs > 64 )) && llm_args=(--no-keep-alive --workers "$(( max_runs > 4096 ? 4096 : max_runs ))")
"$llm" --script "$dir/script.json" --log "$dir/llm.log" "${llm_args[@]}" > "$dir/llm.out" 2> "$dir/llm.err" &
llm_pid=$!
for _ in $(seq 100); do grep -q listening "$dir/llm.out" && break; sleep 0.05; done
llm_port="$(sed -n 's/^listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$dir/llm.out")"

printf 'tools:\n  route: { mock: { template: { event: "{{args.event}}" } } }\n  publish: { mock: { template: { published: "{{args.text}}" } } }\n' > "$dir/bindings.yaml"
(cd "$dir" && exec "$exe" --serve 127.0.0.1:0 --max-runs "$max_runs" --bindings bindings.yaml \
   --llm-base-url "http://127.0.0.1:$llm_port/v1" --model bench 2> serve.err) &
server_pid=$!
for _ in $(seq 200); do grep -q 'serving ' "$dir/serve.err" 2>/dev/null && break; sleep 0.05; done
base="$(sed -n 's|.* on \(http://127.0.0.1:[0-9]*\)/ .*|\1|p' "$dir/serve.err")"
[[ -n "$base" ]] || { echo "the server did not start:" >&2; cat "$dir/serve.err" >&2; exit 1; }

# wrk's Lua: one body for every request, and each thread's count of responses by status.
cat > "$dir/post.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = os.getenv("WRK_BODY")
-- Each thread counts responses by status and writes the run id of each 200 to a file of its own.
local threads, counter = {}, 0
setup = function(thread)
  counter = counter + 1
  thread:set("number", counter)
  table.insert(threads, thread)
end
ok, other = 0, 0
init = function(args)
  local out = os.getenv("WRK_IDS")
  ids = out and io.open(out .. "." .. number, "w") or nil
end
response = function(status, headers, body)
  if status == 200 then
    ok = ok + 1
    local id = ids and string.match(body, '"id":"(%x+)"')
    if id then ids:write(id, "\n"); ids:flush() end
  else
    other = other + 1
  end
end
done = function(summary, latency, requests)
  local o, x = 0, 0
  for _, t in ipairs(threads) do o = o + t:get("ok"); x = x + t:get("other") end
  io.write(string.format("STATUS ok=%d other=%d\n", o, x))
  io.write(string.format("LATENCY p50=%.3f p99=%.3f mean=%.3f\n", latency:percentile(50) / 1000,
                         latency:percentile(99) / 1000, latency.mean / 1000))
  io.write(string.format("RATE %.1f\n", summary.requests / (summary.duration / 1e6)))
end
LUA
threads=2
# wrk [CONNECTIONS] URL BODY OUT [IDS]: one timed wrk run, its summary in OUT.
load() {
  WRK_BODY="$3" WRK_IDS="${5:-}" wrk -t"$threads" -c"$1" -d"${seconds}s" --timeout 30s -s "$dir/post.lua" "$2" > "$4"
}
llm_url="http://127.0.0.1:$llm_port/v1/chat/completions"
llm_body='{"model": "bench", "messages": [{"role": "system", "content": "WRITER: write two lines on the topic."}, {"role": "user", "content": "load"}]}'
run_body='{"topic": "load", "next": "done"}'
# One connection: the latency of a run against the LLM's own, nothing waiting on anything else.
# The LLM's is measured with curl (libcurl, as the runs call it; wrk's requests to the test server
# meet Nagle's algorithm and wait 40 ms more).
for _ in $(seq 300); do
  curl -sS -o /dev/null -w '%{time_total}\n' -X POST "$llm_url" -H 'Content-Type: application/json' -d "$llm_body"
done | sort -n | awk '{v[NR] = $1 * 1000} END {printf "LATENCY p50=%.3f p99=%.3f\n", v[int(NR * 0.5)], v[int(NR * 0.99)]}' \
  > "$dir/llm-1.txt"
threads=1
load 1 "$base/runs?wait=true" "$run_body" "$dir/serve-1.txt" "$dir/ids-1"
# Many: throughput.
threads=2
llm_before="$(grep -c . "$dir/llm.log" || true)"
load "$connections" "$base/runs?wait=true" "$run_body" "$dir/serve-n.txt" "$dir/ids-n"

field() { sed -n "s/.*$2=\([0-9.]*\).*/\1/p" "$1" | head -1; }
rate() { sed -n 's/^RATE //p' "$1"; }
llm_p50="$(field "$dir/llm-1.txt" p50)" llm_p99="$(field "$dir/llm-1.txt" p99)"
one_p50="$(field "$dir/serve-1.txt" p50)" one_p99="$(field "$dir/serve-1.txt" p99)"
n_p50="$(field "$dir/serve-n.txt" p50)" n_p99="$(field "$dir/serve-n.txt" p99)"
ok="$(( $(field "$dir/serve-1.txt" ok) + $(field "$dir/serve-n.txt" ok) ))"
other="$(( $(field "$dir/serve-1.txt" other) + $(field "$dir/serve-n.txt" other) ))"
llm_requests="$(( $(grep -c . "$dir/llm.log" || true) - llm_before ))"
rss_kb="$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$server_pid/status")"
# The journal's runs, every page of them.
python3 - "$base" "$dir" > "$dir/check.txt" <<'PY'
import glob, json, sys, time, urllib.request
base, dir = sys.argv[1], sys.argv[2]
def all_runs():
    runs, before = [], None
    while True:
        url = base + "/runs?limit=1000" + ("&before=" + before if before else "")
        page = json.load(urllib.request.urlopen(url))
        runs += page["runs"]
        before = page["next"]
        if not before:
            return runs
# Runs whose clients wrk dropped as its time ran out still finish (as many as the connections,
# each waiting its turn for the LLM): up to 60 s for them.
deadline = time.time() + 60
runs = all_runs()
while any(r["status"] == "running" for r in runs) and time.time() < deadline:
    time.sleep(0.5)
    runs = all_runs()
ids = [r["id"] for r in runs]
got = [line.strip() for f in glob.glob(dir + "/ids-*") for line in open(f) if line.strip()]
succeeded = {r["id"] for r in runs if r["status"] == "succeeded"}
print("journal", len(ids), "distinct", len(set(ids)), "succeeded", len(succeeded))
print("answered", len(got), "distinct", len(set(got)), "missing_from_journal", len(set(got) - succeeded))
PY
read -r _ journal_all _ journal_distinct _ journal_ok < <(sed -n 1p "$dir/check.txt")
read -r _ answered _ answered_distinct _ missing < <(sed -n 2p "$dir/check.txt")

printf '| figure | value |\n|---|---|\n'
printf '| LLM alone, 1 connection: p50, p99 (ms) | %s, %s |\n' "$llm_p50" "$llm_p99"
printf '| served run (POST /runs?wait=true), 1 connection: p50, p99 (ms) | %s, %s |\n' "$one_p50" "$one_p99"
printf '| overhead over the LLM, 1 connection: p50, p99 (ms) | %s, %s |\n' \
  "$(awk "BEGIN {print $one_p50 - $llm_p50}")" "$(awk "BEGIN {print $one_p99 - $llm_p99}")"
printf '| served runs per second, %s connections | %s |\n' "$connections" "$(rate "$dir/serve-n.txt")"
printf '| served run, %s connections: p50, p99 (ms) | %s, %s |\n' "$connections" "$n_p50" "$n_p99"
printf '| responses: 200 / other (wrk) | %s / %s |\n' "$ok" "$other"
printf '| runs in the journal: all / succeeded | %s / %s |\n' "$journal_all" "$journal_ok"
printf '| run ids answered (distinct), not in the journal | %s (%s), %s |\n' "$answered" "$answered_distinct" "$missing"
printf '| LLM requests during the %s-connection load (transport retries included) | %s |\n' "$connections" "$llm_requests"
printf '| server peak RSS | %s MB |\n' "$(awk "BEGIN {printf \"%.1f\", $rss_kb / 1024}")"

# No run lost: every run answered is in the journal, succeeded. None duplicated: the journal's
# ids are distinct, and so are the answered ones. The journal may hold a few more runs than wrk
# counted (those it gave up on as its time ran out): at most one per connection, in each of the
# two loads.
if (( journal_distinct != journal_all || answered_distinct != answered || missing != 0 || answered != ok ||
      journal_ok - ok > connections + 1 || journal_all != journal_ok )); then
  echo "MISMATCH: see the table" >&2
  exit 1
fi
echo "no run lost or duplicated"
