// PromptKit's eval types an external scorer scores (its rest_eval.go, a2a_eval.go and
// external_eval.go; docs/evals.md "External scorers"): the reply — or, for the _session types,
// every assistant message of the conversation — goes with the conversation, the tool calls,
// the criteria, the prompt's variables and `extra` to an HTTP endpoint (rest_eval) or to an A2A
// agent as a message/send request (a2a_eval), which answers {"score", "reasoning", "passed"}.
// The score is the eval's; it passes as a judged type does: at a `threshold` when one is given,
// else by the scorer's "passed", else at 0.5. A scorer that cannot be reached, answers with an
// error status or without a score makes the eval an `error`, never a pass.
#include "core/evals/NamedEval.h"

#include "common/JsonReader.h"
#include "core/evals/EvalParams.h"
#include "support/http/HttpClient.h"
#include "wfc/error.h"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace wfc::evals {
namespace {

using Json = nlohmann::ordered_json;

// PromptKit runs an eval for 30 s at most, whatever its own timeout says.
constexpr long kEvalLimitMs = 30000;
// What it reads of a scorer's answer.
constexpr size_t kMaxAnswerBytes = 10 * 1024 * 1024;

// `${NAME}` replaced by the environment variable NAME ("" when it is not set), as PromptKit expands
// header values and tokens: secrets stay out of the pack.
std::string expandEnvironment(const std::string &text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    size_t close = text.compare(i, 2, "${") == 0 ? text.find('}', i + 2) : std::string::npos;
    if (close == std::string::npos || close == i + 2) {
      out += text[i++];
      continue;
    }
    const char *value = std::getenv(text.substr(i + 2, close - i - 2).c_str());
    out += value ? value : "";
    i = close + 1;
  }
  return out;
}

// A Go duration ("10s", "1m30s", "500ms", "1.5h"), in milliseconds; nullopt when it is not one.
std::optional<double> goDurationMs(const std::string &text) {
  static const std::pair<const char *, double> kUnits[] = {{"ns", 1e-6}, {"us", 1e-3}, {"\xC2\xB5s", 1e-3},
                                                          {"ms", 1},     {"s", 1000},  {"m", 60000},
                                                          {"h", 3600000}};
  if (text.empty()) return std::nullopt;
  double total = 0;
  size_t i = 0;
  while (i < text.size()) {
    size_t start = i;
    while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
    if (i == start) return std::nullopt;
    double amount = std::strtod(text.substr(start, i - start).c_str(), nullptr);
    const std::pair<const char *, double> *unit = nullptr;
    for (const auto &u : kUnits)  // the longest unit that fits: "ms" before "m"
      if (text.compare(i, std::strlen(u.first), u.first) == 0 && (!unit || std::strlen(u.first) > std::strlen(unit->first)))
        unit = &u;
    if (!unit) return std::nullopt;
    total += amount * unit->second;
    i += std::strlen(unit->first);
  }
  return total;
}

long timeoutMs(const NamedEvalInput &in, double fallbackMs) {
  std::optional<double> ms = goDurationMs(param::text(in.params, "timeout"));
  return static_cast<long>(std::min<double>(ms && *ms > 0 ? *ms : fallbackMs, kEvalLimitMs));
}

// Every assistant message of the conversation, one per line (the _session types' content).
std::string assistantMessages(const NamedEvalInput &in) {
  std::string out;
  bool first = true;
  for (const TranscriptMessage &m : in.transcript)
    if (lowered(m.role) == "assistant") {
      out += (first ? "" : "\n") + m.text;
      first = false;
    }
  return out;
}

// PromptKit's ExternalEvalRequest, its keys in its order; empty ones left out as Go's omitempty
// leaves them. A tool call's keys are Go's field names (its view has no json tags), and its
// Index is its position among the conversation's calls (docs/promptkit.md "Divergences").
Json scorerRequest(const NamedEvalInput &in, bool session) {
  Json body = Json::object();
  body["current_output"] = session ? assistantMessages(in) : in.text;
  if (!in.params.contains("include_messages") || param::flag(in.params, "include_messages")) {
    Json messages = Json::array();
    for (const TranscriptMessage &m : in.transcript) messages.push_back({{"role", m.role}, {"content", m.text}});
    if (!messages.empty()) body["messages"] = std::move(messages);
  }
  if (param::flag(in.params, "include_tool_calls") && !in.calls.empty()) {
    Json calls = Json::array();
    for (size_t i = 0; i < in.calls.size(); ++i) {
      const ToolCallRecord &c = in.calls[i];
      calls.push_back({{"Name", c.name}, {"Args", c.args.json()}, {"Result", c.result}, {"Error", c.error}, {"Index", i}});
    }
    body["tool_calls"] = std::move(calls);
  }
  if (std::string criteria = param::text(in.params, "criteria"); !criteria.empty()) body["criteria"] = criteria;
  if (in.variables.isObject() && in.variables.size() > 0) body["variables"] = in.variables.json();
  if (const Json &extra = param::object(in.params, "extra"); !extra.empty()) body["extra"] = extra;
  return body;
}

// Reads a scorer's answer as PromptKit does: the JSON object from the first '{' to the last '}'.
Verdict scoreAnswer(const NamedEvalInput &in, const std::string &answer, const std::string &scorer) {
  size_t first = answer.find('{'), last = answer.rfind('}');
  std::string object = first != std::string::npos && last != std::string::npos && last > first
                           ? answer.substr(first, last - first + 1)
                           : answer;
  Json parsed = readJsonOrDiscarded(object);
  if (parsed.is_discarded() || !parsed.is_object())
    throw Error(ErrorKind::StepFailed, scorer + "'s answer is not a JSON object: " + http::textHead(answer, 200));
  auto score = parsed.find("score");
  if (score == parsed.end() || !score->is_number())
    throw Error(ErrorKind::StepFailed, scorer + "'s answer has no numeric \"score\": " + http::textHead(answer, 200));
  if (auto reasoning = parsed.find("reasoning"); reasoning != parsed.end() && reasoning->is_string())
    in.rationale = reasoning->get<std::string>();
  Verdict v;
  v.score = score->get<double>();
  auto passed = parsed.find("passed");
  v.passed = passed != parsed.end() && passed->is_boolean() ? passed->get<bool>() : v.score >= 0.5;
  if (!v.passed)
    v.message = fmt::format("{} scored {:g}", scorer, v.score) + (in.rationale.empty() ? "" : ": " + in.rationale);
  return v;
}

// ---- rest_eval

Verdict restEval(const NamedEvalInput &in, bool session) {
  http::HttpRequest request;
  // wfc reads the environment in the URL too (docs/evals.md "External scorers"), where PromptKit
  // only reads it in headers: an endpoint differs by deployment.
  request.url = expandEnvironment(param::text(in.params, "url"));
  std::string method = param::text(in.params, "method");
  request.method = method.empty() ? "POST" : method;
  request.headers.push_back("Content-Type: application/json");
  // Set after Content-Type, so the pack may replace it.
  for (const auto &[name, value] : param::object(in.params, "headers").items())
    if (value.is_string()) request.headers.push_back(name + ": " + expandEnvironment(value.get<std::string>()));
  request.body = scorerRequest(in, session).dump(-1, ' ', false, Json::error_handler_t::replace);
  request.timeoutMs = timeoutMs(in, 30000);
  request.maxBodyBytes = kMaxAnswerBytes;
  const std::string scorer = "the endpoint " + http::redactUrl(request.url);
  http::HttpResponse response = http::send(request, in.cancel);
  if (response.status < 200 || response.status > 299)
    throw Error(ErrorKind::StepFailed, fmt::format("{} returned status {}: {}", scorer, response.status,
                                                   http::textHead(response.body, 200)));
  return scoreAnswer(in, response.body, scorer);
}

Verdict restEvalTurn(const NamedEvalInput &in) { return restEval(in, false); }
Verdict restEvalSession(const NamedEvalInput &in) { return restEval(in, true); }

// ---- a2a_eval

// The text of an A2A task's answer: its status message's text parts, else its first artifact's.
std::string taskText(const Json &task) {
  if (!task.is_object()) return "";
  auto joined = [](const Json &parts) {
    std::string out;
    bool first = true;
    if (!parts.is_array()) return out;
    for (const Json &part : parts)
      if (part.is_object() && part.contains("text") && part["text"].is_string()) {
        out += (first ? "" : "\n") + part["text"].get<std::string>();
        first = false;
      }
    return out;
  };
  if (task.contains("status") && task["status"].is_object() && task["status"].contains("message") &&
      task["status"]["message"].is_object())
    if (std::string text = joined(task["status"]["message"].value("parts", Json())); !text.empty()) return text;
  if (task.contains("artifacts") && task["artifacts"].is_array())
    for (const Json &artifact : task["artifacts"])
      if (artifact.is_object())
        if (std::string text = joined(artifact.value("parts", Json())); !text.empty()) return text;
  // A Message answer (A2A allows one for message/send) carries its parts itself.
  return joined(task.value("parts", Json()));
}

Verdict a2aEval(const NamedEvalInput &in, bool session) {
  std::string url = expandEnvironment(param::text(in.params, "agent_url"));
  while (!url.empty() && url.back() == '/') url.pop_back();
  std::string criteria = param::text(in.params, "criteria");
  std::string text = std::string(kDefaultJudgeSystemPrompt) + "\n\n" +
                     (criteria.empty() ? "" : "Criteria: " + criteria + "\n\n") + "Context:\n" +
                     scorerRequest(in, session).dump(-1, ' ', false, Json::error_handler_t::replace);
  Json call = {{"jsonrpc", "2.0"},
               {"id", 1},
               {"method", "message/send"},
               {"params",
                {{"message", {{"messageId", ""}, {"role", "user"}, {"parts", Json::array({{{"text", text}}})}}},
                 {"configuration", {{"blocking", true}}}}}};
  http::HttpRequest request;
  request.url = url + "/a2a";
  request.headers.push_back("Content-Type: application/json");
  if (std::string token = expandEnvironment(param::text(in.params, "auth_token")); !token.empty())
    request.headers.push_back("Authorization: Bearer " + token);
  request.body = call.dump(-1, ' ', false, Json::error_handler_t::replace);
  request.timeoutMs = timeoutMs(in, 60000);
  request.maxBodyBytes = kMaxAnswerBytes;
  const std::string scorer = "the A2A agent " + http::redactUrl(url);
  http::HttpResponse response = http::send(request, in.cancel);
  if (response.status != 200)
    throw Error(ErrorKind::StepFailed, fmt::format("{}: message/send: status {}: {}", scorer, response.status,
                                                   http::textHead(response.body, 200)));
  Json reply = readJsonOrDiscarded(response.body);
  if (reply.is_discarded() || !reply.is_object())
    throw Error(ErrorKind::StepFailed, scorer + " answered message/send with no JSON-RPC response: " +
                                           http::textHead(response.body, 200));
  if (reply.contains("error") && !reply["error"].is_null())
    throw Error(ErrorKind::StepFailed, scorer + ": rpc error: " + http::textHead(reply["error"].dump(), 200));
  std::string answer = reply.contains("result") ? taskText(reply["result"]) : "";
  if (answer.empty()) throw Error(ErrorKind::StepFailed, scorer + " returned no text response");
  return scoreAnswer(in, answer, scorer);
}

Verdict a2aEvalTurn(const NamedEvalInput &in) { return a2aEval(in, false); }
Verdict a2aEvalSession(const NamedEvalInput &in) { return a2aEval(in, true); }

}  // namespace

void addExternalEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.emplace_back("rest_eval", restEvalTurn);
  out.emplace_back("rest_eval_session", restEvalSession);
  out.emplace_back("a2a_eval", a2aEvalTurn);
  out.emplace_back("a2a_eval_session", a2aEvalSession);
}

}  // namespace wfc::evals
