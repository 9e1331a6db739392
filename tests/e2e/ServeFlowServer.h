// packs/serve-flow.yaml's executable served for a test (docs/serve.md), as ServeE2ETest.cpp serves
// it: on an ephemeral loopback port, its journal and bindings in a fresh directory, its LLM the
// scripted test server (which answers every prompt at once). For the suites that look at one
// side of the server each (ServeCrossSiteE2ETest.cpp, ServeSlowClientsE2ETest.cpp).
#pragma once

#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "ServeProcess.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace wfc::test {

class ServeFlowServer {
 public:
  ServeFlowServer()
      : llm_(nlohmann::json::parse(R"({"replies": [
          {"match": {"system_contains": "WRITER", "user_contains": "slow"}, "delay_ms": 3000, "reply": {"content": "a slow draft"}},
          {"reply": {"content": "a draft"}}]})")) {
    bindings_ = dir_.write("bindings.yaml", R"(tools:
  route: { mock: { template: { event: "{{args.event}}", text: "{{args.text}}" } } }
  publish: { mock: { template: { published: "{{args.text}}" } } }
)");
  }

  // Starts it with `more` options; returns its base URL ("http://127.0.0.1:PORT"), or "" after
  // failing the test when it does not come up.
  std::string start(std::vector<std::string> more = {}, std::map<std::string, std::string> env = {}) {
    std::string exe = e2eExeDir() + "/serve-flow";
    EXPECT_TRUE(std::filesystem::exists(exe)) << exe << " was not built";
    std::vector<std::string> args = {"--serve", "127.0.0.1:0", "--journal", (dir_ / "runs.db").string(), "--bindings",
                                     bindings_, "--llm-base-url", llm_.baseUrl(), "--model", "test-model"};
    args.insert(args.end(), more.begin(), more.end());
    process_ = std::make_unique<ServeProcess>(exe, args, dir_ / "serve.err", env, dir_.str());
    std::optional<std::string> base = process_->waitReady();
    EXPECT_TRUE(base) << "the server did not come up:\n" << process_->stderrText();
    return base.value_or("");
  }

  ServeProcess &process() { return *process_; }

 private:
  TempDir dir_;
  LlmServerProcess llm_;
  std::string bindings_;
  std::unique_ptr<ServeProcess> process_;
};

}  // namespace wfc::test
