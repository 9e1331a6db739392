// Prompt caching placed by the compiler, end to end (docs/cost.md "Prompt caching"):
// packs/prompt-cache.yaml — the same long static instructions for each document of a foreach,
// cached by one step and not by the other (wfc.prompt_cache: false) — run as a black box against
// the test LLM server, whose measured usage mimics each provider's prompt cache
// (docs/test-llm-server.md "Prompt caching"). The tests check where the requests carry their
// cache, what the server says its cache served, and that the report prices it as the server counted.
#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace wfc::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

const Json kInput = {{"docs", {"contract one", "contract two", "contract three", "contract four", "contract five"}}};

Json script() {
  return {{"replies", Json::array({{{"match", Json::object()}, {"reply", {{"content", "noted"}, {"usage", "measured"}}}}})}};
}

// The literal text before the template's first variable (packs/prompt-cache.yaml's system_template).
size_t staticSystemBytes() {
  std::string pack = readText(fs::path(WFC_SOURCE_DIR) / "tests/e2e/packs/prompt-cache.yaml");
  size_t start = pack.find("system_template: \"") + 18;
  return pack.find("{{audience}}", start) - start;
}

int64_t count(const Json &request, const char *key) {
  return request.contains("usage") && request["usage"].contains(key) ? request["usage"][key].get<int64_t>() : 0;
}

bool hasBreakpoint(const Json &body) { return body.dump().find("cache_control") != std::string::npos; }

class PromptCacheE2ETest : public ::testing::Test {
 protected:
  TempDir dir_;
  std::string exe_ = e2eExeDir() + "/prompt-cache";

  void SetUp() override { ASSERT_TRUE(fs::exists(exe_)) << exe_ << " was not built"; }

  // One item at a time, so that each request comes after the one that wrote the cache.
  ProcessResult run(std::vector<std::string> args) {
    std::vector<std::string> argv = {"-u", "OPENAI_API_KEY", "-u", "ANTHROPIC_API_KEY", "-u", "WFC_MODEL",
                                     "-u", "WFC_LLM_BASE_URL", "-u", "OPENAI_BASE_URL", "-u", "ANTHROPIC_BASE_URL",
                                     exe_, "--quiet", "--max-concurrency", "1", "--input-json", kInput.dump()};
    argv.insert(argv.end(), args.begin(), args.end());
    return runProcess("/usr/bin/env", argv, 60);
  }
};

TEST_F(PromptCacheE2ETest, AnthropicReadsTheStaticInstructionsFromTheCacheFromTheSecondDocumentOn) {
  LlmServerProcess server(script());
  std::string prices = dir_.write(
      "prices.yaml", "prices:\n  claude-sonnet-4-5: {input: 3, output: 15, cached_input: 0.3, cache_write: 3.75}\n");
  std::string report = (dir_ / "report.json").string(), trace = (dir_ / "trace.jsonl").string();
  ProcessResult r = run({"--provider", "anthropic", "--llm-base-url", server.baseUrl(), "--model", "claude-sonnet-4-5",
                         "--prices", prices, "--report", report, "--trace", trace});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;

  std::vector<Json> cached, uncached;
  for (const Json &request : server.requests()) (hasBreakpoint(request["body"]) ? cached : uncached).push_back(request);
  ASSERT_EQ(cached.size(), 5u);
  ASSERT_EQ(uncached.size(), 5u);
  const int64_t prefix = int64_t(staticSystemBytes());
  for (size_t i = 0; i < cached.size(); ++i) {
    const Json &body = cached[i]["body"];
    // The breakpoint ends the static instructions: a block of their own, the variable's text after.
    ASSERT_TRUE(body["system"].is_array()) << body.dump();
    EXPECT_EQ(body["system"][0]["text"].get<std::string>().size(), size_t(prefix));
    EXPECT_EQ(body["system"][0]["cache_control"], Json({{"type", "ephemeral"}}));
    EXPECT_EQ(body["system"][1]["text"], "the legal team.");
    // The first writes them, every later one reads them.
    EXPECT_EQ(count(cached[i], "cache_write_tokens"), i == 0 ? prefix : 0) << i;
    EXPECT_EQ(count(cached[i], "cached_tokens"), i == 0 ? 0 : prefix) << i;
  }
  for (const Json &request : uncached) {
    EXPECT_TRUE(request["body"]["system"].is_string());  // as without caching
    EXPECT_EQ(count(request, "cached_tokens"), 0);
    EXPECT_EQ(count(request, "cache_write_tokens"), 0);
  }

  // The report's spend is the server's counts, each kind at its price.
  int64_t in = 0, out = 0, read = 0, written = 0;
  for (const Json &request : server.requests()) {
    in += count(request, "prompt_tokens");
    out += count(request, "completion_tokens");
    read += count(request, "cached_tokens");
    written += count(request, "cache_write_tokens");
  }
  Json spend = Json::parse(readText(report))["spend"];
  EXPECT_EQ(spend["input_tokens"], in);
  EXPECT_EQ(spend["cached_input_tokens"], read);
  EXPECT_EQ(spend["cache_write_input_tokens"], written);
  EXPECT_NEAR(spend["cost_usd"].get<double>(),
              (double(in - read - written) * 3 + double(read) * 0.3 + double(written) * 3.75 + double(out) * 15) / 1e6,
              1e-12);
  // Each call says what the cache did in the trace.
  int64_t traced = 0;
  for (const std::string &line : splitLines(readText(trace))) {
    Json event = Json::parse(line);
    if (event["event"] == "llm_call") traced += event.value("cached_tokens", int64_t(0));
  }
  EXPECT_EQ(traced, read);
}

TEST_F(PromptCacheE2ETest, OpenAiGetsOneStableKeyPerStepAndItsAutomaticCacheIsReported) {
  LlmServerProcess server(script());
  std::string bindings = dir_.write("bindings.yaml", "providers:\n  default: {provider: openai, model: gpt-test, base_url: \"" +
                                                         server.baseUrl() + "\", prompt_cache_key: true}\n");
  std::string report = (dir_ / "report.json").string();
  ProcessResult r = run({"--bindings", bindings, "--report", report});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;

  std::set<std::string> keys;
  int withoutKey = 0;
  int64_t read = 0;
  for (const Json &request : server.requests()) {
    const Json &body = request["body"];
    if (body.contains("prompt_cache_key")) keys.insert(body["prompt_cache_key"].get<std::string>());
    else ++withoutKey;
    read += count(request, "cached_tokens");
  }
  ASSERT_EQ(keys.size(), 1u);  // the same key for every document of the step
  EXPECT_EQ(keys.begin()->rfind("wfc-", 0), 0u) << *keys.begin();
  EXPECT_EQ(keys.begin()->size(), 20u);
  EXPECT_EQ(withoutKey, 5);  // wfc.prompt_cache: false
  // OpenAI caches on its own: the static instructions come first, so every request after the
  // first shares them.
  EXPECT_GT(read, 0);
  EXPECT_EQ(Json::parse(readText(report))["spend"]["cached_input_tokens"], read);
}

TEST_F(PromptCacheE2ETest, TheKeyGoesWithoutABindingAndABindingCanTurnItOff) {
  {
    LlmServerProcess server(script());
    ProcessResult r = run({"--llm-base-url", server.baseUrl(), "--model", "gpt-test"});
    ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
    int keyed = 0;
    for (const Json &request : server.requests()) keyed += request["body"].contains("prompt_cache_key");
    EXPECT_EQ(keyed, 5);
  }
  // A server that refuses fields it does not know.
  LlmServerProcess server(script());
  std::string bindings = dir_.write("bindings.yaml", "providers:\n  default: {provider: openai, model: gpt-test, base_url: \"" +
                                                         server.baseUrl() + "\", prompt_cache_key: false}\n");
  ProcessResult r = run({"--bindings", bindings});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  for (const Json &request : server.requests()) EXPECT_FALSE(request["body"].contains("prompt_cache_key"));
}

}  // namespace
}  // namespace wfc::test
