#!/usr/bin/env bash
# Re-records the AppFactory registry's LLM exchanges (recording.jsonl) and its expected output,
# against the test LLM server answering from conversation.json (docs/test-llm-server.md), as a
# user runs the build sequence: started, then resumed twice with the choices its transitions
# await. Each process records its own exchanges; the three recordings are one file.
#   examples/registry/record.sh [build-dir]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
work="$(mktemp -d)"
trap 'kill "${server_pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
cd "$here"
"$build/bin/wfc" compile workflows/extended_orchestration/extension_registry.json --bindings bindings.yaml -o "$work/appfactory"
"$build/bin/wfc_test_llm_server" --script conversation.json --log "$work/requests.jsonl" >"$work/server.out" &
server_pid=$!
for _ in $(seq 50); do grep -q listening "$work/server.out" 2>/dev/null && break; sleep 0.1; done
port="$(sed -n 's/^listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$work/server.out")"
export WFC_LLM_BASE_URL="http://127.0.0.1:$port/v1" WFC_MODEL="recorded-conversation"
unset OPENAI_API_KEY
run=("$work/appfactory" --journal "$work/runs.db")
"${run[@]}" --sequence build --scope demo --user ada --input input.json --record "$work/1.jsonl" || [[ $? -eq 4 ]]
id="$("${run[@]}" --runs | head -1 | sed 's/.*"id":"\([0-9a-f]*\)".*/\1/')"
"${run[@]}" --resume "$id" --event new_app --record "$work/2.jsonl" || [[ $? -eq 4 ]]
"${run[@]}" --resume "$id" --event autonomous --record "$work/3.jsonl" --pretty >"$work/recorded.json"
{ cat "$work/1.jsonl"; tail -n +2 "$work/2.jsonl"; tail -n +2 "$work/3.jsonl"; } >recording.jsonl
# The same run offline, from the recording: what the example's test compares with.
rm -f "$work/replay.db"*
replay=("$work/appfactory" --journal "$work/replay.db" --replay recording.jsonl)
"${replay[@]}" --sequence build --scope demo --user ada --input input.json || [[ $? -eq 4 ]]
id="$("${replay[@]}" --runs | head -1 | sed 's/.*"id":"\([0-9a-f]*\)".*/\1/')"
"${replay[@]}" --resume "$id" --event new_app || [[ $? -eq 4 ]]
"${replay[@]}" --resume "$id" --event autonomous --pretty >expected.json
cmp -s "$work/recorded.json" expected.json || { echo "replay differs from the recorded run" >&2; exit 1; }
echo "recorded $(($(wc -l <recording.jsonl) - 1)) exchanges to $here/recording.jsonl; output in expected.json"
