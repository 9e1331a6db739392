// GET /openapi.json (docs/serve.md "OpenAPI"): an OpenAPI 3.1 description of the server, made
// from the program — the run input's schema (the input_schema; a chat task's {message,
// variables}), the output's (the output_schema, when declared), the external events a run can be
// sent, the chat endpoint for chat packs — and from how it serves (whether a token is needed).
// Its paths are the route table's (host/serve/ApiRoutes.h): each route describes its operation.
#pragma once

#include "host/mcp_server/ToolCatalog.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace wfc::serve {

// The schemas of what a run takes and gives, as the server checks and documents them.
struct RunSchemas {
  nlohmann::ordered_json input;                  // a JSON Schema (always an object's)
  std::optional<nlohmann::ordered_json> output;  // when declared
};

// What POST /runs takes: the program's input (for a chat program, the first task's turn input).
RunSchemas runSchemas(const ProgramDecl &program, const std::vector<mcp::ServedTool> &tools);

// Every event an external state of the program's workflow takes, sorted (none without one).
std::vector<std::string> externalEvents(const ProgramDecl &program);

// Rewrites each local "$ref": "#/…" of `schema` to point into `base` ("#/components/schemas/Input"),
// and drops its root "$id" and "$schema", so that it can sit inside another document.
nlohmann::ordered_json relocateSchema(nlohmann::ordered_json schema, const std::string &base);

// Every run status as the API spells it (["running", "succeeded", …]), for a schema's "enum".
nlohmann::ordered_json runStatusEnum();

nlohmann::ordered_json openApiDocument(const ProgramDecl &program, const std::vector<mcp::ServedTool> &tools,
                                       bool tokenRequired);

}  // namespace wfc::serve
