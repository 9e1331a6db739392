#include "host/serve/OpenApiDocument.h"

#include "host/chat/ChatMain.h"

#include <algorithm>
#include <functional>
#include <set>

namespace wfc::serve {
namespace {

using Json = nlohmann::ordered_json;

Json ref(const std::string &name) { return {{"$ref", "#/components/schemas/" + name}}; }

Json jsonBody(const Json &schema) { return {{"application/json", {{"schema", schema}}}}; }

Json response(const std::string &description, const std::string &schemaName) {
  return {{"description", description}, {"content", jsonBody(ref(schemaName))}};
}

Json errorResponse(const std::string &description) { return response(description, "Error"); }

}  // namespace

RunSchemas runSchemas(const ProgramDecl &program, const std::vector<mcp::ServedTool> &tools) {
  RunSchemas out;
  if (!tools.empty()) out.input = tools.front().inputSchema;
  else out.input = {{"type", "object"}};
  if (chat::isChatProgram(program)) {
    out.output = Json{{"type", "string"}, {"description", "The reply."}};
  } else if (!program.workflow && program.compositions[0].outputSchema) {
    out.output = Json::parse(program.compositions[0].outputSchema);
  }
  return out;
}

std::vector<std::string> externalEvents(const ProgramDecl &program) {
  std::set<std::string> events;
  if (program.workflow)
    for (const StateDecl &s : program.workflow->states)
      if (s.kind == StateKind::External)
        for (const char *e : s.events) events.insert(e);
  return {events.begin(), events.end()};
}

Json relocateSchema(Json schema, const std::string &base) {
  std::function<void(Json &)> walk = [&](Json &node) {
    if (node.is_object()) {
      for (auto it = node.begin(); it != node.end(); ++it) {
        if (it.key() == "$ref" && it.value().is_string()) {
          std::string target = it.value();
          if (target == "#") it.value() = base;
          else if (target.rfind("#/", 0) == 0) it.value() = base + target.substr(1);
        } else {
          walk(it.value());
        }
      }
    } else if (node.is_array()) {
      for (Json &item : node) walk(item);
    }
  };
  if (schema.is_object()) {
    schema.erase("$id");
    schema.erase("$schema");
  }
  walk(schema);
  return schema;
}

Json openApiDocument(const ProgramDecl &program, const std::vector<mcp::ServedTool> &tools, bool tokenRequired) {
  const bool chat = chat::isChatProgram(program);
  RunSchemas schemas = runSchemas(program, tools);
  std::vector<std::string> events = externalEvents(program);
  const Json statuses = Json::array({"running", "succeeded", "failed", "suspended", "cancelled"});

  Json components = Json::object();
  components["Input"] = relocateSchema(schemas.input, "#/components/schemas/Input");
  components["Output"] = schemas.output ? relocateSchema(*schemas.output, "#/components/schemas/Output")
                                        : Json{{"description", "The run's output (the pack declares no output_schema)."}};
  components["RunStarted"] = {
      {"type", "object"},
      {"required", {"id", "status"}},
      {"properties", {{"id", {{"type", "string"}}}, {"status", {{"type", "string"}, {"enum", statuses}}}}}};
  components["Awaiting"] = {
      {"type", "object"},
      {"description", "What a suspended run waits for: an event of an external state."},
      {"required", {"state", "visit", "events"}},
      {"properties",
       {{"state", {{"type", "string"}}},
        {"visit", {{"type", "string"}}},
        {"events", {{"type", "array"}, {"items", {{"type", "string"}}}}}}}};
  components["Run"] = {
      {"type", "object"},
      {"required", {"id", "status", "started"}},
      {"properties",
       {{"id", {{"type", "string"}}},
        {"status", {{"type", "string"}, {"enum", statuses}}},
        {"output", ref("Output")},
        {"error", {{"type", "string"}, {"description", "Why the run failed, was cancelled or is suspended."}}},
        {"exit_code", {{"type", "integer"}, {"description", "The executable's exit code for this run."}}},
        {"started", {{"type", "string"}, {"format", "date-time"}}},
        {"finished", {{"type", {"string", "null"}}, {"format", "date-time"}}},
        {"awaiting", {{"oneOf", {ref("Awaiting"), {{"type", "null"}}}}}}}}};
  components["RunList"] = {
      {"type", "object"},
      {"required", {"runs"}},
      {"properties",
       {{"runs", {{"type", "array"}, {"items", ref("Run")}}},
        {"next", {{"type", {"string", "null"}}, {"description", "Pass as ?before= for the next, older page."}}}}}};
  Json problem = {{"type", "object"},
                  {"properties", {{"field", {{"type", "string"}}}, {"message", {{"type", "string"}}}}}};
  Json errorBody = {{"type", "object"},
                    {"required", {"code", "message"}},
                    {"properties",
                     {{"code", {{"type", "string"}}},
                      {"message", {{"type", "string"}}},
                      {"field", {{"type", "string"}, {"description", "A JSON pointer to what is wrong in the body."}}},
                      {"problems", {{"type", "array"}, {"items", problem}}}}}};
  components["Error"] = {{"type", "object"}, {"required", {"error"}}, {"properties", {{"error", errorBody}}}};
  Json eventSchema = {{"type", "string"}};
  if (!events.empty()) eventSchema["enum"] = events;
  components["Event"] = {{"type", "object"},
                         {"required", {"event"}},
                         {"additionalProperties", false},
                         {"properties",
                          {{"event", eventSchema},
                           {"context", {{"description", "The workflow context the event brings (any JSON)."}}}}}};

  const Json unauthorized = errorResponse("No token, or the wrong one (Authorization: Bearer …).");
  const Json notFound = errorResponse("No run with this id.");
  const Json tooMany = {{"description", "--max-runs runs are running: try again after Retry-After seconds."},
                        {"headers", {{"Retry-After", {{"schema", {{"type", "integer"}}}}}}},
                        {"content", jsonBody(ref("Error"))}};
  const Json idParam = {{"name", "id"}, {"in", "path"}, {"required", true}, {"schema", {{"type", "string"}}}};
  const Json waitParam = {{"name", "wait"},
                          {"in", "query"},
                          {"description", "true: answer when the run stops (200), not when it starts (201/202)."},
                          {"schema", {{"type", "boolean"}}}};

  Json startParams = Json::array({waitParam});
  if (chat) {
    Json names = Json::array();
    for (const ChatTaskDecl &t : program.tasks) names.push_back(t.name);
    startParams.push_back({{"name", "task"},
                           {"in", "query"},
                           {"description", "The task that answers (default: the only one)."},
                           {"schema", {{"type", "string"}, {"enum", names}}}});
  }
  Json paths = Json::object();
  paths["/runs"] = {
      {"post",
       {{"operationId", "startRun"},
        {"summary", "Start a run of " + std::string(program.name)},
        {"parameters", startParams},
        {"requestBody", {{"required", false}, {"content", jsonBody(ref("Input"))}}},
        {"responses",
         {{"201",
           {{"description", "Started."},
            {"headers", {{"Location", {{"schema", {{"type", "string"}}}}}}},
            {"content", jsonBody(ref("RunStarted"))}}},
          {"200", response("With wait=true: the run stopped (succeeded, failed, suspended or cancelled).", "Run")},
          {"400", errorResponse("The body is not JSON, or does not match the input schema.")},
          {"401", unauthorized},
          {"413", errorResponse("The body is larger than --max-body.")},
          {"415", errorResponse("The body is not application/json.")},
          {"429", tooMany},
          {"503", errorResponse("The server is shutting down.")}}}}},
      {"get",
       {{"operationId", "listRuns"},
        {"summary", "List runs, newest first"},
        {"parameters",
         {{{"name", "status"}, {"in", "query"}, {"schema", {{"type", "string"}, {"enum", statuses}}}},
          {{"name", "limit"}, {"in", "query"}, {"schema", {{"type", "integer"}, {"minimum", 1}, {"maximum", 1000}}}},
          {{"name", "before"}, {"in", "query"}, {"description", "A run id: list the runs older than it."},
           {"schema", {{"type", "string"}}}}}},
        {"responses",
         {{"200", response("Runs.", "RunList")},
          {"400", errorResponse("A parameter is not valid.")},
          {"401", unauthorized}}}}}};
  paths["/runs/{id}"] = {
      {"parameters", {idParam}},
      {"get",
       {{"operationId", "getRun"},
        {"responses", {{"200", response("The run.", "Run")}, {"401", unauthorized}, {"404", notFound}}}}},
      {"delete",
       {{"operationId", "cancelRun"},
        {"summary", "Cancel a running or suspended run"},
        {"responses",
         {{"200", response("Cancelled.", "Run")},
          {"202", response("Cancellation asked; the run has not stopped yet.", "Run")},
          {"401", unauthorized},
          {"404", notFound},
          {"409", errorResponse("The run has already stopped.")}}}}}};
  paths["/runs/{id}/events"] = {
      {"parameters", {idParam}},
      {"post",
       {{"operationId", "sendEvent"},
        {"summary", "Send a suspended run the event its external state waits for: it resumes"},
        {"parameters", {waitParam}},
        {"requestBody", {{"required", true}, {"content", jsonBody(ref("Event"))}}},
        {"responses",
         {{"202", response("The run resumed.", "RunStarted")},
          {"200", response("With wait=true: the run stopped again.", "Run")},
          {"400", errorResponse("Not an event the run waits for, or a malformed body.")},
          {"401", unauthorized},
          {"404", notFound},
          {"409", errorResponse("The run is not waiting for an event.")},
          {"413", errorResponse("The body is larger than --max-body.")},
          {"429", tooMany},
          {"503", errorResponse("The server is shutting down.")}}}}}};
  paths["/runs/{id}/trace"] = {
      {"parameters", {idParam}},
      {"get",
       {{"operationId", "getRunTrace"},
        {"summary", "The run's trace events (its timeline), one JSON object per line"},
        {"responses",
         {{"200", {{"description", "Trace lines."}, {"content", {{"application/x-ndjson", {{"schema", {{"type", "string"}}}}}}}}},
          {"401", unauthorized},
          {"404", notFound}}}}}};
  paths["/schema"] = {
      {"get",
       {{"operationId", "getInputSchema"},
        {"responses",
         {{"200", {{"description", "The input schema."}, {"content", {{"application/schema+json", {{"schema", {{"type", "object"}}}}}}}}},
          {"401", unauthorized}}}}}};
  paths["/openapi.json"] = {
      {"get",
       {{"operationId", "getOpenApi"},
        {"responses",
         {{"200", {{"description", "This document."}, {"content", jsonBody({{"type", "object"}})}}}, {"401", unauthorized}}}}}};
  Json health = {{"type", "object"}, {"properties", {{"status", {{"type", "string"}}}}}};
  paths["/healthz"] = {
      {"get",
       {{"operationId", "health"},
        {"security", Json::array()},
        {"responses", {{"200", {{"description", "The process serves."}, {"content", jsonBody(health)}}}}}}}};
  paths["/readyz"] = {
      {"get",
       {{"operationId", "ready"},
        {"security", Json::array()},
        {"responses",
         {{"200", {{"description", "It takes runs."}, {"content", jsonBody(health)}}},
          {"503", {{"description", "It is draining, or its journal cannot be read."}, {"content", jsonBody(health)}}}}}}}};
  paths["/metrics"] = {
      {"get",
       {{"operationId", "metrics"},
        {"responses",
         {{"200", {{"description", "Prometheus text format 0.0.4."}, {"content", {{"text/plain", {{"schema", {{"type", "string"}}}}}}}}},
          {"401", unauthorized}}}}}};
  if (chat) {
    Json message = {{"type", "object"},
                    {"required", {"role"}},
                    {"properties", {{"role", {{"type", "string"}}}, {"content", {{"type", {"string", "array", "null"}}}}}}};
    Json requestProperties = {
        {"model", {{"type", "string"}, {"description", "The task (default: the only one)."}}},
        {"messages", {{"type", "array"}, {"minItems", 1}, {"items", message}}},
        {"stream", {{"type", "boolean"}}},
        {"metadata", {{"type", "object"}, {"description", "The prompt's template variables."}}}};
    components["ChatCompletionRequest"] = {
        {"type", "object"}, {"required", {"messages"}}, {"properties", requestProperties}};
    components["ChatCompletion"] = {
        {"type", "object"},
        {"required", {"id", "object", "created", "model", "choices"}},
        {"properties",
         {{"id", {{"type", "string"}}},
          {"object", {{"const", "chat.completion"}}},
          {"created", {{"type", "integer"}}},
          {"model", {{"type", "string"}}},
          {"choices", {{"type", "array"}, {"items", {{"type", "object"}}}}},
          {"usage", {{"type", "object"}}}}}};
    paths["/v1/chat/completions"] = {
        {"post",
         {{"operationId", "createChatCompletion"},
          {"summary", "OpenAI-compatible chat completions: the last user message is the turn's message"},
          {"requestBody", {{"required", true}, {"content", jsonBody(ref("ChatCompletionRequest"))}}},
          {"responses",
           {{"200", response("The reply.", "ChatCompletion")},
            {"400", errorResponse("A malformed request, or an unknown model (task).")},
            {"401", unauthorized},
            {"413", errorResponse("The body is larger than --max-body.")},
            {"429", tooMany},
            {"500", errorResponse("The run failed.")}}}}}};
  }

  Json info = {{"title", std::string(*program.description ? program.description : program.name)},
               {"version", program.version},
               {"description", "Runs of " + std::string(program.name) + " " + program.version +
                                   ", compiled by wfc " + program.wfcVersion + " (docs/serve.md)."}};
  Json doc = {{"openapi", "3.1.0"}, {"info", info}, {"paths", paths}, {"components", {{"schemas", components}}}};
  if (tokenRequired) {
    doc["components"]["securitySchemes"] = {{"bearer", {{"type", "http"}, {"scheme", "bearer"}}}};
    doc["security"] = Json::array({{{"bearer", Json::array()}}});
  }
  return doc;
}

}  // namespace wfc::serve
