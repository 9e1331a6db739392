// --otlp-endpoint end to end (docs/observability.md): compiled packs run against the scripted LLM
// server, exporting to a test collector built on OpenTelemetry's own OTLP protobuf definitions
// (tests/serve/otlp-collector.js, npm's @opentelemetry/otlp-transformer), which decodes every
// request. The spans' names, parent links and gen_ai.* attributes; content only with
// --otlp-content; the model's tool call ids; the environment variables; served runs joining a
// caller's trace; and a collector that cannot be reached leaving the exit code as it was.
#include "CurlClient.h"
#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "PipedProcess.h"
#include "Process.h"
#include "ServeProcess.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <sstream>
#include <thread>

#include <unistd.h>

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace wfc::test;
using namespace std::chrono_literals;

namespace {

const std::string kCollector = std::string(WFC_SOURCE_DIR) + "/tests/serve/otlp-collector.js";
const std::string kTransformer =
    std::string(WFC_SOURCE_DIR) + "/tests/serve/node_modules/@opentelemetry/otlp-transformer/package.json";

const char *kBindings = R"(tools:
  route: { mock: { template: { event: "{{args.event}}", text: "{{args.text}}" } } }
  publish: { mock: { template: { published: "{{args.text}}" } } }
)";

class OtlpE2ETest : public ::testing::Test {
 protected:
  void SetUp() override {
    node_ = findInPath("node");
    if (node_.empty() || !fs::exists(kTransformer))
      GTEST_SKIP() << "node or OpenTelemetry's npm packages are not installed (tests/serve/: scripts/setup.sh runs npm "
                      "ci there)";
    exe_ = e2eExeDir() + "/serve-flow";
    ASSERT_TRUE(fs::exists(exe_));
    llm_ = std::make_unique<LlmServerProcess>(Json::parse(R"({"replies": [
      {"match": {"system_contains": "WRITER"}, "reply": {"content": "a draft"}},
      {"match": {"system_contains": "You help", "rounds": 0},
       "reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "wfc"}}]}},
      {"match": {"system_contains": "You help"}, "reply": {"content": "wfc is a workflow compiler."}},
      {"reply": {"content": "Hello!"}}
    ]})"));
    bindings_ = dir_.write("bindings.yaml", kBindings);
    spans_ = (dir_ / "spans.jsonl").string();
    collector_ = std::make_unique<PipedProcess>(node_, std::vector<std::string>{kCollector, spans_},
                                                (dir_ / "collector.err").string());
    std::optional<std::string> line = collector_->readLine(10s);
    ASSERT_TRUE(line && line->rfind("listening on ", 0) == 0) << "the collector did not start: "
                                                              << readText(dir_ / "collector.err");
    endpoint_ = "http://127.0.0.1:" + line->substr(13);
  }

  std::vector<std::string> args(std::vector<std::string> more) {
    std::vector<std::string> a = {"--bindings", bindings_, "--llm-base-url", llm_->baseUrl(), "--model", "test-model"};
    a.insert(a.end(), more.begin(), more.end());
    return a;
  }

  // The spans the collector has decoded, once at least `count` arrived (5 s at most).
  std::vector<Json> spans(size_t count) {
    std::vector<Json> out;
    for (int i = 0; i < 250; ++i) {
      out = jsonLines(spans_);
      if (out.size() >= count) break;
      std::this_thread::sleep_for(20ms);
    }
    return out;
  }

  static const Json *named(const std::vector<Json> &spans, const std::string &name) {
    for (const Json &s : spans)
      if (s["name"] == name) return &s;
    return nullptr;
  }

  TempDir dir_;
  std::string node_, exe_, bindings_, spans_, endpoint_;
  std::unique_ptr<LlmServerProcess> llm_;
  std::unique_ptr<PipedProcess> collector_;
};

TEST_F(OtlpE2ETest, ARunsSpansCarryTheGenAiConventions) {
  ProcessResult r = runProcess(exe_, args({"--input-json", R"({"topic": "otlp", "next": "done"})", "--otlp-endpoint",
                                           endpoint_}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << r.err;
  EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
  // run, 2 states, 2 steps in draft + 1 in publish, 1 LLM call, 2 tool calls.
  std::vector<Json> all = spans(9);
  ASSERT_EQ(all.size(), 9u) << readText(spans_);
  const Json *run = named(all, "invoke_workflow e2e-serve-flow");
  ASSERT_TRUE(run);
  EXPECT_EQ((*run)["parent_span_id"], "");
  EXPECT_EQ((*run)["attributes"]["gen_ai.operation.name"], "invoke_workflow");
  EXPECT_EQ((*run)["attributes"]["gen_ai.agent.name"], "e2e-serve-flow");
  EXPECT_EQ((*run)["attributes"]["wfc.run.status"], "succeeded");
  EXPECT_EQ((*run)["attributes"]["wfc.exit_code"], 0);
  EXPECT_EQ((*run)["resource"]["service.name"], "e2e-serve-flow");
  EXPECT_EQ((*run)["resource"]["service.version"], "1.0.0");
  EXPECT_EQ((*run)["scope"]["name"], "wfc");
  EXPECT_EQ((*run)["content_type"], "application/x-protobuf");
  for (const Json &s : all) EXPECT_EQ(s["trace_id"], (*run)["trace_id"]) << s.dump();

  const Json *draft = named(all, "state draft");
  ASSERT_TRUE(draft);
  EXPECT_EQ((*draft)["parent_span_id"], (*run)["span_id"]);
  EXPECT_EQ((*draft)["attributes"]["wfc.state.event"], "done");
  const Json *write = named(all, "step draft:write");
  ASSERT_TRUE(write) << readText(spans_);
  EXPECT_EQ((*write)["parent_span_id"], (*draft)["span_id"]);
  EXPECT_EQ((*write)["attributes"]["wfc.step.kind"], "prompt");

  const Json *chat = named(all, "chat test-model");
  ASSERT_TRUE(chat);
  EXPECT_EQ((*chat)["parent_span_id"], (*write)["span_id"]);
  EXPECT_EQ((*chat)["kind"], 3);  // SPAN_KIND_CLIENT
  const Json &a = (*chat)["attributes"];
  EXPECT_EQ(a["gen_ai.operation.name"], "chat");
  EXPECT_EQ(a["gen_ai.provider.name"], "openai");
  EXPECT_EQ(a["gen_ai.request.model"], "test-model");
  EXPECT_TRUE(a.contains("gen_ai.response.model")) << a.dump();
  EXPECT_EQ(a["gen_ai.response.finish_reasons"], Json::parse(R"(["stop"])"));
  EXPECT_GT(a["gen_ai.usage.input_tokens"].get<int>(), 0) << a.dump();
  EXPECT_GT(a["gen_ai.usage.output_tokens"].get<int>(), 0) << a.dump();
  EXPECT_FALSE(a.contains("gen_ai.input.messages")) << "content without --otlp-content";
  EXPECT_FALSE(a.contains("gen_ai.output.messages"));
  EXPECT_LE(std::stoull((*chat)["start"].get<std::string>()), std::stoull((*chat)["end"].get<std::string>()));
  EXPECT_LE(std::stoull((*run)["start"].get<std::string>()), std::stoull((*chat)["start"].get<std::string>()));
  EXPECT_GE(std::stoull((*run)["end"].get<std::string>()), std::stoull((*chat)["end"].get<std::string>()));

  const Json *route = named(all, "execute_tool route");
  ASSERT_TRUE(route);
  EXPECT_EQ((*route)["attributes"]["gen_ai.operation.name"], "execute_tool");
  EXPECT_EQ((*route)["attributes"]["gen_ai.tool.name"], "route");
  EXPECT_EQ((*route)["attributes"]["gen_ai.tool.type"], "function");
  EXPECT_FALSE((*route)["attributes"].contains("gen_ai.tool.call.arguments"));
  const Json *decide = named(all, "step draft:decide");
  ASSERT_TRUE(decide);
  EXPECT_EQ((*route)["parent_span_id"], (*decide)["span_id"]);
  EXPECT_TRUE(named(all, "execute_tool publish"));
  EXPECT_TRUE(named(all, "state publish"));
}

TEST_F(OtlpE2ETest, ContentIsExportedOnlyWithOtlpContent) {
  ProcessResult r = runProcess(exe_, args({"--input-json", R"({"topic": "secret topic", "next": "done"})",
                                           "--otlp-endpoint", endpoint_, "--otlp-content"}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<Json> all = spans(9);
  const Json *chat = named(all, "chat test-model");
  ASSERT_TRUE(chat);
  Json input = Json::parse((*chat)["attributes"]["gen_ai.input.messages"].get<std::string>());
  EXPECT_EQ(input[1]["role"], "user");
  EXPECT_EQ(input[1]["parts"][0]["content"], "secret topic");
  Json output = Json::parse((*chat)["attributes"]["gen_ai.output.messages"].get<std::string>());
  EXPECT_EQ(output[0]["parts"][0]["content"], "a draft");
  const Json *publish = named(all, "execute_tool publish");
  ASSERT_TRUE(publish);
  EXPECT_EQ(Json::parse((*publish)["attributes"]["gen_ai.tool.call.arguments"].get<std::string>()),
            Json::parse(R"({"text": "secret topic"})"));
  EXPECT_EQ(Json::parse((*publish)["attributes"]["gen_ai.tool.call.result"].get<std::string>()),
            Json::parse(R"({"published": "secret topic"})"));
}

TEST_F(OtlpE2ETest, AgentToolCallsCarryTheModelsCallId) {
  std::string chat = e2eExeDir() + "/chat-support";
  std::string b = dir_.write("chat.yaml", "tools:\n  kb.lookup: {mock: {result: 'a workflow compiler'}}\n"
                                          "  kb.delete: {mock: {result: 'x'}}\n");
  ProcessResult r = runProcess(chat, {"--bindings", b, "--llm-base-url", llm_->baseUrl(), "--model", "test-model",
                                      "--task", "support", "--input-json",
                                      R"({"message": "What is wfc?", "variables": {"customer": "Ada"}})",
                                      "--otlp-endpoint", endpoint_});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<Json> all = spans(4);
  const Json *lookup = named(all, "execute_tool kb.lookup");
  ASSERT_TRUE(lookup) << readText(spans_);
  EXPECT_FALSE((*lookup)["attributes"].value("gen_ai.tool.call.id", "").empty()) << lookup->dump();
  size_t chats = 0;
  for (const Json &s : all) chats += s["name"] == "chat test-model";
  EXPECT_EQ(chats, 2u);  // the round that called the tool, and the answer
}

TEST_F(OtlpE2ETest, AnUnreachableCollectorLeavesTheRunAsItWas) {
  std::vector<std::string> base = args({"--input-json", R"({"topic": "x", "next": "done"})"});
  ProcessResult plain = runProcess(exe_, base);
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  std::vector<std::string> unreachable = base;
  unreachable.insert(unreachable.end(), {"--otlp-endpoint", "http://127.0.0.1:1"});
  auto started = std::chrono::steady_clock::now();
  ProcessResult r = runProcess(exe_, unreachable);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out, plain.out);
  size_t warnings = 0;
  for (size_t at = 0; (at = r.err.find("warning: cannot export spans", at)) != std::string::npos; ++at) ++warnings;
  EXPECT_EQ(warnings, 1u) << r.err;
  // A failing run keeps its code too.
  std::vector<std::string> failing = args({"--input-json", R"({"topic": "x"})", "--otlp-endpoint", "http://127.0.0.1:1"});
  EXPECT_EQ(runProcess(exe_, failing).exitCode, 2);
  // A URL that is not one is a usage error.
  std::vector<std::string> bad = base;
  bad.insert(bad.end(), {"--otlp-endpoint", "collector:4318"});
  ProcessResult usage = runProcess(exe_, bad);
  EXPECT_EQ(usage.exitCode, 2);
  EXPECT_NE(usage.err.find("--otlp-endpoint must be an http:// or https:// URL"), std::string::npos) << usage.err;
  ProcessResult content = runProcess(exe_, args({"--otlp-content"}));
  EXPECT_EQ(content.exitCode, 2);
}

TEST_F(OtlpE2ETest, TheStandardEnvironmentVariablesAreRead) {
  std::vector<std::string> a = {"OTEL_EXPORTER_OTLP_ENDPOINT=" + endpoint_ + "/",
                                "OTEL_EXPORTER_OTLP_HEADERS=authorization=Bearer%20abc,x-team=blue",
                                "OTEL_SERVICE_NAME=renamed", exe_};
  for (const std::string &s : args({"--input-json", R"({"topic": "x", "next": "done"})"})) a.push_back(s);
  ProcessResult r = runProcess("/usr/bin/env", a);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::vector<Json> all = spans(9);
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all[0]["authorization"], "Bearer abc");
  EXPECT_EQ(all[0]["resource"]["service.name"], "renamed");
}

TEST_F(OtlpE2ETest, ServedRunsExportAndJoinTheCallersTrace) {
  ServeProcess server(exe_, args({"--serve", "127.0.0.1:0", "--journal", (dir_ / "runs.db").string(), "--otlp-endpoint",
                                  endpoint_}),
                      (dir_ / "serve.err").string());
  std::optional<std::string> base = server.waitReady();
  ASSERT_TRUE(base) << server.stderrText();
  const std::string traceId = "4bf92f3577b34da6a3ce929d0e0e4736", parent = "00f067aa0ba902b7";
  HttpReply r = httpPostJson(*base + "/runs?wait=true", R"({"topic": "served", "next": "done"})",
                             {"traceparent: 00-" + traceId + "-" + parent + "-01"});
  ASSERT_EQ(r.status, 200) << r.body;
  std::string id = r.json()["id"];
  std::vector<Json> all = spans(9);
  const Json *run = named(all, "invoke_workflow e2e-serve-flow");
  ASSERT_TRUE(run) << readText(spans_);
  EXPECT_EQ((*run)["trace_id"], traceId);
  EXPECT_EQ((*run)["parent_span_id"], parent);
  EXPECT_EQ((*run)["attributes"]["wfc.run.id"], id);
  server.signal(SIGTERM);
  EXPECT_EQ(server.wait(10s), 143);
}

}  // namespace
