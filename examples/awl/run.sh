#!/usr/bin/env bash
# Runs an AWL example (examples/awl/README.md): prepares a fresh git worktree, writes the input
# that names it, and runs the compiled example there with the stand-in toolchain first on PATH,
# so its shell commands — git for real, cargo/uv/ruff… as stand-ins — run as the workflow says.
#   examples/awl/run.sh EXECUTABLE EXAMPLE [executable options…]
# The worktree goes in $WFC_AWL_WORK when set (kept), else in a temporary directory (removed).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exe="$1" example="$2"
shift 2
if [[ -n "${WFC_AWL_WORK:-}" ]]; then
  work="$WFC_AWL_WORK"
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
"$here/prepare-worktree.sh" "$example" "$work/worktree"
sed "s|@WORKTREE@|$work/worktree|g" "$here/inputs/$example.json" > "$work/input.json"
export PATH="$here/toolchain:$PATH"
export GIT_AUTHOR_NAME=wfc GIT_AUTHOR_EMAIL=wfc@example.invalid GIT_COMMITTER_NAME=wfc GIT_COMMITTER_EMAIL=wfc@example.invalid
"$exe" --input "$work/input.json" "$@"
