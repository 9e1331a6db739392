// What --serve reads from a request (docs/serve.md): the body of POST /runs and of POST
// /v1/chat/completions, read as the server reads them — readBody, then for a run the input's
// check against the program's schemas (InputCheck), for a chat completion
// readChatCompletionRequest and the same check — against two real compiled programs, a chat
// pack and a composition with an input schema; then what a checked input becomes (a chat turn's
// input, a chat.completion); and the traceparent header.
//
// Invariants checked besides crashes: a refused body is a 400 with a JSON error; a parsed one is
// what nlohmann's own parse makes of it; every
// input problem names a field (a JSON pointer) and says what is wrong; an input the check
// and the server's media check (turnMediaProblem) pass is one a chat turn reads (parseTurnInput
// throws nothing) — else the server would start a run that fails at once instead of answering
// 400; a refused chat completion is a 4xx with a
// message; a chat.completion is JSON (or server-sent events of JSON, then [DONE]); a parsed
// traceparent has ids of 32 and 16 hex digits.
#include "FuzzTarget.h"
#include "ServePrograms.h"

#include "core/chat/ChatSession.h"
#include "host/mcp_server/ToolCatalog.h"
#include "host/serve/ChatCompletions.h"
#include "host/serve/InputCheck.h"
#include "host/serve/RestApi.h"
#include "host/serve/RunService.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>

namespace {

using Json = nlohmann::ordered_json;
using wfc::fuzz::fail;

void checkProblems(const std::vector<wfc::serve::InputProblem> &problems) {
  for (const wfc::serve::InputProblem &p : problems) {
    if (!p.field.empty() && p.field[0] != '/') fail("an input problem's field is not a JSON pointer: " + p.field);
    if (p.message.empty() || p.text.empty()) fail("an input problem that says nothing");
  }
}

void turnReads(const wfc::Value &input, const wfc::ProgramDecl &program, const wfc::ChatTaskDecl &task,
               const char *what) {
  if (wfc::serve::turnMediaProblem(input, program, task)) return;  // answered 400 by the server
  try {
    wfc::chat::parseTurnInput(input, true, wfc::chat::MediaFiles::Refused);
  } catch (const wfc::Error &e) {
    fail(std::string(what) + " passed the input check, but a chat turn refuses it: " + e.what());
  }
}

void checkCompletion(const std::string &body, bool stream) {
  if (!stream) {
    if (Json::parse(body, nullptr, false).is_discarded()) fail("a chat.completion that is not JSON: " + body);
    return;
  }
  std::istringstream events(body);
  bool done = false;
  for (std::string line; std::getline(events, line);) {
    if (line.empty()) continue;
    if (line.rfind("data: ", 0) != 0) fail("a server-sent event that is not data: " + line);
    if (line == "data: [DONE]") {
      done = true;
      continue;
    }
    if (Json::parse(line.substr(6), nullptr, false).is_discarded()) fail("a chunk that is not JSON: " + line);
  }
  if (!done) fail("a stream without [DONE]");
}

struct Programs {
  const wfc::ProgramDecl &chat = wfc::fuzz::chatProgram();
  const wfc::ProgramDecl &workflow = wfc::fuzz::workflowProgram();
  wfc::serve::InputCheck chatCheck{chat, wfc::mcp::servedTools(chat)};
  wfc::serve::InputCheck workflowCheck{workflow, wfc::mcp::servedTools(workflow)};
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const Programs programs;
  std::string text(wfc::fuzz::asText(data, size));

  if (std::optional<wfc::serve::TraceParent> parent = wfc::serve::parseTraceParent(text))
    if (parent->traceId.size() != 32 || parent->spanId.size() != 16) fail("a traceparent with ids of the wrong size");

  wfc::serve::HttpRequest request;
  request.method = "POST";
  request.body = text;
  auto body = wfc::serve::readBody(request);
  if (auto *refused = std::get_if<wfc::serve::HttpResponse>(&body)) {
    if (refused->status != 400) fail("a body refused with " + std::to_string(refused->status));
    if (Json::parse(refused->body, nullptr, false).is_discarded()) fail("an error that is not JSON: " + refused->body);
    return 0;
  }
  const std::optional<Json> &parsed = std::get<std::optional<Json>>(body);
  // readBody's parser takes strings instead of copying them (support/JsonTakingStrings.h): what it
  // makes of a body is what nlohmann's own parse makes.
  if (parsed) {
    Json reference = Json::parse(text, nullptr, false);
    if (reference.is_discarded() || reference.dump() != parsed->dump())
      fail("readBody's value differs from ordered_json::parse's: " + parsed->dump());
  }
  if (!parsed) return 0;

  // POST /runs: the body is the run's input.
  if (parsed->is_object()) {
    wfc::Value input = wfc::Value::fromJson(*parsed);
    std::vector<wfc::serve::InputProblem> problems = programs.workflowCheck.problems(input, nullptr);
    checkProblems(problems);
    for (const wfc::ChatTaskDecl &task : programs.chat.tasks) {
      problems = programs.chatCheck.problems(input, &task);
      checkProblems(problems);
      if (problems.empty()) turnReads(input, programs.chat, task, "a run's body");
    }
  }

  // POST /v1/chat/completions.
  auto read = wfc::serve::readChatCompletionRequest(*parsed, programs.chat);
  if (auto *problem = std::get_if<wfc::serve::ChatCompletionProblem>(&read)) {
    if (problem->status < 400 || problem->status > 499 || problem->message.empty())
      fail("a chat completion refused with " + std::to_string(problem->status) + ": " + problem->message);
    return 0;
  }
  const wfc::serve::ChatCompletionRequest &chat = std::get<wfc::serve::ChatCompletionRequest>(read);
  if (!chat.task) fail("a chat completion request without a task");
  std::vector<wfc::serve::InputProblem> problems = programs.chatCheck.problems(chat.input, chat.task);
  checkProblems(problems);
  if (!problems.empty()) return 0;
  turnReads(chat.input, programs.chat, *chat.task, "a chat completion");
  // The reply: the turn's message back (any text a model might send).
  std::string reply = chat.input.get("message") ? chat.input.get("message")->asString() : "";
  if (!chat.stream) {
    checkCompletion(wfc::serve::chatCompletionBody(chat, "run-1", reply, 3, 4, 1764150000), false);
    return 0;
  }
  // Streamed (host/serve/ChatCompletionStream.h): the role, the reply, the end, the usage, [DONE].
  using wfc::serve::chatCompletionChunk;
  std::string events = chatCompletionChunk(chat.model, "run-1", 1764150000, {{"role", "assistant"}, {"content", ""}}, nullptr) +
                       chatCompletionChunk(chat.model, "run-1", 1764150000, {{"content", reply}}, nullptr) +
                       chatCompletionChunk(chat.model, "run-1", 1764150000, Json::object(), "stop");
  if (chat.includeUsage) events += wfc::serve::chatCompletionUsageChunk(chat.model, "run-1", 1764150000, 3, 4);
  checkCompletion(events + "data: [DONE]\n\n", true);
  return 0;
}
