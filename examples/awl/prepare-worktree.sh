#!/usr/bin/env bash
# Makes the git worktree an AWL example works in: a Rust crate or a Python project, committed.
#   examples/awl/prepare-worktree.sh EXAMPLE DIR
set -euo pipefail
example="$1" dir="$2"
mkdir -p "$dir"
cd "$dir"
git init -q
case "$example" in
  rust-development)
    printf '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
    mkdir -p src && printf 'pub fn answer() -> u32 {\n    42\n}\n' > src/lib.rs ;;
  python-development)
    printf '[project]\nname = "demo"\nversion = "0.1.0"\n\n[project.optional-dependencies]\ndev = ["pytest", "ruff", "mypy"]\n' > pyproject.toml
    mkdir -p demo && printf '' > demo/__init__.py ;;
  prd-generation) printf '# notes\n' > NOTES.md ;;
  *) echo "unknown example '$example'" >&2; exit 2 ;;
esac
printf '.venv/\n' > .gitignore
git add -A
git -c user.name=wfc -c user.email=wfc@example.invalid commit -qm "Start"
