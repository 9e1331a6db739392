#!/usr/bin/env bash
# Regenerates every golden file from the current build: the editor schema, the IR of each
# example, and the generated C++ of each pack that compiles (examples with a bindings.yaml and
# tests/golden/packs/*). Review the diff before committing it.
#   tests/golden/update.sh [build-dir]
# (Equivalently: WFC_UPDATE_GOLDENS=1 ctest --test-dir build -R golden)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
wfc="${1:-$root/build}/bin/wfc"
"$wfc" schema > "$root/schemas/promptpack.wfc.schema.json"
for pack in "$root"/examples/*/pack.yaml; do
  dir="$(dirname "$pack")"
  name="$(basename "$dir")"
  (cd "$dir" && "$wfc" build pack.yaml --emit=ir) > "$root/tests/golden/ir/$name.ir"
done
registry=workflows/extended_orchestration/extension_registry.json
(cd "$root/examples/registry" && "$wfc" build "$registry" --emit=ir) > "$root/tests/golden/ir/registry.ir"
(cd "$root/examples/registry" && "$wfc" build "$registry" --bindings bindings.yaml -o -) \
  > "$root/tests/golden/cpp/registry.wfc.cpp"
for pack in "$root"/examples/*/pack.yaml "$root"/tests/golden/packs/*/pack.yaml; do
  dir="$(dirname "$pack")"
  name="$(basename "$dir")"
  [[ -f "$dir/bindings.yaml" || -f "$dir/wfc-args" ]] || continue
  args=(--bindings bindings.yaml)
  [[ -f "$dir/wfc-args" ]] && mapfile -t args < "$dir/wfc-args"
  (cd "$dir" && "$wfc" build pack.yaml "${args[@]}" -o -) > "$root/tests/golden/cpp/$name.wfc.cpp"
done
mkdir -p "$root/tests/golden/graph"
for entry in support-triage:examples/support-triage document-analyzer:examples/document-analyzer \
             control-flow:tests/golden/packs/control-flow:--composition,main on-error:tests/golden/packs/on-error \
             optimizer:tests/golden/packs/optimizer:--composition,main,--after-passes \
             toolcomp:tests/golden/packs/toolcomp:--after-passes,--bindings,bindings.yaml; do
  IFS=: read -r name dir extra <<<"$entry"
  IFS=, read -r -a options <<<"$extra"
  for format in dot mermaid json; do
    (cd "$root/$dir" && "$wfc" graph pack.yaml --format="$format" "${options[@]}") > "$root/tests/golden/graph/$name.$format"
  done
done
(cd "$root/examples/awl" && "$wfc" build rust-development.awl.yaml --emit=ir) > "$root/tests/golden/ir/awl-rust-development.ir"
(cd "$root/examples/awl" && "$wfc" build rust-development.awl.yaml -o -) > "$root/tests/golden/cpp/awl-rust-development.wfc.cpp"
(cd "$root/tests/golden/packs/toolcomp" && "$wfc" build pack.yaml --bindings bindings.yaml --emit=ir) \
  > "$root/tests/golden/ir/toolcomp.ir"
for name in search-fold-store remember-facts; do
  (cd "$root/examples/templates/$name" && "$wfc" build template.json --bindings bindings.yaml --emit=ir 2>/dev/null) \
    > "$root/tests/golden/ir/template-$name.ir"
  (cd "$root/examples/templates/$name" && "$wfc" build template.json --bindings bindings.yaml -o - 2>/dev/null) \
    > "$root/tests/golden/cpp/template-$name.wfc.cpp"
done
mkdir -p "$root/tests/golden/ir-passes"
(cd "$root/tests/golden/packs/optimizer" && "$wfc" build pack.yaml --composition main -O0 --emit=ir) \
  > "$root/tests/golden/ir-passes/optimizer.O0.ir"
(cd "$root/tests/golden/packs/optimizer" && "$wfc" build pack.yaml --composition main --emit=ir --verify-each \
  --print-ir-after-all 2>&1 >/dev/null) > "$root/tests/golden/ir-passes/optimizer.after-each.ir"
# wfc deploy's texts (tests/deploy/CMakeLists.txt lists the cases and their options).
WFC_UPDATE_GOLDENS=1 ctest --test-dir "${1:-$root/build}" -R '^deploy/golden/' --output-on-failure >/dev/null
echo "goldens updated; review with: git diff -- schemas tests/golden"
