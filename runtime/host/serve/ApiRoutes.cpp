#include "host/serve/ApiRoutes.h"

#include "host/serve/OpenApiDocument.h"
#include "host/serve/RestApi.h"

namespace wfc::serve {
namespace {

using Json = nlohmann::ordered_json;

// The pieces operations share; the schemas they name are OpenApiDocument's components.
Json ref(const std::string &name) { return {{"$ref", "#/components/schemas/" + name}}; }

Json jsonBody(const Json &schema) { return {{"application/json", {{"schema", schema}}}}; }

Json response(const std::string &description, const std::string &schemaName) {
  return {{"description", description}, {"content", jsonBody(ref(schemaName))}};
}

Json errorResponse(const std::string &description) { return response(description, "Error"); }

Json typedResponse(const std::string &description, const std::string &mediaType, const Json &schema) {
  return {{"description", description}, {"content", {{mediaType, {{"schema", schema}}}}}};
}

Json unauthorized() { return errorResponse("No token, or the wrong one (Authorization: Bearer …)."); }

Json notFound() { return errorResponse("No run with this id."); }

Json tooMany() {
  return {{"description", "--max-runs runs are running: try again after Retry-After seconds."},
          {"headers", {{"Retry-After", {{"schema", {{"type", "integer"}}}}}}},
          {"content", jsonBody(ref("Error"))}};
}

Json waitParam() {
  return {{"name", "wait"},
          {"in", "query"},
          {"description", "true: answer when the run stops (200), not when it starts (201/202)."},
          {"schema", {{"type", "boolean"}}}};
}

Json startRun(const ApiFacts &facts) {
  Json params = Json::array({waitParam()});
  if (facts.chat) {
    Json names = Json::array();
    for (const ChatTaskDecl &t : facts.program.tasks) names.push_back(t.name);
    params.push_back({{"name", "task"},
                      {"in", "query"},
                      {"description", "The task that answers (default: the only one)."},
                      {"schema", {{"type", "string"}, {"enum", names}}}});
  }
  return {{"operationId", "startRun"},
          {"summary", "Start a run of " + std::string(facts.program.name)},
          {"parameters", params},
          {"requestBody", {{"required", false}, {"content", jsonBody(ref("Input"))}}},
          {"responses",
           {{"201",
             {{"description", "Started."},
              {"headers", {{"Location", {{"schema", {{"type", "string"}}}}}}},
              {"content", jsonBody(ref("RunStarted"))}}},
            {"200", response("With wait=true: the run stopped (succeeded, failed, suspended or cancelled).", "Run")},
            {"400", errorResponse("The body is not JSON, or does not match the input schema.")},
            {"401", unauthorized()},
            {"413", errorResponse("The body is larger than --max-body.")},
            {"415", errorResponse("The body is not application/json.")},
            {"429", tooMany()},
            {"503", errorResponse("The server is shutting down.")}}}};
}

Json listRuns(const ApiFacts &) {
  return {{"operationId", "listRuns"},
          {"summary", "List runs, newest first"},
          {"parameters",
           {{{"name", "status"}, {"in", "query"}, {"schema", {{"type", "string"}, {"enum", runStatusEnum()}}}},
            {{"name", "limit"}, {"in", "query"}, {"schema", {{"type", "integer"}, {"minimum", 1}, {"maximum", 1000}}}},
            {{"name", "before"},
             {"in", "query"},
             {"description", "A run id: list the runs older than it."},
             {"schema", {{"type", "string"}}}}}},
          {"responses",
           {{"200", response("Runs.", "RunList")},
            {"400", errorResponse("A parameter is not valid.")},
            {"401", unauthorized()}}}};
}

Json getRun(const ApiFacts &) {
  return {{"operationId", "getRun"},
          {"responses", {{"200", response("The run.", "Run")}, {"401", unauthorized()}, {"404", notFound()}}}};
}

Json cancelRun(const ApiFacts &) {
  return {{"operationId", "cancelRun"},
          {"summary", "Cancel a running or suspended run"},
          {"responses",
           {{"200", response("Cancelled.", "Run")},
            {"202", response("Cancellation asked; the run has not stopped yet.", "Run")},
            {"401", unauthorized()},
            {"404", notFound()},
            {"409", errorResponse("The run has already stopped.")}}}};
}

Json sendEvent(const ApiFacts &) {
  return {{"operationId", "sendEvent"},
          {"summary", "Send a suspended run the event its external state waits for: it resumes"},
          {"parameters", {waitParam()}},
          {"requestBody", {{"required", true}, {"content", jsonBody(ref("Event"))}}},
          {"responses",
           {{"202", response("The run resumed.", "RunStarted")},
            {"200", response("With wait=true: the run stopped again.", "Run")},
            {"400", errorResponse("Not an event the run waits for, or a malformed body.")},
            {"401", unauthorized()},
            {"404", notFound()},
            {"409", errorResponse("The run is not waiting for an event.")},
            {"413", errorResponse("The body is larger than --max-body.")},
            {"415", errorResponse("The body is not application/json.")},
            {"429", tooMany()},
            {"503", errorResponse("The server is shutting down.")}}}};
}

Json runTrace(const ApiFacts &) {
  return {{"operationId", "getRunTrace"},
          {"summary", "The run's trace events (its timeline), one JSON object per line"},
          {"parameters",
           {{{"name", "after"},
             {"in", "query"},
             {"description", "Skip the first N lines."},
             {"schema", {{"type", "integer"}, {"minimum", 0}}}}}},
          {"responses",
           {{"200", typedResponse("Trace lines.", "application/x-ndjson", {{"type", "string"}})},
            {"401", unauthorized()},
            {"404", notFound()}}}};
}

Json runEvents(const ApiFacts &) {
  return {{"operationId", "streamRunEvents"},
          {"summary", "The run's events as server-sent events, from its first (or after Last-Event-ID) until its last"},
          {"parameters",
           {{{"name", "Last-Event-ID"},
             {"in", "header"},
             {"description", "The id of the last event seen: the stream goes on after it."},
             {"schema", {{"type", "integer"}, {"minimum", 0}}}},
            {{"name", "after"},
             {"in", "query"},
             {"description", "As Last-Event-ID, for clients that cannot set headers."},
             {"schema", {{"type", "integer"}, {"minimum", 0}}}}}},
          {"responses",
           {{"200", typedResponse("Server-sent events: \"id: N\", \"data: {event}\" (docs/streaming.md).",
                                  "text/event-stream", {{"type", "string"}})},
            {"400", errorResponse("Last-Event-ID or after is not an event id.")},
            {"401", unauthorized()},
            {"404", notFound()}}}};
}

Json inputSchema(const ApiFacts &) {
  return {{"operationId", "getInputSchema"},
          {"responses",
           {{"200", typedResponse("The input schema.", "application/schema+json", {{"type", "object"}})},
            {"401", unauthorized()}}}};
}

Json openApi(const ApiFacts &) {
  return {{"operationId", "getOpenApi"},
          {"responses",
           {{"200", {{"description", "This document."}, {"content", jsonBody({{"type", "object"}})}}},
            {"401", unauthorized()}}}};
}

Json healthStatus() { return {{"type", "object"}, {"properties", {{"status", {{"type", "string"}}}}}}; }

Json health(const ApiFacts &) {
  return {{"operationId", "health"},
          {"responses", {{"200", {{"description", "The process serves."}, {"content", jsonBody(healthStatus())}}}}}};
}

Json ready(const ApiFacts &) {
  return {{"operationId", "ready"},
          {"responses",
           {{"200", {{"description", "It takes runs."}, {"content", jsonBody(healthStatus())}}},
            {"503",
             {{"description", "It is draining, or its journal cannot be read."},
              {"content", jsonBody(healthStatus())}}}}}};
}

Json metrics(const ApiFacts &) {
  return {{"operationId", "metrics"},
          {"responses",
           {{"200", typedResponse("Prometheus text format 0.0.4.", "text/plain", {{"type", "string"}})},
            {"401", unauthorized()}}}};
}

Json graph(const ApiFacts &) {
  return {{"operationId", "getGraph"},
          {"summary", "The program's step graph, as the web page draws it (null when it has none)"},
          {"responses",
           {{"200", {{"description", "The graph."}, {"content", jsonBody({{"type", {"object", "null"}}})}}},
            {"401", unauthorized()}}}};
}

Json programNames(const ApiFacts &) {
  Json schema = {{"type", "object"},
                 {"required", {"name", "version", "wfc_version", "states", "chat"}},
                 {"properties",
                  {{"name", {{"type", "string"}}},
                   {"title", {{"type", "string"}}},
                   {"version", {{"type", "string"}}},
                   {"wfc_version", {{"type", "string"}}},
                   {"states", {{"type", "array"}, {"items", {{"type", "string"}}}}},
                   {"chat", {{"type", "boolean"}}}}}};
  return {{"operationId", "getProgram"},
          {"summary", "The program's names: what the web page titles and labels its runs with"},
          {"responses", {{"200", {{"description", "The program."}, {"content", jsonBody(schema)}}}, {"401", unauthorized()}}}};
}

Json chatCompletions(const ApiFacts &) {
  return {{"operationId", "createChatCompletion"},
          {"summary", "OpenAI-compatible chat completions: the last user message is the turn's message"},
          {"requestBody", {{"required", true}, {"content", jsonBody(ref("ChatCompletionRequest"))}}},
          {"responses",
           {{"200",
             {{"description", "The reply; with \"stream\": true, server-sent chat.completion.chunk events, then [DONE]."},
              {"content",
               {{"application/json", {{"schema", ref("ChatCompletion")}}},
                {"text/event-stream", {{"schema", {{"type", "string"}}}}}}}}},
            {"400", errorResponse("A malformed request, or an unknown model (task).")},
            {"401", unauthorized()},
            {"413", errorResponse("The body is larger than --max-body.")},
            {"415", errorResponse("The body is not application/json.")},
            {"429", tooMany()},
            {"500", errorResponse("The run failed.")}}}};
}

Json agui(const ApiFacts &facts) {
  Json input = {{"type", "object"},
                {"required", {"threadId", "runId", "messages"}},
                {"properties",
                 {{"threadId", {{"type", "string"}}},
                  {"runId", {{"type", "string"}}},
                  {"messages", {{"type", "array"}}},
                  {"forwardedProps", {{"type", "object"}}}}}};
  Json operation = {{"operationId", "runAgui"},
                    {"summary", "Run as an AG-UI agent: the run's events as AG-UI events (server-sent)"},
                    {"description", facts.chat ? "A turn of a task (forwardedProps.task, or the only one): the last "
                                                 "user message is the turn's."
                                               : "The run's input is forwardedProps.input, or the last user message's "
                                                 "content as a JSON object."}};
  operation["requestBody"] = {{"required", true}, {"content", jsonBody(input)}};
  operation["responses"] = {
      {"200", typedResponse("AG-UI events: RUN_STARTED … RUN_FINISHED or RUN_ERROR (docs/streaming.md).",
                            "text/event-stream", {{"type", "string"}})},
      {"400", errorResponse("Not a RunAgentInput, or an input that does not match the input schema.")},
      {"401", unauthorized()},
      {"413", errorResponse("The body is larger than --max-body.")},
      {"415", errorResponse("The body is not application/json.")},
      {"429", tooMany()},
      {"503", errorResponse("The server is shutting down.")}};
  return operation;
}

// A2A (docs/serve.md "A2A agents"): cards and JSON-RPC endpoints, an agent's and the entry's.
Json card(const char *operationId, const char *whose) {
  Json schema = {{"type", "object"},
                 {"required", {"name", "url", "skills"}},
                 {"properties",
                  {{"name", {{"type", "string"}}},
                   {"url", {{"type", "string"}, {"description", "The agent's JSON-RPC endpoint."}}},
                   {"skills", {{"type", "array"}}}}}};
  return {{"operationId", operationId},
          {"summary", std::string("The A2A agent card of ") + whose},
          {"responses", {{"200", {{"description", "The agent card (A2A 0.3)."}, {"content", jsonBody(schema)}}},
                         {"401", unauthorized()},
                         {"404", notFound()}}}};
}
Json rpc(const char *operationId, const char *whose) {
  Json request = {{"type", "object"},
                  {"required", {"jsonrpc", "method"}},
                  {"properties",
                   {{"jsonrpc", {{"const", "2.0"}}},
                    {"id", {{"type", {"string", "integer", "null"}}}},
                    {"method", {{"enum", {"message/send", "message/stream", "tasks/get", "tasks/cancel"}}}},
                    {"params", {{"type", "object"}}}}}};
  Json reply = {{"type", "object"}, {"required", {"jsonrpc"}}, {"properties", {{"jsonrpc", {{"const", "2.0"}}}}}};
  return {{"operationId", operationId},
          {"summary", std::string("A2A JSON-RPC of ") + whose + ": message/send, message/stream, tasks/get, tasks/cancel"},
          {"requestBody", {{"required", true}, {"content", jsonBody(request)}}},
          {"responses",
           {{"200",
             {{"description", "The JSON-RPC response; message/stream answers with server-sent events."},
              {"content", {{"application/json", {{"schema", reply}}}, {"text/event-stream", {{"schema", {{"type", "string"}}}}}}}}},
            {"401", unauthorized()},
            {"404", notFound()},
            {"429", errorResponse("The server runs --max-runs runs already; retry after Retry-After.")}}}};
}
Json entryCard(const ApiFacts &) { return card("getEntryAgentCard", "the entry agent"); }
Json entryCardV02(const ApiFacts &) { return card("getEntryAgentCardAtAgentJson", "the entry agent (A2A 0.2's path)"); }
Json entryRpc(const ApiFacts &) { return rpc("callEntryAgent", "the entry agent"); }
Json agentCard(const ApiFacts &) { return card("getAgentCard", "an agent of the pack"); }
Json agentCardV02(const ApiFacts &) { return card("getAgentCardAtAgentJson", "an agent of the pack (A2A 0.2's path)"); }
Json agentRpc(const ApiFacts &) { return rpc("callAgent", "an agent of the pack"); }

Json chatModels(const ApiFacts &) {
  Json model = {{"type", "object"},
                {"required", {"id", "object"}},
                {"properties",
                 {{"id", {{"type", "string"}, {"description", "A task of the pack."}}},
                  {"object", {{"const", "model"}}},
                  {"created", {{"type", "integer"}}},
                  {"owned_by", {{"type", "string"}}}}}};
  Json list = {{"type", "object"},
               {"required", {"object", "data"}},
               {"properties", {{"object", {{"const", "list"}}}, {"data", {{"type", "array"}, {"items", model}}}}}};
  return {{"operationId", "listModels"},
          {"summary", "OpenAI-compatible model list: the pack's tasks"},
          {"responses", {{"200", {{"description", "The tasks."}, {"content", jsonBody(list)}}}, {"401", unauthorized()}}}};
}

// "/runs/r1" → {"runs", "r1"}; "/runs/" → {"runs", ""}.
std::vector<std::string_view> segments(std::string_view path) {
  std::vector<std::string_view> out;
  if (path.starts_with('/')) path.remove_prefix(1);
  for (;;) {
    size_t slash = path.find('/');
    out.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return out;
}

}  // namespace

const std::vector<Route> &apiRoutes() {
  static const std::vector<Route> routes = {
      {"GET", "/runs", false, false, &RestApi::listRuns, listRuns},
      {"POST", "/runs", false, false, &RestApi::startRun, startRun},
      {"GET", "/runs/{id}", false, false, &RestApi::getRun, getRun},
      {"DELETE", "/runs/{id}", false, false, &RestApi::cancelRun, cancelRun},
      {"POST", "/runs/{id}/events", false, false, &RestApi::sendEvent, sendEvent},
      {"GET", "/runs/{id}/events", false, false, &RestApi::runEvents, runEvents},
      {"GET", "/runs/{id}/trace", false, false, &RestApi::runTrace, runTrace},
      {"GET", "/schema", false, false, &RestApi::inputSchema, inputSchema},
      {"GET", "/openapi.json", false, false, &RestApi::openApi, openApi},
      {"GET", "/healthz", false, true, &RestApi::health, health},
      {"GET", "/readyz", false, true, &RestApi::readiness, ready},
      {"GET", "/metrics", false, false, &RestApi::metrics, metrics},
      {"GET", "/graph", false, false, &RestApi::graph, graph},
      {"GET", "/program", false, false, &RestApi::programNames, programNames},
      {"POST", "/v1/chat/completions", true, false, &RestApi::chatCompletions, chatCompletions},
      {"GET", "/v1/models", true, false, &RestApi::chatModels, chatModels},
      {"POST", "/agui", false, false, &RestApi::agui, agui},
      {"GET", "/.well-known/agent-card.json", false, false, &RestApi::agentCard, entryCard, true},
      {"GET", "/.well-known/agent.json", false, false, &RestApi::agentCard, entryCardV02, true},
      {"POST", "/a2a", false, false, &RestApi::agentRpc, entryRpc, true},
      {"GET", "/agents/{id}/.well-known/agent-card.json", false, false, &RestApi::agentCard, agentCard, true},
      {"GET", "/agents/{id}/.well-known/agent.json", false, false, &RestApi::agentCard, agentCardV02, true},
      {"POST", "/agents/{id}/a2a", false, false, &RestApi::agentRpc, agentRpc, true},
  };
  return routes;
}

std::optional<RouteArgs> matchRoute(std::string_view pattern, std::string_view path) {
  std::vector<std::string_view> want = segments(pattern), got = segments(path);
  if (want.size() != got.size()) return std::nullopt;
  RouteArgs args;
  for (size_t i = 0; i < want.size(); ++i) {
    if (want[i] == "{id}" && !got[i].empty()) args.id = std::string(got[i]);
    else if (want[i] != got[i]) return std::nullopt;
  }
  return args;
}

}  // namespace wfc::serve
