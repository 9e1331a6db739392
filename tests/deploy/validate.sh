#!/bin/sh
# Validates manifests with validate.mjs (docs/deploy.md "How it is tested"); exit 77 (the test is
# skipped) when the npm packages are not installed: scripts/setup.sh installs them (npm ci here).
here="$(cd "$(dirname "$0")" && pwd)"
if [ ! -d "$here/node_modules/kubernetes-models" ] || ! command -v node >/dev/null 2>&1; then
  echo "skipped: node or tests/deploy/node_modules is missing (scripts/setup.sh runs npm ci in tests/deploy)"
  exit 77
fi
exec node "$here/validate.mjs" "$@"
