#!/usr/bin/env bash
# Re-records the AWL examples' LLM exchanges (recordings/EXAMPLE.jsonl) and expected outputs
# (expected/EXAMPLE.json) against the test LLM server answering from conversations/EXAMPLE.json
# (docs/test-llm-server.md), then checks that replaying each recording gives the same output.
#   examples/awl/record.sh [build-dir]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
work="$(mktemp -d)"
trap 'kill "${server_pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$here/expected" "$here/recordings"
# Durations differ from run to run; everything else must not.
normalize() { python3 -c 'import json, sys
def walk(v):
    if isinstance(v, dict): return {k: (0 if k == "duration-ms" else walk(x)) for k, x in v.items()}
    if isinstance(v, list): return [walk(x) for x in v]
    return v
print(json.dumps(walk(json.load(sys.stdin)), indent=2, ensure_ascii=False))'; }
for example in rust-development python-development prd-generation; do
  "$build/bin/wfc" compile "$here/$example.awl.yaml" -o "$work/$example"
  "$build/bin/wfc_test_llm_server" --script "$here/conversations/$example.json" --log "$work/requests.jsonl" >"$work/server.out" &
  server_pid=$!
  for _ in $(seq 50); do grep -q listening "$work/server.out" 2>/dev/null && break; sleep 0.1; done
  port="$(sed -n 's/^listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$work/server.out")"
  (unset OPENAI_API_KEY; "$here/run.sh" "$work/$example" "$example" --llm-base-url "http://127.0.0.1:$port/v1" \
     --model recorded-conversation --record "$here/recordings/$example.jsonl") | normalize >"$work/recorded.json"
  kill "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  "$here/run.sh" "$work/$example" "$example" --replay "$here/recordings/$example.jsonl" | normalize >"$here/expected/$example.json"
  cmp -s "$work/recorded.json" "$here/expected/$example.json" || { echo "$example: replay differs from the recorded run" >&2; exit 1; }
  echo "$example: $(($(wc -l <"$here/recordings/$example.jsonl") - 1)) exchanges recorded"
done
