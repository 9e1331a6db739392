#!/bin/sh
# The filesystem MCP server (@modelcontextprotocol/server-filesystem, installed into tests/mcp/ by
# scripts/setup.sh) for the template library (examples/templates/README.md), confined to the
# workspace ($TEMPLATE_WORKSPACE, default ../workspace) and started in it, so the paths templates
# pass are relative to the workspace, as for the library's exec tools.
here=$(cd "$(dirname "$0")" && pwd)
cd "${TEMPLATE_WORKSPACE:-../workspace}" || exit 1
exec node "$here/../../../tests/mcp/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js" .
