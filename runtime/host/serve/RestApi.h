// The server's HTTP API (docs/serve.md): routing, the bearer token, request bodies, and each
// endpoint — runs (start, wait, list, get, cancel, events, trace), the input schema, the
// OpenAPI document, health, metrics, the web page and its assets, and for chat packs the
// OpenAI-compatible chat completions. Every error is JSON: {"error": {"code", "message",
// "field"?}} (OpenAI's shape, {"error": {"message", "type", "param", "code"}}, under /v1/).
#pragma once

#include "core/journal/JournalFile.h"
#include "host/mcp_server/ToolCatalog.h"
#include "host/serve/ApiRoutes.h"
#include "host/serve/ChatCompletions.h"
#include "host/serve/HttpServer.h"
#include "host/serve/InputCheck.h"
#include "host/serve/Metrics.h"
#include "host/serve/RequestOrigin.h"
#include "host/serve/RunService.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace wfc::serve {

class A2aAgents;

// A request's body as JSON: empty (blanks only) is nullopt — the endpoint decides what that
// means — anything else parsed, or the 400 (not JSON, nested too deep) to answer. (Its
// Content-Type was checked before it was read: RestApi::screen.) Takes the body: `request.body`
// is empty afterwards, its memory released.
std::variant<std::optional<nlohmann::ordered_json>, HttpResponse> readBody(HttpRequest &request);

// Whether a Content-Type header names JSON: application/json or application/…+json, with any
// parameters ("; charset=utf-8"), in any case (media types are case-insensitive).
bool isJsonContentType(std::string_view header);

// A chat turn's "media" as the run would read them, refused with a 400 before any run rather than
// in a failed one: media that name the server's files (a served run reads none: docs/serve.md
// "Chat packs"), or that the task's prompt does not take (docs/promptkit.md "Media"). nullopt:
// no media, or media the turn takes.
std::optional<std::string> turnMediaProblem(const Value &input, const ProgramDecl &program, const ChatTaskDecl &task);

class RestApi {
 public:
  struct Options {
    std::optional<std::string> token;  // WFC_SERVE_TOKEN: required on every request but the health checks
    ListenAddress listen;              // where the server listens: on loopback, Host is checked
    std::vector<std::string> allowedHosts;  // --allow-host: more names for Host and Origin
  };

  RestApi(const ProgramDecl &program, RunService &runs, journal::JournalFile &journal, Metrics &metrics,
          Options options);
  ~RestApi();

  // What `request` is refused with on its headers alone, before its body is read (HttpServer's
  // screen): a Host or Origin not the server's (403), no token (401), a POST that does not say
  // its body is JSON (415). nullopt: it goes on.
  std::optional<HttpResponse> screen(const HttpRequest &request);
  // The whole request: screened again (for callers without HttpServer), then routed. The endpoint
  // may take the body (readBody).
  HttpResponse handle(HttpRequest &request);
  // A body over --max-body (HttpServer's 413).
  HttpResponse tooLarge(const HttpRequest &request, size_t limit);

 private:
  // The route table (host/serve/ApiRoutes.h) names the endpoints below.
  friend const std::vector<Route> &apiRoutes();

  std::optional<HttpResponse> refusal(const HttpRequest &request) const;
  HttpResponse route(HttpRequest &request);
  // Whether `path` is answered without the token: some route at it is open.
  bool openPath(const std::string &path) const;
  // The endpoints, one per route.
  HttpResponse startRun(HttpRequest &request, const RouteArgs &);
  HttpResponse listRuns(HttpRequest &request, const RouteArgs &);
  HttpResponse getRun(HttpRequest &request, const RouteArgs &args);
  HttpResponse cancelRun(HttpRequest &request, const RouteArgs &args);
  HttpResponse sendEvent(HttpRequest &request, const RouteArgs &args);
  HttpResponse runTrace(HttpRequest &request, const RouteArgs &args);
  HttpResponse runEvents(HttpRequest &request, const RouteArgs &args);
  HttpResponse agui(HttpRequest &request, const RouteArgs &);
  // Starts a chat turn (POST /v1/chat/completions, POST /agui).
  // `recorded`: the run's input as the journal keeps it, when not the turn's (an A2A agent's turn
  // in a pack that is not a chat pack: A2aAgents::isTurn).
  RunService::Started startTurn(const ChatCompletionRequest &chat, const std::optional<TraceParent> &parent,
                                const std::optional<Value> &recorded = std::nullopt);
  HttpResponse inputSchema(HttpRequest &request, const RouteArgs &);
  HttpResponse openApi(HttpRequest &request, const RouteArgs &);
  HttpResponse health(HttpRequest &request, const RouteArgs &);
  HttpResponse readiness(HttpRequest &request, const RouteArgs &);
  HttpResponse metrics(HttpRequest &request, const RouteArgs &);
  HttpResponse graph(HttpRequest &request, const RouteArgs &);
  HttpResponse programNames(HttpRequest &request, const RouteArgs &);
  HttpResponse chatCompletions(HttpRequest &request, const RouteArgs &);
  HttpResponse chatModels(HttpRequest &request, const RouteArgs &);
  // A2A (docs/serve.md "A2A agents"): an agent's card, and its JSON-RPC endpoint; with no agent
  // named (the paths at the root), the entry agent's.
  HttpResponse agentCard(HttpRequest &request, const RouteArgs &args);
  HttpResponse agentRpc(HttpRequest &request, const RouteArgs &args);
  // The run as GET /runs/ID answers it (404 when there is none).
  HttpResponse runResponse(const std::string &id);
  bool authorized(const HttpRequest &request) const;

  const ProgramDecl &program_;
  RunService &runs_;
  journal::JournalFile &journal_;
  Metrics &metrics_;
  Options options_;
  RequestOrigin origin_;
  std::vector<mcp::ServedTool> tools_;
  InputCheck inputCheck_;
  std::vector<const Route *> routes_;  // the routes this program serves
  std::string openApi_, inputSchema_;
  std::unique_ptr<A2aAgents> agents_;  // null: the pack has no agents
};

}  // namespace wfc::serve
