#!/usr/bin/env bash
# Regenerates every golden file from the current build: the editor schema and the IR of each
# example. Review the diff before committing it.
#   tests/golden/update.sh [build-dir]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
wfc="${1:-$root/build}/bin/wfc"
"$wfc" schema > "$root/schemas/promptpack.wfc.schema.json"
for pack in "$root"/examples/*/pack.yaml; do
  dir="$(dirname "$pack")"
  name="$(basename "$dir")"
  (cd "$dir" && "$wfc" build pack.yaml --emit=ir) > "$root/tests/golden/ir/$name.ir"
done
echo "goldens updated; review with: git diff -- schemas tests/golden"
