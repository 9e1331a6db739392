#!/usr/bin/env bash
# Writes a pack whose one composition is a chain of N tool steps, each passing the previous
# step's output on through a ${…} reference: the compiler-throughput shape of BENCHMARKS.md
# (bench/shapes.py generates it, and every other shape of the benchmark).
#   bench/generate-chain.sh 10000 > /tmp/chain-10000.yaml
set -euo pipefail
exec python3 "$(dirname "${BASH_SOURCE[0]}")/shapes.py" chain "${1:?usage: generate-chain.sh N}"
