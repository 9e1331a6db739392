#!/bin/sh
# The knowledge-graph MCP server (@modelcontextprotocol/server-memory, installed into tests/mcp/ by
# scripts/setup.sh) for the template library (examples/templates/README.md): its graph is
# $MEMORY_FILE_PATH, by default .memory.jsonl in the workspace ($TEMPLATE_WORKSPACE, default
# ../workspace), made absolute (the server reads a relative path against its own directory).
here=$(cd "$(dirname "$0")" && pwd)
workspace=${TEMPLATE_WORKSPACE:-../workspace}
MEMORY_FILE_PATH=${MEMORY_FILE_PATH:-$workspace/.memory.jsonl}
case $MEMORY_FILE_PATH in /*) ;; *) MEMORY_FILE_PATH=$PWD/$MEMORY_FILE_PATH ;; esac
export MEMORY_FILE_PATH
exec node "$here/../../../tests/mcp/node_modules/@modelcontextprotocol/server-memory/dist/index.js"
