#!/usr/bin/env bash
# The curl smoke test of --serve (docs/serve.md): the serve-flow pack's executable served on an
# ephemeral port, its LLM the test server; curl starts a run and waits for it, reads it back,
# lists the runs, reads the OpenAPI document and the metrics; SIGTERM stops the server (exit 143).
#   serve-smoke.sh EXE TEST_LLM_SERVER
set -euo pipefail
exe="$1" llm="$2"
dir="$(mktemp -d)"
server_pid="" llm_pid=""
cleanup() {
  # Only the two processes this script started, by pid (never 0: that is the whole process group).
  for pid in "$server_pid" "$llm_pid"; do [[ -n "$pid" ]] && kill "$pid" 2>/dev/null; done
  rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; echo "--- server stderr:" >&2; cat "$dir/serve.err" >&2 || true; exit 1; }

echo '{"replies": [{"reply": {"content": "a draft"}}]}' > "$dir/script.json"
"$llm" --script "$dir/script.json" --log "$dir/llm.log" > "$dir/llm.out" &
llm_pid=$!
for _ in $(seq 100); do grep -q listening "$dir/llm.out" && break; sleep 0.05; done
llm_port="$(sed -n 's/^listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$dir/llm.out")"
[[ -n "$llm_port" ]] || fail "the test LLM server did not start"

printf 'tools:\n  route: { mock: { template: { event: "{{args.event}}" } } }\n  publish: { mock: { template: { published: "{{args.text}}" } } }\n' > "$dir/bindings.yaml"
(cd "$dir" && exec "$exe" --serve 127.0.0.1:0 --bindings bindings.yaml --llm-base-url "http://127.0.0.1:$llm_port/v1" \
   --model test-model 2> serve.err) &
server_pid=$!
for _ in $(seq 200); do grep -q 'serving ' "$dir/serve.err" 2>/dev/null && break; sleep 0.05; done
base="$(sed -n 's|.* on \(http://127.0.0.1:[0-9]*\)/ .*|\1|p' "$dir/serve.err")"
[[ -n "$base" ]] || fail "the server did not start"
[[ -f "$dir/wfc-serve.db" ]] || fail "no journal wfc-serve.db in the working directory"

out="$(curl -sS -X POST "$base/runs?wait=true" -H 'Content-Type: application/json' -d '{"topic": "curl", "next": "done"}')"
[[ "$out" == *'"status":"succeeded"'* && "$out" == *'"published":"curl"'* ]] || fail "POST /runs?wait=true: $out"
id="$(sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p' <<<"$out")"
[[ "$(curl -sS "$base/runs/$id")" == *'"status":"succeeded"'* ]] || fail "GET /runs/$id"
[[ "$(curl -sS "$base/runs")" == *"\"id\":\"$id\""* ]] || fail "GET /runs"
code="$(curl -sS -o /dev/null -w '%{http_code}' -X POST "$base/runs" -H 'Content-Type: application/json' -d '{"topic": 1}')"
[[ "$code" == 400 ]] || fail "a bad input answered $code"
[[ "$(curl -sS "$base/openapi.json")" == *'"openapi": "3.1.0"'* ]] || fail "GET /openapi.json"
[[ "$(curl -sS "$base/metrics")" == *'wfc_runs{status="succeeded"} 1'* ]] || fail "GET /metrics"

kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[[ "$status" == 143 ]] || fail "the server exited $status after SIGTERM, not 143"
echo "serve smoke test: 1 passed, 0 failed"
