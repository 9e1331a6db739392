#!/usr/bin/env bash
# Regenerates each template's expected.json (and remember-facts' expected-rolls-back.json) from a
# run of the template compiled by the current build, in a fresh copy of the workspace — what
# tests/examples/TemplateLibraryTest.cpp compares runs with, `duration` left out. Review the diff.
#   examples/templates/update-expected.sh [build-dir]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
wfc="${1:-$here/../../build}/bin/wfc"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
run() {  # template input expected
  local dir="$here/$1"
  export TEMPLATE_WORKSPACE="$work/workspace-$1-$2"
  mkdir -p "$TEMPLATE_WORKSPACE" && cp -r "$here/workspace/." "$TEMPLATE_WORKSPACE"
  (cd "$dir" && "$wfc" compile template.json --bindings bindings.yaml -o "$work/$1" 2>/dev/null)
  (cd "$dir" && "$work/$1" --input "$2" || true) |
    node -e 'const r = JSON.parse(require("fs").readFileSync(0, "utf8")); delete r.duration; console.log(JSON.stringify(r, null, 2))' \
      > "$dir/$3"
}
for dir in "$here"/*/; do
  name="$(basename "$dir")"
  [[ -f "$dir/template.json" ]] || continue
  run "$name" input.json expected.json
done
run remember-facts input-rolls-back.json expected-rolls-back.json
echo "expected outputs updated; review with: git diff -- examples/templates"
