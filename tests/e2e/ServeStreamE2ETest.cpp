// Streaming from --serve end to end (docs/streaming.md): packs/serve-flow.yaml and
// packs/chat-support.yaml served as real processes, read over real HTTP with libcurl as the bytes
// arrive, their LLM the scripted test server streaming word by word with a delay. GET
// /runs/{id}/events from the first event, live, then from the journal; Last-Event-ID after a
// client hangs up and after the server is killed (-9): no event lost, none twice; streamed chat
// completions in OpenAI's chunk format, read raw and by the official `openai` npm client; a
// client that hangs up cancels its turn.
#include "CurlClient.h"
#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "Process.h"
#include "ServeProcess.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <set>
#include <sstream>
#include <thread>

#include <unistd.h>

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace wfc::test;
using namespace std::chrono_literals;

namespace {

const std::string kServeNpm = std::string(WFC_SOURCE_DIR) + "/tests/serve";
const std::string kDraft = "one two three four five six seven eight nine ten";
const std::string kGreeting = "Hello there, my good friend";

const char *kFlowBindings = R"(tools:
  route: { mock: { template: { event: "{{args.event}}", text: "{{args.text}}" } } }
  publish: { mock: { template: { published: "{{args.text}}" } } }
)";
const char *kChatBindings = R"(tools:
  kb.lookup: { mock: { result: "x" } }
  kb.delete: { mock: { result: "x" } }
)";

// The writer streams its draft a word every 150 ms; the greeter a word every 120 ms; the approver
// (a suspended run's) answers at once.
Json script() {
  return {{"replies",
           {{{"match", {{"system_contains", "WRITER"}}}, {"chunk_delay_ms", 150}, {"reply", {{"content", kDraft}}}},
            {{"match", {{"system_contains", "Greet"}}}, {"chunk_delay_ms", 120}, {"reply", {{"content", kGreeting}}}},
            {{"match", {{"system_contains", "APPROVER"}}}, {"reply", {{"content", "looks fine"}}}}}}};
}

struct SseEvent {
  int64_t id = 0;
  Json data;
};

// The whole events of a text/event-stream body (an event ends with a blank line); comments and
// an unfinished last event are left out.
std::vector<SseEvent> parseEvents(const std::string &body) {
  std::vector<SseEvent> out;
  size_t start = 0;
  for (size_t end; (end = body.find("\n\n", start)) != std::string::npos; start = end + 2) {
    SseEvent e;
    bool any = false;
    std::istringstream lines(body.substr(start, end - start));
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("id: ", 0) == 0) e.id = std::stoll(line.substr(4));
      if (line.rfind("data: ", 0) == 0) {
        any = true;
        e.data = line.substr(6) == "[DONE]" ? Json("[DONE]") : Json::parse(line.substr(6));
      }
    }
    if (any) out.push_back(std::move(e));
  }
  return out;
}

std::string tokensOf(const std::vector<SseEvent> &events) {
  std::string text;
  for (const SseEvent &e : events)
    if (e.data.is_object() && e.data.value("event", "") == "token") text += e.data["text"].get<std::string>();
  return text;
}

class ServeStreamE2ETest : public ::testing::Test {
 protected:
  void SetUp() override {
    llm_ = std::make_unique<LlmServerProcess>(script());
  }

  std::string start(const std::string &pack = "serve-flow") {
    std::string exe = e2eExeDir() + "/" + pack;
    EXPECT_TRUE(fs::exists(exe)) << exe << " was not built";
    server_.reset();
    std::string bindings = dir_.write(pack + ".yaml", pack == "serve-flow" ? kFlowBindings : kChatBindings);
    std::vector<std::string> args = {"--serve", "127.0.0.1:0", "--journal", (dir_ / "runs.db").string(), "--bindings",
                                     bindings, "--llm-base-url", llm_->baseUrl(), "--model", "test-model"};
    server_ = std::make_unique<ServeProcess>(exe, args, dir_ / ("serve" + std::to_string(++starts_) + ".err"),
                                             std::map<std::string, std::string>{}, dir_.str());
    std::optional<std::string> base = server_->waitReady();
    EXPECT_TRUE(base) << "the server did not come up:\n" << server_->stderrText();
    base_ = base.value_or("http://127.0.0.1:1");
    return base_;
  }

  std::string url(const std::string &path) const { return base_ + path; }

  std::string startRun(const std::string &topic) {
    HttpReply r = httpPostJson(url("/runs"), Json{{"topic", topic}, {"next", "done"}}.dump());
    EXPECT_EQ(r.status, 201) << r.body;
    return r.status == 201 ? r.json()["id"].get<std::string>() : "";
  }

  // GET /runs/ID/events (after `lastId` when given), until the stream ends or `hangUpAfter`
  // whole events have come (then the client hangs up). `arrived`: when each event came.
  std::vector<SseEvent> readEvents(const std::string &id, std::optional<int64_t> lastId = std::nullopt,
                                   size_t hangUpAfter = SIZE_MAX,
                                   std::vector<std::chrono::steady_clock::time_point> *arrived = nullptr) {
    HttpCall call;
    call.url = url("/runs/" + id + "/events");
    if (lastId) call.headers.push_back("Last-Event-ID: " + std::to_string(*lastId));
    std::string seen;
    size_t count = 0;
    call.onPiece = [&](std::string_view piece) {
      seen += piece;
      size_t now = parseEvents(seen).size();
      if (arrived)
        for (; count < now; ++count) arrived->push_back(std::chrono::steady_clock::now());
      count = now;
      return now < hangUpAfter;
    };
    HttpReply r = httpCall(call);
    if (hangUpAfter == SIZE_MAX) {
      EXPECT_EQ(r.status, 200) << r.error << r.body;
      EXPECT_EQ(r.header("content-type"), "text/event-stream");
    }
    std::vector<SseEvent> events = parseEvents(r.body);
    if (events.size() > hangUpAfter) events.resize(hangUpAfter);
    return events;
  }

  Json waitStopped(const std::string &id) {
    Json run;
    for (int i = 0; i < 500; ++i) {
      HttpReply r = httpGet(url("/runs/" + id));
      run = r.status == 200 ? r.json() : Json();
      if (r.status == 200 && run["status"] != "running") return run;
      std::this_thread::sleep_for(20ms);
    }
    return run;
  }

  TempDir dir_;
  std::string base_;
  std::unique_ptr<LlmServerProcess> llm_;
  std::unique_ptr<ServeProcess> server_;
  int starts_ = 0;
};

void expectSameEvents(const std::vector<SseEvent> &got, const std::vector<SseEvent> &want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].id, want[i].id) << i;
    EXPECT_EQ(got[i].data, want[i].data) << i;
  }
}

TEST_F(ServeStreamE2ETest, EventsStreamLiveFromTheFirstToTheLastThenFromTheJournal) {
  start();
  std::string id = startRun("live");
  std::vector<std::chrono::steady_clock::time_point> arrived;
  std::vector<SseEvent> events = readEvents(id, std::nullopt, SIZE_MAX, &arrived);
  ASSERT_GE(events.size(), 12u);
  for (size_t i = 0; i < events.size(); ++i) EXPECT_EQ(events[i].id, int64_t(i + 1)) << "ids count from 1, one by one";
  EXPECT_EQ(events.front().data["event"], "run_start");
  EXPECT_EQ(events.front().data["run_id"], id);
  EXPECT_EQ(events.back().data["event"], "output");
  EXPECT_EQ(events.back().data["output"], Json::parse(R"({"published": "live"})"));
  EXPECT_EQ(tokensOf(events), kDraft);
  size_t firstToken = 0, stepEnd = 0;
  for (size_t i = 0; i < events.size(); ++i) {
    const Json &e = events[i].data;
    if (e["event"] == "token") {
      EXPECT_EQ(e["step"], "draft:write") << e.dump();
      if (!firstToken) firstToken = i;
    }
    if (e["event"] == "step_end" && e["step"] == "draft:write") {
      stepEnd = i;
      EXPECT_EQ(e["output"], kDraft) << e.dump();
    }
  }
  ASSERT_GT(firstToken, 0u);
  ASSERT_GT(stepEnd, firstToken);
  // Live: the first word came while the other nine were still being written (150 ms apart).
  EXPECT_GT(arrived[stepEnd] - arrived[firstToken], 600ms);

  // Once the run is over, the same events from the journal; after an id, only those after it.
  expectSameEvents(readEvents(id), events);
  std::vector<SseEvent> tail = readEvents(id, events[events.size() - 3].id);
  ASSERT_EQ(tail.size(), 2u);
  EXPECT_EQ(tail.back().data["event"], "output");
  HttpReply byParam = httpGet(url("/runs/" + id + "/events?after=" + std::to_string(events.size() - 1)));
  EXPECT_EQ(parseEvents(byParam.body).size(), 1u) << byParam.body;
  EXPECT_TRUE(readEvents(id, events.back().id).empty());

  HttpReply bad = httpGet(url("/runs/" + id + "/events"), {"Last-Event-ID: seven"});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json()["error"]["code"], "invalid_parameter") << bad.body;
  EXPECT_EQ(httpGet(url("/runs/" + id + "/events?after=-1")).status, 400);
  EXPECT_EQ(httpGet(url("/runs/no-such-run/events")).status, 404);
}

TEST_F(ServeStreamE2ETest, ALastEventIdResumesExactlyAfterAClientHungUp) {
  start();
  std::string id = startRun("reconnect");
  // Hang up in the middle of the draft, then come back after the last event seen.
  std::vector<SseEvent> first = readEvents(id, std::nullopt, 6);
  ASSERT_EQ(first.size(), 6u);
  std::vector<SseEvent> rest = readEvents(id, first.back().id);
  ASSERT_FALSE(rest.empty());
  EXPECT_EQ(rest.front().id, first.back().id + 1);
  EXPECT_EQ(rest.back().data["event"], "output");
  std::vector<SseEvent> both = first;
  both.insert(both.end(), rest.begin(), rest.end());
  EXPECT_EQ(tokensOf(both), kDraft);
  expectSameEvents(both, readEvents(id));
}

TEST_F(ServeStreamE2ETest, ALastEventIdResumesExactlyAfterTheServerWasKilled) {
  start();
  std::string id = startRun("killed");
  std::vector<SseEvent> before = readEvents(id, std::nullopt, 6);  // some of the draft's words
  ASSERT_EQ(before.size(), 6u);
  ASSERT_EQ(before.back().data["event"], "token");
  server_->signal(SIGKILL);
  ASSERT_TRUE(server_->wait(5s));
  start();  // resumes the run: its draft is written again
  // As an EventSource does: reconnect after the last event seen until the last event comes.
  std::vector<SseEvent> seen = before;
  for (int attempt = 0; attempt < 20 && seen.back().data.value("event", "") != "output"; ++attempt) {
    std::vector<SseEvent> more = readEvents(id, seen.back().id);
    seen.insert(seen.end(), more.begin(), more.end());
    if (more.empty()) std::this_thread::sleep_for(100ms);
  }
  ASSERT_EQ(seen.back().data["event"], "output") << server_->stderrText();
  std::set<int64_t> ids;
  for (size_t i = 0; i < seen.size(); ++i) {
    EXPECT_TRUE(ids.insert(seen[i].id).second) << "event " << seen[i].id << " came twice";
    if (i) {
      EXPECT_GT(seen[i].id, seen[i - 1].id);
    }
  }
  // None lost: what the client saw is every event the journal holds of the run.
  expectSameEvents(seen, readEvents(id));
  size_t resumedAt = 0;
  for (size_t i = 0; i < seen.size(); ++i)
    if (seen[i].data["event"] == "run_start" && seen[i].data["resumed"] == true) resumedAt = i;
  ASSERT_GT(resumedAt, 0u) << "the restarted server's run_start";
  std::vector<SseEvent> second(seen.begin() + std::ptrdiff_t(resumedAt), seen.end());
  EXPECT_EQ(tokensOf(second), kDraft);
  EXPECT_EQ(seen.back().data["output"], Json::parse(R"({"published": "killed"})"));
}

// A run that waits for an event ends its stream with "suspended"; given its event it runs again,
// at once, and its events go on from the next id — the journal's, not a second event 1.
TEST_F(ServeStreamE2ETest, ASuspendedRunsStreamGoesOnAfterItsEventFromTheNextId) {
  start();
  HttpReply started = httpPostJson(url("/runs"), R"({"topic": "review me", "next": "review"})");
  ASSERT_EQ(started.status, 201) << started.body;
  std::string id = started.json()["id"];
  std::vector<SseEvent> first = readEvents(id);
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(first.back().data["event"], "suspended") << first.back().data.dump();
  HttpReply resumed = httpPostJson(url("/runs/" + id + "/events?wait=true"), R"({"event": "approve"})");
  ASSERT_EQ(resumed.status, 200) << resumed.body;
  std::vector<SseEvent> rest = readEvents(id, first.back().id);
  ASSERT_FALSE(rest.empty());
  EXPECT_EQ(rest.front().id, first.back().id + 1);
  EXPECT_EQ(rest.front().data["event"], "run_start");
  EXPECT_EQ(rest.front().data["resumed"], true);
  EXPECT_EQ(rest.back().data["event"], "output");
  std::vector<SseEvent> all = readEvents(id);
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i].id, int64_t(i + 1));
  EXPECT_EQ(all.size(), first.size() + rest.size());
}

TEST_F(ServeStreamE2ETest, StreamedChatCompletionsSendTheTokensAsOpenAiChunks) {
  start("chat-support");
  HttpCall call{"POST", url("/v1/chat/completions"),
                R"({"model": "greeter", "stream": true, "stream_options": {"include_usage": true},
                    "messages": [{"role": "user", "content": "hi"}]})",
                {"Content-Type: application/json"}};
  std::vector<std::chrono::steady_clock::time_point> arrived;
  std::string seen;
  call.onPiece = [&](std::string_view piece) {
    seen += piece;
    while (arrived.size() < parseEvents(seen).size()) arrived.push_back(std::chrono::steady_clock::now());
    return true;
  };
  HttpReply r = httpCall(call);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.header("content-type"), "text/event-stream");
  std::vector<SseEvent> chunks = parseEvents(r.body);
  ASSERT_GE(chunks.size(), 5u) << r.body;
  EXPECT_EQ(chunks.back().data, "[DONE]");
  const Json &first = chunks.front().data;
  EXPECT_EQ(first["object"], "chat.completion.chunk");
  EXPECT_EQ(first["model"], "greeter");
  EXPECT_EQ(first["choices"][0]["delta"]["role"], "assistant");
  std::string id = first["id"];
  std::string text;
  size_t pieces = 0, firstPiece = 0, stop = 0;
  for (size_t i = 1; i + 1 < chunks.size(); ++i) {
    const Json &c = chunks[i].data;
    EXPECT_EQ(c["id"], id) << "every chunk has the completion's id";
    if (c["choices"].empty()) {  // the usage chunk, last before [DONE]
      EXPECT_EQ(i + 2, chunks.size());
      EXPECT_GT(c["usage"]["completion_tokens"].get<int>(), 0) << c.dump();
      EXPECT_EQ(c["usage"]["total_tokens"], c["usage"]["prompt_tokens"].get<int>() + c["usage"]["completion_tokens"].get<int>());
      continue;
    }
    const Json &choice = c["choices"][0];
    if (choice["finish_reason"] == "stop") {
      stop = i;
      EXPECT_TRUE(choice["delta"].empty());
      continue;
    }
    text += choice["delta"]["content"].get<std::string>();
    if (!pieces++) firstPiece = i;
  }
  EXPECT_EQ(text, kGreeting);
  EXPECT_EQ(pieces, 5u) << "a chunk per word";
  ASSERT_GT(stop, firstPiece);
  EXPECT_GT(arrived[stop] - arrived[firstPiece], 250ms) << "the words came as they were written";

  // stream_options is for streams.
  HttpReply refused = httpPostJson(url("/v1/chat/completions"),
                                   R"({"model": "greeter", "stream_options": {"include_usage": true},
                                       "messages": [{"role": "user", "content": "hi"}]})");
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(refused.json()["error"]["param"], "stream_options") << refused.body;
}

TEST_F(ServeStreamE2ETest, AClientThatHangsUpOnAStreamedTurnCancelsIt) {
  start("chat-support");
  HttpCall call{"POST", url("/v1/chat/completions"),
                R"({"model": "greeter", "stream": true, "messages": [{"role": "user", "content": "hi"}]})",
                {"Content-Type: application/json"}};
  std::string seen;
  call.onPiece = [&](std::string_view piece) {
    seen += piece;
    return parseEvents(seen).size() < 2;  // the role, then the first word
  };
  httpCall(call);
  std::vector<SseEvent> chunks = parseEvents(seen);
  ASSERT_GE(chunks.size(), 2u) << seen;
  std::string runId = chunks[0].data["id"].get<std::string>().substr(std::string("chatcmpl-").size());
  Json run = waitStopped(runId);
  EXPECT_EQ(run["status"], "cancelled") << run.dump();
  EXPECT_NE(run["error"].get<std::string>().find("the client closed the stream"), std::string::npos) << run.dump();
}

TEST_F(ServeStreamE2ETest, TheOfficialOpenAiClientStreamsFromTheServer) {
  std::string node = findInPath("node");
  if (node.empty() || !fs::exists(kServeNpm + "/node_modules/openai/package.json"))
    GTEST_SKIP() << "node or the openai package is not installed (tests/serve/: scripts/setup.sh runs npm ci there)";
  start("chat-support");
  ProcessResult r = runProcess(node, {kServeNpm + "/openai-stream.mjs", base_, "greeter", "hi"}, 60);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << r.out << r.err;
  Json out = Json::parse(r.out);
  EXPECT_EQ(out["content"], kGreeting);
  EXPECT_EQ(out["chunks"], 5);
  EXPECT_EQ(out["finish_reason"], "stop");
  EXPECT_GT(out["usage"]["total_tokens"].get<int>(), 0) << r.out;
  EXPECT_EQ(out["done"], true);
}

// AG-UI's reference client (@ag-ui/client's HttpAgent, tests/serve/agui-client.mjs) parses,
// validates and verifies the stream itself: a malformed event or an out-of-order one fails it.
class AguiE2ETest : public ServeStreamE2ETest {
 protected:
  void SetUp() override {
    node_ = findInPath("node");
    if (node_.empty() || !fs::exists(kServeNpm + "/node_modules/@ag-ui/client/package.json"))
      GTEST_SKIP() << "node or @ag-ui/client is not installed (tests/serve/: scripts/setup.sh runs npm ci there)";
    ServeStreamE2ETest::SetUp();
  }

  // The client's run of `content` (the user message): its exit code, and what it printed.
  std::pair<int, Json> run(const std::string &content) {
    ProcessResult r = runProcess(node_, {kServeNpm + "/agui-client.mjs", url("/agui"), content}, 60);
    EXPECT_TRUE(r.exited) << r.describe() << r.err;
    Json out = Json::parse(r.out, nullptr, false);
    EXPECT_FALSE(out.is_discarded()) << r.out << r.err;
    return {r.exitCode, out};
  }

  static std::vector<Json> ofType(const Json &events, const std::string &type) {
    std::vector<Json> out;
    for (const Json &e : events)
      if (e["type"] == type) out.push_back(e);
    return out;
  }

  std::string node_;
};

TEST_F(AguiE2ETest, AWorkflowRunsAsAnAgUiAgent) {
  start();
  auto [code, out] = run(R"({"topic": "agui", "next": "done"})");
  ASSERT_EQ(code, 0) << out.dump(1);
  const Json &events = out["events"];
  EXPECT_EQ(events.front()["type"], "RUN_STARTED");
  EXPECT_EQ(events.back()["type"], "RUN_FINISHED");
  EXPECT_EQ(events.back()["result"], Json::parse(R"({"published": "agui"})"));
  ASSERT_GE(events.size(), 2u);
  EXPECT_EQ(events[1]["type"], "CUSTOM");
  EXPECT_EQ(events[1]["name"], "wfc.run");
  std::string runId = events[1]["value"]["id"];
  EXPECT_EQ(waitStopped(runId)["status"], "succeeded");
  // The states and their steps; the writer's draft as one text message, word by word.
  std::vector<std::string> steps;
  for (const Json &e : ofType(events, "STEP_STARTED")) steps.push_back(e["stepName"]);
  EXPECT_EQ(steps, (std::vector<std::string>{"draft", "draft:write", "draft:decide", "publish", "publish:release"}));
  EXPECT_EQ(ofType(events, "STEP_FINISHED").size(), steps.size());
  ASSERT_EQ(ofType(events, "TEXT_MESSAGE_START").size(), 1u);
  EXPECT_EQ(ofType(events, "TEXT_MESSAGE_END").size(), 1u);
  std::string text;
  for (const Json &e : ofType(events, "TEXT_MESSAGE_CONTENT")) text += e["delta"].get<std::string>();
  EXPECT_EQ(text, kDraft);
  EXPECT_EQ(ofType(events, "TEXT_MESSAGE_CONTENT").size(), 10u);
  EXPECT_EQ(ofType(events, "CUSTOM").back()["name"], "wfc.transition");
}

TEST_F(AguiE2ETest, AChatTurnRunsAsAnAgUiAgent) {
  start("chat-support");
  // Two tasks: the turn names its task in forwardedProps; without it the request is refused.
  HttpReply refused = httpPostJson(url("/agui"), R"({"threadId": "t", "runId": "r", "messages": [{"id": "1", "role": "user", "content": "hi"}]})");
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_EQ(refused.json()["error"]["field"], "/forwardedProps/task") << refused.body;
  HttpReply streamed = httpPostJson(url("/agui"), R"({"threadId": "t", "runId": "r", "forwardedProps": {"task": "greeter"},
                                                      "messages": [{"id": "1", "role": "user", "content": "hi"}]})");
  ASSERT_EQ(streamed.status, 200) << streamed.body;
  EXPECT_EQ(streamed.header("content-type"), "text/event-stream");
  std::string text;
  std::vector<SseEvent> events = parseEvents(streamed.body);
  for (const SseEvent &e : events)
    if (e.data["type"] == "TEXT_MESSAGE_CONTENT") text += e.data["delta"].get<std::string>();
  EXPECT_EQ(text, kGreeting);
  EXPECT_EQ(events.back().data["type"], "RUN_FINISHED");
  EXPECT_EQ(events.back().data["result"], kGreeting);
}

TEST_F(AguiE2ETest, AFailedRunEndsWithRunError) {
  start();
  // Not the input schema's: refused before any run.
  auto [code, out] = run(R"({"topic": 7})");
  EXPECT_EQ(code, 1);
  EXPECT_NE(out["error"].get<std::string>().find("400"), std::string::npos) << out.dump(1);
  // A run that fails: its LLM is gone.
  llm_->stop();
  auto [failedCode, failed] = run(R"({"topic": "nobody writes", "next": "done"})");
  EXPECT_EQ(failedCode, 1);
  const Json &events = failed["events"];
  ASSERT_FALSE(events.empty()) << failed.dump(1);
  EXPECT_EQ(events.back()["type"], "RUN_ERROR");
  EXPECT_EQ(events.back()["code"], "exit_1");
  EXPECT_NE(events.back()["message"].get<std::string>().find("draft:write"), std::string::npos) << events.back().dump();
  EXPECT_EQ(ofType(events, "STEP_STARTED").size(), ofType(events, "STEP_FINISHED").size()) << "every step ended";
}

}  // namespace

