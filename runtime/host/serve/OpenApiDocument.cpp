#include "host/serve/OpenApiDocument.h"

#include "common/JsonReader.h"
#include "core/journal/RunStatus.h"
#include "host/chat/ChatMain.h"
#include "host/serve/ApiRoutes.h"
#include "support/AsciiCase.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <set>

namespace wfc::serve {
namespace {

using Json = nlohmann::ordered_json;

Json ref(const std::string &name) { return {{"$ref", "#/components/schemas/" + name}}; }

// "GET" → "get": an OpenAPI path item's key for the method.
std::string operationKey(std::string_view method) {
  return lowerAscii(method);
}

}  // namespace

RunSchemas runSchemas(const ProgramDecl &program, const std::vector<mcp::ServedTool> &tools) {
  RunSchemas out;
  if (!tools.empty()) out.input = tools.front().inputSchema;
  else out.input = {{"type", "object"}};
  if (chat::isChatProgram(program)) {
    out.output = Json{{"type", "string"}, {"description", "The reply."}};
  } else if (!program.workflow && program.compositions[0].outputSchema) {
    out.output = readJson(program.compositions[0].outputSchema);
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

Json runStatusEnum() {
  Json out = Json::array();
  for (journal::RunStatus s : {journal::RunStatus::Running, journal::RunStatus::Succeeded, journal::RunStatus::Failed,
                               journal::RunStatus::Suspended, journal::RunStatus::Cancelled})
    out.push_back(journal::spell(s));
  return out;
}

Json openApiDocument(const ProgramDecl &program, const std::vector<mcp::ServedTool> &tools, bool tokenRequired) {
  const bool chat = chat::isChatProgram(program);
  RunSchemas schemas = runSchemas(program, tools);
  std::vector<std::string> events = externalEvents(program);
  const Json statuses = runStatusEnum();

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
  // needs_program: an unfinished run of another version of the program that this one cannot go
  // on with (docs/journal.md "Versions").
  Json shownStatuses = statuses;
  shownStatuses.push_back("needs_program");
  components["Run"] = {
      {"type", "object"},
      {"required", {"id", "status", "started"}},
      {"properties",
       {{"id", {{"type", "string"}}},
        {"status", {{"type", "string"}, {"enum", shownStatuses}}},
        {"needs_program",
         {{"type", "string"}, {"description", "The program (its identity hash) a needs_program run must be resumed by."}}},
        {"output", ref("Output")},
        {"error", {{"type", "string"}, {"description", "Why the run failed, was cancelled or is suspended."}}},
        {"exit_code", {{"type", "integer"}, {"description", "The executable's exit code for this run."}}},
        {"started", {{"type", "string"}, {"format", "date-time"}}},
        {"finished", {{"type", {"string", "null"}}, {"format", "date-time"}}},
        {"awaiting", {{"oneOf", {ref("Awaiting"), {{"type", "null"}}}}}},
        {"spend", ref("Spend")}}}};
  // docs/cost.md "Spend": cost_usd when every call was priced, else unpriced_calls (and
  // priced_cost_usd, what the priced ones cost); cache_write_input_tokens when a prompt cache was
  // written.
  components["Spend"] = {
      {"type", "object"},
      {"required", {"input_tokens", "cached_input_tokens", "output_tokens"}},
      {"properties",
       {{"input_tokens", {{"type", "integer"}, {"minimum", 0}}},
        {"cached_input_tokens", {{"type", "integer"}, {"minimum", 0}}},
        {"cache_write_input_tokens", {{"type", "integer"}, {"minimum", 1}}},
        {"output_tokens", {{"type", "integer"}, {"minimum", 0}}},
        {"cost_usd", {{"type", "number"}, {"minimum", 0}}},
        {"unpriced_calls", {{"type", "integer"}, {"minimum", 1}}},
        {"priced_cost_usd", {{"type", "number"}, {"minimum", 0}}}}},
      {"additionalProperties", false}};
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

  const Json idParam = {{"name", "id"}, {"in", "path"}, {"required", true}, {"schema", {{"type", "string"}}}};
  const ApiFacts facts{program, chat};
  Json paths = Json::object();
  for (const Route &route : apiRoutes()) {
    if ((route.chatOnly && !chat) || (route.agentsOnly && !program.agents)) continue;
    Json &item = paths[std::string(route.path)];
    if (route.path.find("{id}") != std::string_view::npos && !item.contains("parameters"))
      item["parameters"] = Json::array({idParam});
    Json operation = route.describe(facts);
    if (route.open) operation["security"] = Json::array();  // no token needed
    // Any request, a health check's too, when its Host or Origin is not the server's.
    operation["responses"]["403"] = {
        {"description", "The Host or Origin header is not this server's (docs/serve.md \"Security model\")."},
        {"content", {{"application/json", {{"schema", {{"$ref", "#/components/schemas/Error"}}}}}}}};
    item[operationKey(route.method)] = std::move(operation);
  }
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
  }

  Json info = {{"title", std::string(*program.description ? program.description : program.name)},
               {"version", program.version},
               {"description", (*program.summary ? std::string(program.summary) + "\n\n" : std::string()) + "Runs of " +
                                   program.name + " " + program.version + ", compiled by wfc " + program.wfcVersion +
                                   " (docs/serve.md)."}};
  Json doc = {{"openapi", "3.1.0"}, {"info", info}, {"paths", paths}, {"components", {{"schemas", components}}}};
  if (tokenRequired) {
    doc["components"]["securitySchemes"] = {{"bearer", {{"type", "http"}, {"scheme", "bearer"}}}};
    doc["security"] = Json::array({{{"bearer", Json::array()}}});
  }
  return doc;
}

}  // namespace wfc::serve
