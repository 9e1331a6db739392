#!/usr/bin/env bash
# Re-records an example's LLM conversation and its expected output.
#
#   scripts/record-example.sh examples/review-gate            # against the test LLM server
#   WFC_LLM_BASE_URL=https://api.openai.com/v1 WFC_MODEL=gpt-4o-mini OPENAI_API_KEY=… \
#     scripts/record-example.sh examples/review-gate --live   # against a real endpoint
#
# Without --live, the example's conversation.json (authored replies, in the test server's script
# format: docs/test-llm-server.md) is served by build/bin/wfc_test_llm_server, so the recording
# is reproducible offline. Either way the run goes through the compiled executable with
# --record, exactly as a user would record one; then the recording is replayed to check it and
# its output is saved as expected.json.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${WFC_BUILD_DIR:-$root/build}"
dir="$(cd "$1" && pwd)"
live="${2:-}"
name="$(basename "$dir")"
work="$(mktemp -d)"
trap 'kill "${server_pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT

cd "$dir"
compile=("$build/bin/wfc" compile pack.yaml -o "$work/$name")
[[ -f bindings.yaml ]] && compile+=(--bindings bindings.yaml)
"${compile[@]}"

if [[ "$live" != "--live" ]]; then
  "$build/bin/wfc_test_llm_server" --script conversation.json --log "$work/requests.jsonl" >"$work/server.out" &
  server_pid=$!
  for _ in $(seq 50); do grep -q listening "$work/server.out" 2>/dev/null && break; sleep 0.1; done
  port="$(sed -n 's/^listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$work/server.out")"
  export WFC_LLM_BASE_URL="http://127.0.0.1:$port/v1" WFC_MODEL="recorded-conversation"
  unset OPENAI_API_KEY
fi

"$work/$name" --input input.json --record recording.jsonl --pretty >"$work/recorded.json"
"$work/$name" --input input.json --replay recording.jsonl --pretty >expected.json
cmp -s "$work/recorded.json" expected.json || { echo "replay differs from the recorded run" >&2; exit 1; }
echo "recorded $(($(wc -l <recording.jsonl) - 1)) exchanges to $dir/recording.jsonl; output in expected.json"
