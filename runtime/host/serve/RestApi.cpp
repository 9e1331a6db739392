#include "host/serve/RestApi.h"

#include "host/serve/A2aAgents.h"

#include "common/JsonNesting.h"
#include "common/JsonReader.h"
#include "core/chat/ChatSession.h"
#include "core/chat/TurnMedia.h"
#include "core/cost/JournaledSpend.h"
#include "core/journal/RunOwner.h"
#include "core/journal/RunStore.h"
#include "host/chat/ChatMain.h"
#include "host/serve/AguiStream.h"
#include "host/serve/ChatCompletionStream.h"
#include "host/serve/ChatCompletions.h"
#include "host/serve/OpenApiDocument.h"
#include "host/serve/RunEventFeed.h"
#include "host/serve/WebAssets.h"
#include "host/session/Resume.h"
#include "support/AsciiCase.h"
#include "support/JsonTakingStrings.h"
#include "wfc/error.h"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <sstream>

namespace wfc::serve {
namespace {

using Json = nlohmann::ordered_json;

std::string dump(const Json &j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

HttpResponse json(int status, const Json &body) {
  HttpResponse response{status, "application/json", {}, dump(body)};
  response.body += '\n';  // appended in place, not by making a second string: a run's output may be large
  return response;
}

HttpResponse error(int status, const std::string &code, const std::string &message, std::optional<std::string> field = {}) {
  Json e = {{"code", code}, {"message", message}};
  if (field) e["field"] = *field;
  return json(status, {{"error", e}});
}

// OpenAI's error shape, under /v1/.
HttpResponse openAiError(int status, const std::string &message, const std::string &param = "",
                         const std::string &code = "") {
  const char *type = status == 401 ? "authentication_error" : status == 403 ? "permission_error"
                     : status == 429 ? "rate_limit_error"
                     : status >= 500 ? "server_error" : "invalid_request_error";
  return json(status, {{"error",
                        {{"message", message},
                         {"type", type},
                         {"param", param.empty() ? Json() : Json(param)},
                         {"code", code.empty() ? Json() : Json(code)}}}});
}

// Equal strings compare in time that depends only on their lengths (a wrong token's prefix is
// not told by how fast it is refused).
bool constantTimeEquals(const std::string &a, const std::string &b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  const std::string &longer = a.size() >= b.size() ? a : b;
  for (size_t i = 0; i < longer.size(); ++i) {
    unsigned char x = i < a.size() ? static_cast<unsigned char>(a[i]) : 0;
    unsigned char y = i < b.size() ? static_cast<unsigned char>(b[i]) : 0;
    diff |= static_cast<unsigned char>(x ^ y);
  }
  return diff == 0;
}

// A run as the API shows it; `spend`: what its LLM calls spent (docs/cost.md "Spend"). An
// unfinished run another version of the program wrote, which this server cannot go on with, is
// needs_program, naming the program it needs (docs/journal.md "Versions").
Json runJson(const journal::RunRow &r, const cost::Spend &spend, RunService &runs) {
  Json j = {{"id", r.id}, {"status", spell(r.status)}};
  const bool unfinished = r.status == journal::RunStatus::Suspended ||
                          (r.status == journal::RunStatus::Running && !runs.running(r.id) && !journal::ownerAlive(r.owner));
  if (unfinished) {
    std::string why = runs.whyNotResumable(r);
    if (!why.empty()) {
      j["status"] = "needs_program";
      j["needs_program"] = r.identity.program;
      j["error"] = "it needs program " + r.identity.program + ": " + why;
    }
  }
  if (r.output) j["output"] = journal::storedJson(*r.output);
  if (!r.error.empty() && !j.contains("error")) j["error"] = r.error;
  if (r.exitCode) j["exit_code"] = *r.exitCode;
  j["started"] = journal::iso8601(r.startedMs);
  j["finished"] = r.finishedMs ? Json(journal::iso8601(*r.finishedMs)) : Json();
  j["awaiting"] = r.awaiting ? journal::storedJson(*r.awaiting) : Json();
  j["spend"] = cost::spendReport(spend);
  return j;
}

// ?wait=true|false (also 1|0); nullopt for anything else.
std::optional<bool> waitParam(const HttpRequest &request) {
  std::optional<std::string> wait = request.param("wait");
  if (!wait || *wait == "false" || *wait == "0") return false;
  if (*wait == "true" || *wait == "1" || wait->empty()) return true;
  return std::nullopt;
}

}  // namespace

bool isJsonContentType(std::string_view header) {
  std::string media(header.substr(0, header.find(';')));
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  while (!media.empty() && blank(media.back())) media.pop_back();
  size_t first = 0;
  while (first < media.size() && blank(media[first])) ++first;
  media.erase(0, first);
  media = lowerAscii(media);
  const std::string_view application = "application/";
  return media == "application/json" ||
         (media.starts_with(application) && media.size() > application.size() + 5 && media.ends_with("+json"));
}

std::variant<std::optional<nlohmann::ordered_json>, HttpResponse> readBody(HttpRequest &request) {
  // The body is not needed once parsed, and a run may keep the request going long after
  // (?wait=true): it is released, whatever the outcome.
  std::string body;
  body.swap(request.body);
  size_t start = body.find_first_not_of(" \t\r\n");
  if (start == std::string::npos) return std::optional<Json>();
  if (nestsDeeperThan(body))
    return error(400, "invalid_json", "the body nests deeper than " + std::to_string(kMaxJsonNesting) + " levels");
  try {
    // One copy of the body fewer than readJson (common/JsonReader.h): a body may be --max-body
    // large. Its nesting was bounded above, as readJson would.
    return std::optional<Json>(parseJsonTakingStrings(body));
  } catch (const Json::exception &e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 5: …" → from "at line" on;
    // "[json.exception.out_of_range.406] number overflow parsing '1e309'" (a number too large for
    // a double, which JSON numbers must fit here) → after the bracket.
    std::string what = e.what();
    size_t at = what.find("at line");
    if (at == std::string::npos && what.find("] ") != std::string::npos) at = what.find("] ") + 2;
    return error(400, "invalid_json", "the body is not valid JSON: " + (at == std::string::npos ? what : what.substr(at)));
  }
}

std::optional<std::string> turnMediaProblem(const Value &input, const ProgramDecl &program, const ChatTaskDecl &task) {
  std::optional<Value> media = input.isObject() ? input.get("media") : std::nullopt;
  if (!media) return std::nullopt;
  try {
    chat::readTaskMedia(*media, chat::MediaFiles::Refused, program, task);
  } catch (const Error &e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

namespace {

const char *kRetryAfterSeconds = "1";

}  // namespace

RestApi::RestApi(const ProgramDecl &program, RunService &runs, journal::JournalFile &journal, Metrics &metrics,
                 Options options)
    : program_(program),
      runs_(runs),
      journal_(journal),
      metrics_(metrics),
      options_(std::move(options)),
      origin_(options_.listen, options_.allowedHosts),
      tools_(mcp::servedTools(program)),
      inputCheck_(program, tools_) {
  for (const Route &r : apiRoutes())
    if ((!r.chatOnly || chat::isChatProgram(program)) && (!r.agentsOnly || program.agents)) routes_.push_back(&r);
  if (program.agents)
    agents_ = std::make_unique<A2aAgents>(program, runs_, journal_,
                                          [this](const ChatCompletionRequest &chat, const std::optional<Value> &recorded) {
                                            return startTurn(chat, std::nullopt, recorded);
                                          });
  if (agents_) runs_.setAgentTools(agents_.get());  // the a2a__ tools of the prompts that name agents
  openApi_ = openApiDocument(program, tools_, options_.token.has_value()).dump(2) + "\n";
  inputSchema_ = runSchemas(program, tools_).input.dump(2) + "\n";
}

RestApi::~RestApi() {
  // A run may be asking an agent: none runs once the agents are gone (the server drained them
  // already; this stops any a failed start left).
  if (agents_) {
    runs_.drain(std::chrono::milliseconds(0));
    runs_.setAgentTools(nullptr);
  }
}

std::optional<HttpResponse> RestApi::refusal(const HttpRequest &request) const {
  const bool openAi = request.path.rfind("/v1/", 0) == 0;
  if (std::optional<std::string> why = origin_.problem(request))
    return openAi ? openAiError(403, *why) : error(403, "forbidden", *why);
  if (!openPath(request.path) && !authorized(request)) {
    const std::string message = "a bearer token is required (Authorization: Bearer WFC_SERVE_TOKEN), and this "
                                "request has none or another one";
    HttpResponse response = openAi ? openAiError(401, message) : error(401, "unauthorized", message);
    response.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"wfc\"");
    return response;
  }
  // Every POST says its body is JSON, even an empty one: a web page of another site can send a
  // POST without a Content-Type, or with a form's, without the browser asking this server first
  // (CORS's "simple" requests) — but not one that says application/json (docs/serve.md
  // "Security model").
  if (request.method == "POST") {
    std::optional<std::string> type = request.header("Content-Type");
    if (!type || !isJsonContentType(*type)) {
      std::string media = type ? type->substr(0, type->find(';')) : "";
      std::string message =
          type ? "the body must be JSON (Content-Type: application/json), not " + media +
                     (media == "application/x-www-form-urlencoded"
                          ? " (curl -d sends that: add -H 'Content-Type: application/json')"
                          : "")
               : "a POST must say that its body is JSON (Content-Type: application/json), even an empty body";
      return openAi ? openAiError(415, message) : error(415, "unsupported_media_type", message);
    }
  }
  return std::nullopt;
}

std::optional<HttpResponse> RestApi::screen(const HttpRequest &request) {
  std::optional<HttpResponse> refused = refusal(request);
  if (refused) metrics_.countResponse(refused->status);
  return refused;
}

HttpResponse RestApi::handle(HttpRequest &request) {
  std::optional<HttpResponse> refused = refusal(request);
  HttpResponse response = refused ? std::move(*refused) : route(request);
  metrics_.countResponse(response.status);
  return response;
}

HttpResponse RestApi::tooLarge(const HttpRequest &request, size_t limit) {
  std::string message = "the body is larger than " + std::to_string(limit) + " bytes (--max-body)";
  HttpResponse response = request.path.rfind("/v1/", 0) == 0 ? openAiError(413, message) : error(413, "too_large", message);
  metrics_.countResponse(response.status);
  return response;
}

bool RestApi::authorized(const HttpRequest &request) const {
  if (!options_.token) return true;
  std::optional<std::string> header = request.header("Authorization");
  const std::string scheme = "Bearer ";
  if (!header || header->size() < scheme.size() || !equalsIgnoreCase(std::string_view(*header).substr(0, scheme.size()), scheme))
    return false;
  return constantTimeEquals(header->substr(scheme.size()), *options_.token);
}

bool RestApi::openPath(const std::string &path) const {
  for (const Route *r : routes_)
    if (r->open && matchRoute(r->path, path)) return true;
  return false;
}

HttpResponse RestApi::route(HttpRequest &request) {
  // HEAD is GET without the body: libmicrohttpd sends the headers of the answer, Content-Length
  // included, and leaves the body out.
  const std::string method = request.method == "HEAD" ? "GET" : request.method;
  if (const WebAsset *asset = findWebAsset(request.path)) {
    if (method != "GET") {
      HttpResponse r = error(405, "method_not_allowed", request.path + " takes GET, not " + request.method);
      r.headers.emplace_back("Allow", "GET");
      return r;
    }
    return {200, std::string(asset->contentType), {{"Cache-Control", "no-cache"}}, std::string(asset->body)};
  }
  std::string allowed;  // the methods of the routes at this path
  for (const Route *r : routes_) {
    std::optional<RouteArgs> args = matchRoute(r->path, request.path);
    if (!args) continue;
    if (r->method == method) return (this->*r->answer)(request, *args);
    allowed += (allowed.empty() ? "" : ", ") + std::string(r->method);
  }
  if (allowed.empty())
    return error(404, "not_found", "no such resource: " + request.path + " (GET /openapi.json lists this server's)");
  std::string message = request.path + " takes " + allowed + ", not " + request.method;
  HttpResponse r = request.path.rfind("/v1/", 0) == 0 ? openAiError(405, message)
                                                       : error(405, "method_not_allowed", message);
  r.headers.emplace_back("Allow", allowed);
  return r;
}

HttpResponse RestApi::health(HttpRequest &, const RouteArgs &) { return json(200, {{"status", "ok"}}); }

HttpResponse RestApi::metrics(HttpRequest &, const RouteArgs &) {
  Metrics::Gauges gauges;
  try {
    gauges.runsByStatus = journal_.runs().countByStatus();
  } catch (const Error &) {  // the other gauges still say something
  }
  gauges.running = runs_.runningCount();
  gauges.maxRuns = runs_.maxRuns();
  gauges.draining = runs_.draining();
  return {200, "text/plain; version=0.0.4; charset=utf-8", {}, metrics_.render(gauges)};
}

HttpResponse RestApi::inputSchema(HttpRequest &, const RouteArgs &) {
  return {200, "application/schema+json", {}, inputSchema_};
}

HttpResponse RestApi::openApi(HttpRequest &, const RouteArgs &) { return {200, "application/json", {}, openApi_}; }

HttpResponse RestApi::graph(HttpRequest &, const RouteArgs &) {
  return {200, "application/json", {}, program_.graph ? std::string(program_.graph) : std::string("null")};
}

HttpResponse RestApi::programNames(HttpRequest &, const RouteArgs &) {
  Json states = Json::array();
  if (program_.workflow)
    for (const StateDecl &s : program_.workflow->states) states.push_back(s.name);
  return json(200, {{"name", program_.name},
                    {"title", program_.description},
                    {"version", program_.version},
                    {"wfc_version", program_.wfcVersion},
                    {"states", states},
                    {"chat", chat::isChatProgram(program_)}});
}

HttpResponse RestApi::readiness(HttpRequest &, const RouteArgs &) {
  if (runs_.draining()) return json(503, {{"status", "draining"}});
  try {
    journal_.runs().countByStatus();
  } catch (const Error &e) {
    return json(503, {{"status", "journal unreadable"}, {"error", e.what()}});
  }
  return json(200, {{"status", "ready"}, {"running", runs_.runningCount()}, {"max_runs", runs_.maxRuns()}});
}

HttpResponse RestApi::startRun(HttpRequest &request, const RouteArgs &) {
  if (runs_.draining()) return error(503, "shutting_down", "the server is shutting down: it starts no run");
  std::optional<bool> wait = waitParam(request);
  if (!wait) return error(400, "invalid_parameter", "?wait takes true or false, not '" + *request.param("wait") + "'", "wait");
  const ChatTaskDecl *task = nullptr;
  if (chat::isChatProgram(program_)) {
    std::optional<std::string> name = request.param("task");
    std::string names;
    for (const ChatTaskDecl &t : program_.tasks) {
      names += (names.empty() ? "'" : ", '") + std::string(t.name) + "'";
      if (name && *name == t.name) task = &t;
    }
    if (!task && !name && program_.tasks.size() == 1) task = &program_.tasks[0];
    if (!task)
      return error(400, "invalid_parameter",
                   name ? "no task '" + *name + "': this pack's tasks are " + names
                        : "this pack has several tasks (" + names + "): choose one with ?task=NAME",
                   "task");
  } else if (request.param("task")) {
    return error(400, "invalid_parameter", "?task is for chat packs; this one runs " +
                                               std::string(program_.workflow ? "a workflow" : "a composition"),
                 "task");
  }
  auto body = readBody(request);
  if (auto *refused = std::get_if<HttpResponse>(&body)) return *refused;
  Json input = std::get<std::optional<Json>>(std::move(body)).value_or(Json::object());  // moved, not copied
  if (!input.is_object()) return error(400, "invalid_input", "the body (the run's input) must be a JSON object, not " + std::string(input.type_name()), "");
  Value value = Value::fromJson(std::move(input));
  if (task)
    if (std::optional<std::string> problem = turnMediaProblem(value, program_, *task))
      return error(400, "invalid_input", *problem, "media");
  std::vector<InputProblem> problems = inputCheck_.problems(value, task);
  if (!problems.empty()) {
    Json list = Json::array();
    for (const InputProblem &p : problems) list.push_back({{"field", p.field}, {"message", p.message}});
    Json e = {{"code", "invalid_input"},
              {"message", "the input does not match the input schema (GET /schema): " + problems[0].text},
              {"field", problems[0].field},
              {"problems", list}};
    return json(400, {{"error", e}});
  }
  std::optional<TraceParent> parent;
  if (std::optional<std::string> header = request.header("traceparent")) parent = parseTraceParent(*header);
  RunService::Started started = runs_.start(std::move(value), task, parent);
  if (started.refusal == RunService::Refusal::Full) {
    HttpResponse r = error(429, "too_many_runs", "the server runs " + std::to_string(runs_.maxRuns()) +
                                                     " runs already (--max-runs): try again later");
    r.headers.emplace_back("Retry-After", kRetryAfterSeconds);
    return r;
  }
  if (started.refusal == RunService::Refusal::Draining)
    return error(503, "shutting_down", "the server is shutting down: it starts no run");
  if (started.refusal == RunService::Refusal::Failed) return error(500, "run_not_started", started.error);
  if (*wait) {
    runs_.waitUntilStopped(started.id);
    return runResponse(started.id);
  }
  HttpResponse r = json(201, {{"id", started.id}, {"status", "running"}});
  r.headers.emplace_back("Location", "/runs/" + started.id);
  return r;
}

HttpResponse RestApi::listRuns(HttpRequest &request, const RouteArgs &) {
  std::optional<journal::RunStatus> status;
  if (std::optional<std::string> asked = request.param("status")) {
    status = journal::parseRunStatus(*asked);
    if (!status)
      return error(400, "invalid_parameter",
                   "?status takes running, succeeded, failed, suspended or cancelled, not '" + *asked + "'", "status");
  }
  int64_t limit = 100;
  if (std::optional<std::string> text = request.param("limit")) {
    char *end = nullptr;
    long long n = std::strtoll(text->c_str(), &end, 10);
    if (text->empty() || *end || n < 1 || n > 1000)
      return error(400, "invalid_parameter", "?limit takes a whole number from 1 to 1000, not '" + *text + "'", "limit");
    limit = n;
  }
  std::optional<int64_t> before;
  if (std::optional<std::string> id = request.param("before")) {
    std::optional<journal::RunRow> row = journal_.runs().find(*id);
    if (!row) return error(400, "invalid_parameter", "?before names no run: '" + *id + "'", "before");
    before = row->seq;
  }
  std::vector<journal::RunRow> rows = journal_.runs().recent(status, limit + 1, before);
  Json list = Json::array();
  for (size_t i = 0; i < rows.size() && int64_t(i) < limit; ++i) list.push_back(runJson(rows[i], journal_.runs().spend(rows[i].seq), runs_));
  Json next = int64_t(rows.size()) > limit ? Json(rows[size_t(limit) - 1].id) : Json();
  return json(200, {{"runs", list}, {"next", next}});
}

HttpResponse RestApi::getRun(HttpRequest &, const RouteArgs &args) { return runResponse(args.id); }

HttpResponse RestApi::runResponse(const std::string &id) {
  std::optional<journal::RunRow> row = journal_.runs().find(id);
  if (!row) return error(404, "not_found", "no run '" + id + "'");
  return json(200, runJson(*row, journal_.runs().spend(row->seq), runs_));
}

HttpResponse RestApi::cancelRun(HttpRequest &, const RouteArgs &args) {
  const std::string &id = args.id;
  std::optional<journal::RunRow> row = journal_.runs().find(id);
  if (!row) return error(404, "not_found", "no run '" + id + "'");
  const std::string reason = "cancelled by DELETE /runs/" + id;
  if (runs_.cancel(id, reason, std::chrono::seconds(10))) {
    row = journal_.runs().find(id);
    return json(row->status == journal::RunStatus::Running ? 202 : 200, runJson(*row, journal_.runs().spend(row->seq), runs_));
  }
  if (row->status == journal::RunStatus::Suspended) {
    journal_.runs().finish(row->seq, journal::RunStatus::Cancelled, std::nullopt, Error(ErrorKind::Cancelled, "").exitCode(), reason,
                       std::nullopt, journal::nowMs());
    row = journal_.runs().find(id);
    return json(200, runJson(*row, journal_.runs().spend(row->seq), runs_));
  }
  if (row->status == journal::RunStatus::Running)
    return error(409, "not_here", "run '" + id + "' is running in another process, or waits to be resumed: it "
                                                 "cannot be cancelled from this server now");
  return error(409, "already_stopped", "run '" + id + "' has already stopped (" + spell(row->status) + ")");
}

HttpResponse RestApi::sendEvent(HttpRequest &request, const RouteArgs &args) {
  const std::string &id = args.id;
  std::optional<journal::RunRow> row = journal_.runs().find(id);
  if (!row) return error(404, "not_found", "no run '" + id + "'");
  if (runs_.draining()) return error(503, "shutting_down", "the server is shutting down: it resumes no run");
  std::optional<bool> wait = waitParam(request);
  if (!wait) return error(400, "invalid_parameter", "?wait takes true or false, not '" + *request.param("wait") + "'", "wait");
  auto body = readBody(request);
  if (auto *refused = std::get_if<HttpResponse>(&body)) return *refused;
  const std::optional<Json> &parsed = std::get<std::optional<Json>>(body);
  if (!parsed || !parsed->is_object())
    return error(400, "invalid_event", "the body must be a JSON object {\"event\": NAME, \"context\": …}", "");
  for (auto it = parsed->begin(); it != parsed->end(); ++it)
    if (it.key() != "event" && it.key() != "context")
      return error(400, "invalid_event", "unknown member '" + it.key() + "': an event is {\"event\", \"context\"}",
                   "/" + it.key());
  auto event = parsed->find("event");
  if (event == parsed->end() || !event->is_string())
    return error(400, "invalid_event", "\"event\" is required: the name of the event (a string)", "/event");
  if (row->status != journal::RunStatus::Suspended || !row->awaiting)
    return error(409, "not_waiting",
                 "run '" + id + "' is not waiting for an event (it is " + spell(row->status) +
                     (row->status == journal::RunStatus::Suspended ? ", stopped by a server's shutdown; the next server resumes it" : "") +
                     ")");
  if (std::string why = runs_.whyNotResumable(*row); !why.empty())
    return error(409, "needs_program", "run '" + id + "' needs program " + row->identity.program +
                                           ", which wrote it: " + why);
  workflow::ExternalEvent external;
  try {
    std::optional<std::string> context;
    if (auto c = parsed->find("context"); c != parsed->end()) context = c->dump();
    external = journal::resumeEvent(*row, event->get<std::string>(), context);
  } catch (const Error &e) {
    return error(400, "invalid_event", e.what(), "/event");
  }
  std::optional<TraceParent> parent;
  if (std::optional<std::string> header = request.header("traceparent")) parent = parseTraceParent(*header);
  RunService::Started started = runs_.resume(*row, std::move(external), parent);
  if (started.refusal == RunService::Refusal::Full) {
    HttpResponse r = error(429, "too_many_runs", "the server runs " + std::to_string(runs_.maxRuns()) +
                                                     " runs already (--max-runs): send the event again later");
    r.headers.emplace_back("Retry-After", kRetryAfterSeconds);
    return r;
  }
  if (started.refusal == RunService::Refusal::Draining)
    return error(503, "shutting_down", "the server is shutting down: it resumes no run");
  if (started.refusal == RunService::Refusal::Failed) return error(409, "not_resumed", started.error);
  if (*wait) {
    runs_.waitUntilStopped(started.id);
    return runResponse(started.id);
  }
  return json(202, {{"id", started.id}, {"status", "running"}});
}

HttpResponse RestApi::runTrace(HttpRequest &request, const RouteArgs &args) {
  const std::string &id = args.id;
  std::optional<journal::RunRow> row = journal_.runs().find(id);
  if (!row) return error(404, "not_found", "no run '" + id + "'");
  size_t after = 0;
  if (std::optional<std::string> text = request.param("after")) {
    char *end = nullptr;
    unsigned long long n = std::strtoull(text->c_str(), &end, 10);
    if (text->empty() || *end || (*text)[0] == '-')
      return error(400, "invalid_parameter", "?after takes a number of lines, not '" + *text + "'", "after");
    after = size_t(n);
  }
  std::string lines = runs_.timeline(*row);
  size_t start = 0;
  for (size_t skipped = 0; skipped < after && start < lines.size(); ++skipped) {
    size_t nl = lines.find('\n', start);
    start = nl == std::string::npos ? lines.size() : nl + 1;
  }
  return {200, "application/x-ndjson", {{"Cache-Control", "no-cache"}}, lines.substr(start)};
}

HttpResponse RestApi::agui(HttpRequest &request, const RouteArgs &) {
  if (runs_.draining()) return error(503, "shutting_down", "the server is shutting down: it starts no run");
  auto body = readBody(request);
  if (auto *refused = std::get_if<HttpResponse>(&body)) return *refused;
  const std::optional<Json> &parsed = std::get<std::optional<Json>>(body);
  if (!parsed || !parsed->is_object())
    return error(400, "invalid_input", "the body must be AG-UI's RunAgentInput: {\"threadId\", \"runId\", \"messages\", …}", "");
  for (const char *field : {"threadId", "runId"})
    if (!parsed->contains(field) || !(*parsed)[field].is_string() || (*parsed)[field].get<std::string>().empty())
      return error(400, "invalid_input", std::string("\"") + field + "\" is required: a non-empty string", std::string("/") + field);
  Json messages = parsed->value("messages", Json::array());
  if (!messages.is_array()) return error(400, "invalid_input", "\"messages\" must be an array of AG-UI messages", "/messages");
  Json props = parsed->value("forwardedProps", Json::object());
  if (!props.is_object()) props = Json::object();
  std::optional<TraceParent> parent;
  if (std::optional<std::string> header = request.header("traceparent")) parent = parseTraceParent(*header);

  RunService::Started started;
  if (chat::isChatProgram(program_)) {
    // A turn of a task (forwardedProps.task, or the only one): the last user message is the
    // turn's, the user and assistant messages before it the conversation (docs/streaming.md).
    Json openAi = {{"messages", Json::array()}};
    if (props.contains("task")) openAi["model"] = props["task"];
    if (props.contains("variables")) openAi["metadata"] = props["variables"];
    for (const Json &m : messages) {
      std::string role = m.is_object() ? m.value("role", "") : "";
      if (role != "user" && role != "assistant" && role != "system" && role != "developer") continue;
      Json content = m.value("content", Json());
      openAi["messages"].push_back({{"role", role}, {"content", content.is_null() ? Json("") : content}});
    }
    auto read = readChatCompletionRequest(openAi, program_);
    if (auto *problem = std::get_if<ChatCompletionProblem>(&read))
      return error(problem->status, "invalid_input", problem->message, problem->param == "model" ? "/forwardedProps/task" : "/messages");
    ChatCompletionRequest chat = std::get<ChatCompletionRequest>(std::move(read));
    if (std::optional<std::string> problem = turnMediaProblem(chat.input, program_, *chat.task))
      return error(400, "invalid_input", *problem, "/messages");
    std::vector<InputProblem> problems = inputCheck_.problems(chat.input, chat.task);
    if (!problems.empty()) return error(400, "invalid_input", problems[0].text, "/forwardedProps/variables");
    started = startTurn(chat, parent);
  } else {
    // The run's input: forwardedProps.input, else the last user message's content as JSON.
    Json input = props.value("input", Json());
    if (input.is_null()) {
      for (auto it = messages.rbegin(); it != messages.rend(); ++it)
        if (it->is_object() && it->value("role", "") == "user" && (*it)["content"].is_string()) {
          input = readJsonOrDiscarded((*it)["content"].get<std::string>());
          break;
        }
    }
    if (!input.is_object())
      return error(400, "invalid_input",
                   "the run's input is forwardedProps.input, or the last user message's content as a JSON object "
                   "(GET /schema says what it holds)",
                   "/messages");
    Value value = Value::fromJson(std::move(input));
    std::vector<InputProblem> problems = inputCheck_.problems(value, nullptr);
    if (!problems.empty())
      return error(400, "invalid_input", "the input does not match the input schema (GET /schema): " + problems[0].text,
                   problems[0].field);
    started = runs_.start(std::move(value), nullptr, parent);
  }
  if (started.refusal == RunService::Refusal::Full) {
    HttpResponse r = error(429, "too_many_runs", "the server runs " + std::to_string(runs_.maxRuns()) +
                                                     " runs already (--max-runs): try again later");
    r.headers.emplace_back("Retry-After", kRetryAfterSeconds);
    return r;
  }
  if (started.refusal == RunService::Refusal::Draining)
    return error(503, "shutting_down", "the server is shutting down: it starts no run");
  if (started.refusal == RunService::Refusal::Failed) return error(500, "run_not_started", started.error);
  HttpResponse r{200, "text/event-stream", {{"Cache-Control", "no-cache"}, {"X-Accel-Buffering", "no"}}, ""};
  r.stream = std::make_shared<AguiStream>(runs_, started.events, (*parsed)["threadId"].get<std::string>(),
                                          (*parsed)["runId"].get<std::string>(), started.id);
  return r;
}

HttpResponse RestApi::runEvents(HttpRequest &request, const RouteArgs &args) {
  const std::string &id = args.id;
  std::optional<journal::RunRow> row = journal_.runs().find(id);
  if (!row) return error(404, "not_found", "no run '" + id + "'");
  // Where to start: after the last event the client saw — the Last-Event-ID header its
  // EventSource sends when it reconnects, or ?after= for a client that cannot set headers.
  int64_t after = 0;
  std::optional<std::string> text = request.header("Last-Event-ID");
  const char *field = "Last-Event-ID";
  if (std::optional<std::string> param = request.param("after")) text = param, field = "after";
  if (text && !text->empty()) {
    char *end = nullptr;
    errno = 0;
    long long n = std::strtoll(text->c_str(), &end, 10);
    if (*end || n < 0 || errno == ERANGE || !std::isdigit(static_cast<unsigned char>((*text)[0])))
      return error(400, "invalid_parameter",
                   std::string(field) + " takes the id of an event (a number from 0), not '" + *text + "'", "after");
    after = n;
  }
  HttpResponse r{200, "text/event-stream", {{"Cache-Control", "no-cache"}, {"X-Accel-Buffering", "no"}}, ""};
  r.stream = std::make_shared<RunEventFeed>(runs_, journal_, row->id, row->seq, after);
  return r;
}

HttpResponse RestApi::chatModels(HttpRequest &, const RouteArgs &) {
  Json data = Json::array();
  for (const ChatTaskDecl &t : program_.tasks)
    data.push_back({{"id", t.name}, {"object", "model"}, {"created", 0}, {"owned_by", program_.name}});
  return json(200, {{"object", "list"}, {"data", data}});
}

// The address the client reached the server at, for the endpoint in an agent card: its Host (as
// RequestOrigin checked it), else the listening address.
static std::string baseUrl(const HttpRequest &request, const ListenAddress &listen) {
  std::optional<std::string> host = request.header("Host");
  return "http://" + (host && !host->empty() ? *host : listen.host + ":" + std::to_string(listen.port));
}

HttpResponse RestApi::agentCard(HttpRequest &request, const RouteArgs &args) {
  if (!agents_->has(args.id)) return error(404, "not_found", "the pack has no agent '" + args.id + "'");
  return {200, "application/json", {}, agents_->card(args.id, baseUrl(request, options_.listen))};
}

HttpResponse RestApi::agentRpc(HttpRequest &request, const RouteArgs &args) {
  if (!agents_->has(args.id)) return error(404, "not_found", "the pack has no agent '" + args.id + "'");
  auto body = readBody(request);
  if (auto *refused = std::get_if<HttpResponse>(&body)) {
    if (refused->status != 400) return *refused;
    return {200, "application/json", {}, A2aAgents::error(nullptr, -32700, "the body is not JSON: " +
                                                                               readJson(refused->body)["error"].value("message", ""))};
  }
  const std::optional<Json> &parsed = std::get<std::optional<Json>>(body);
  if (!parsed) return {200, "application/json", {}, A2aAgents::error(nullptr, -32600, "the request has no body")};
  return agents_->call(args.id, *parsed);
}

RunService::Started RestApi::startTurn(const ChatCompletionRequest &chat, const std::optional<TraceParent> &parent,
                                      const std::optional<Value> &recorded) {
  const ChatTaskDecl *task = chat.task;
  std::vector<llm::Message> earlier = chat.earlier;
  Value input = chat.input;
  return runs_.start(
      recorded.value_or(chat.input), task, parent,
      [task, earlier, input](Run &run, const CancellationToken &cancel, const std::string &rootSpan) -> std::optional<Value> {
        chat::ChatSession session(run, *task, cancel, rootSpan);
        session.addEarlierTurns(earlier);
        std::string reply = session.turn(chat::parseTurnInput(input, true, chat::MediaFiles::Refused));
        session.finish();
        return Value::string(reply);
      });
}

HttpResponse RestApi::chatCompletions(HttpRequest &request, const RouteArgs &) {
  if (runs_.draining()) return openAiError(503, "the server is shutting down");
  auto body = readBody(request);
  if (auto *refused = std::get_if<HttpResponse>(&body)) {
    Json e = readJson(refused->body)["error"];
    return openAiError(refused->status, e["message"]);
  }
  const std::optional<Json> &parsed = std::get<std::optional<Json>>(body);
  if (!parsed) return openAiError(400, "the request has no body: send {\"model\", \"messages\"}");
  auto read = readChatCompletionRequest(*parsed, program_);
  if (auto *problem = std::get_if<ChatCompletionProblem>(&read))
    return openAiError(problem->status, problem->message, problem->param, problem->code);
  ChatCompletionRequest chat = std::get<ChatCompletionRequest>(std::move(read));
  if (std::optional<std::string> problem = turnMediaProblem(chat.input, program_, *chat.task))
    return openAiError(400, *problem, "messages");
  std::vector<InputProblem> problems = inputCheck_.problems(chat.input, chat.task);
  if (!problems.empty()) {
    const InputProblem &p = problems[0];
    std::string param = p.field.rfind("/variables/", 0) == 0 ? "metadata." + p.field.substr(11) : "messages";
    return openAiError(400, p.text, param);
  }
  std::optional<TraceParent> parent;
  if (std::optional<std::string> header = request.header("traceparent")) parent = parseTraceParent(*header);
  RunService::Started started = startTurn(chat, parent);
  if (started.refusal == RunService::Refusal::Full) {
    HttpResponse r = openAiError(429, "the server runs " + std::to_string(runs_.maxRuns()) + " runs already (--max-runs)");
    r.headers.emplace_back("Retry-After", kRetryAfterSeconds);
    return r;
  }
  if (started.refusal != RunService::Refusal::None)
    return openAiError(started.refusal == RunService::Refusal::Draining ? 503 : 500,
                       started.refusal == RunService::Refusal::Draining ? "the server is shutting down" : started.error);
  if (chat.stream) {
    using namespace std::chrono;
    int64_t created = duration_cast<seconds>(system_clock::now().time_since_epoch()).count();
    HttpResponse r{200, "text/event-stream", {{"Cache-Control", "no-cache"}, {"X-Accel-Buffering", "no"}}, ""};
    r.stream = std::make_shared<ChatCompletionStream>(runs_, started.events, chat, started.id, created);
    return r;
  }
  runs_.waitUntilStopped(started.id);
  std::optional<journal::RunRow> row = journal_.runs().find(started.id);
  if (!row || row->status != journal::RunStatus::Succeeded || !row->output)
    return openAiError(row && row->exitCode && *row->exitCode == 2 ? 400 : 500,
                       row ? "run " + row->id + " " + spell(row->status) + ": " + row->error : "the run was lost");
  // The tokens the turn used, from its trace.
  uint64_t promptTokens = 0, completionTokens = 0;
  std::istringstream lines(runs_.timeline(*row));
  for (std::string line; std::getline(lines, line);) {
    Json event = readJsonOrDiscarded(line);
    if (event.is_discarded() || event.value("event", "") != "llm_call") continue;
    promptTokens += event.value("prompt_tokens", uint64_t(0));
    completionTokens += event.value("completion_tokens", uint64_t(0));
  }
  Json stored = journal::storedJson(*row->output);  // the reply, as the chat run stored it
  std::string reply = stored.is_string() ? stored.get<std::string>() : stored.dump();
  return {200, "application/json", {}, chatCompletionBody(chat, row->id, reply, promptTokens, completionTokens, row->startedMs / 1000)};
}

}  // namespace wfc::serve
