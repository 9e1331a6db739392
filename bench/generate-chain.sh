#!/usr/bin/env bash
# Writes a pack whose one composition is a chain of N tool steps, each passing the previous
# step's output on through a ${…} reference: the compiler-throughput shape of BENCHMARKS.md.
#   bench/generate-chain.sh 10000 > /tmp/chain-10000.yaml
set -euo pipefail
n="${1:?usage: generate-chain.sh N}"
cat <<HEADER
id: chain-$n
name: Chain of $n tool steps
version: 1.0.0
template_engine: {version: v1, syntax: "{{variable}}"}
tools:
  step.run:
    name: step.run
    description: Passes its input on.
    parameters: {type: object, properties: {value: {}}, required: [value]}
    extensions: {wfc: {effects: none}}
compositions:
  chain:
    version: 1
    steps:
      - {id: s0, kind: tool, tool: step.run, args: {value: "\${input.seed}"}}
HEADER
awk -v n="$n" 'BEGIN { for (i = 1; i < n; i++) printf "      - {id: s%d, kind: tool, tool: step.run, args: {value: \"${s%d.output}\"}}\n", i, i - 1 }'
