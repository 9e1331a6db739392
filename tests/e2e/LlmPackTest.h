// What the LLM end-to-end tests share (LlmE2ETest.cpp: chat completions, AnthropicE2ETest.cpp:
// the Messages API): the packs/llm-*.yaml executables, run as black boxes in a clean environment,
// the scripts of the test LLM server (docs/test-llm-server.md) that answer them, and file helpers.
#pragma once

#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace wfc::test {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// The names of the functions a chat-completions request offers.
inline std::vector<std::string> chatToolNames(const Json &body) {
  std::vector<std::string> names;
  if (body.contains("tools"))
    for (const Json &t : body["tools"]) names.push_back(t["function"]["name"]);
  return names;
}

class LlmPackTest : public ::testing::Test {
 protected:
  inline static fs::path dir_;
  inline static std::map<std::string, std::string> exes_;

  static void SetUpTestSuite() {
    std::string pattern = (fs::temp_directory_path() / "wfc-llm-e2e-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    for (const char *name : {"llm-template", "llm-structured", "llm-agent", "llm-providers"}) {
      exes_[name] = e2eExeDir() + "/" + name;
      ASSERT_TRUE(fs::exists(exes_[name])) << exes_[name] << " was not built";
    }
  }
  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  static std::string path(const std::string &name) { return (dir_ / name).string(); }

  // Writes a bindings file for this test and returns its path.
  static std::string bindings(const std::string &name, const std::string &yaml) {
    std::string p = path(name + ".yaml");
    writeText(p, yaml);
    return p;
  }

  // Runs a compiled pack through /usr/bin/env: none of the LLM variables of the test's own
  // environment leak into the child, and `env` ("NAME=value") adds the ones a test wants.
  static ProcessResult run(const std::string &pack, const std::vector<std::string> &args,
                           const std::vector<std::string> &env = {}, double timeout = 20) {
    std::vector<std::string> argv;
    for (const char *name : {"OPENAI_API_KEY", "WFC_MODEL", "WFC_LLM_BASE_URL", "OPENAI_BASE_URL",
                             "WFC_LLM_TIMEOUT_MS", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"}) {
      argv.push_back("-u");
      argv.push_back(name);
    }
    argv.insert(argv.end(), env.begin(), env.end());
    argv.push_back(exes_.at(pack));
    argv.insert(argv.end(), args.begin(), args.end());
    return runProcess("/usr/bin/env", argv, timeout);
  }

  // run() with `lines` on the executable's standard input (a file: not a terminal, so --chat
  // reads JSON lines).
  static ProcessResult runWithStdin(const std::string &pack, const std::vector<std::string> &args,
                                    const std::string &lines) {
    std::string file = path(pack + "-stdin.txt");
    writeText(file, lines);
    std::vector<std::string> argv = {"-c", "exec \"$0\" \"$@\" < '" + file + "'", "/usr/bin/env"};
    for (const char *name : {"OPENAI_API_KEY", "WFC_MODEL", "WFC_LLM_BASE_URL", "OPENAI_BASE_URL",
                             "WFC_LLM_TIMEOUT_MS", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"}) {
      argv.push_back("-u");
      argv.push_back(name);
    }
    argv.push_back(exes_.at(pack));
    argv.insert(argv.end(), args.begin(), args.end());
    return runProcess("/bin/sh", argv, 20);
  }

  // Where `secret` was written: " stdout", " stderr" and the names of the `files` holding it;
  // "" when nowhere.
  static std::string leaks(const std::string &secret, const ProcessResult &r, const std::vector<std::string> &files) {
    std::string where;
    if (r.out.find(secret) != std::string::npos) where += " stdout";
    if (r.err.find(secret) != std::string::npos) where += " stderr";
    for (const std::string &f : files)
      if (readText(f).find(secret) != std::string::npos) where += " " + fs::path(f).filename().string();
    return where;
  }

  static Json json(const std::string &text) { return Json::parse(text); }
  static Json schemaFile(const std::string &name) {
    return Json::parse(readText(fs::path(WFC_SOURCE_DIR) / "tests/e2e/packs/schemas" / name));
  }

  // kb.lookup as a real process: echoes the term with a definition.
  // The bodies of the requests `server` received, in order.
  static std::vector<Json> bodies(const LlmServerProcess &server) {
    std::vector<Json> out;
    for (const Json &r : server.requests()) out.push_back(r["body"]);
    return out;
  }

  static std::string kbLookup() {
    return "  kb.lookup: {exec: {argv: [python3, -c, 'import json, sys; a = json.load(sys.stdin); "
           "print(json.dumps({\"term\": a[\"term\"], \"definition\": \"a workflow compiler\"}))']}}\n";
  }

  static constexpr const char *kTemplateInput =
      R"({"text": "Please say hello.", "obj": {"audience": "devs", "style": {"tone": "dry", "tags": ["terse", "x"]}, "count": 7, "extra": "kept"}})";
  static constexpr const char *kStrictPerson = R"({"name": "Ada", "age": 36, "tags": ["math", "engines"]})";

  // The template pack's three exchanges: greet (string input), greet_object (object input), plain
  // (no input), each with its own usage.
  static Json templateScript() {
    return json(R"({"replies": [
      {"match": {"user_contains": "Please say hello."}, "reply": {"content": "Hi, world!", "usage": {"prompt_tokens": 11, "completion_tokens": 7}}},
      {"match": {"user_contains": "\"audience\""}, "reply": {"content": "Hello devs", "usage": {"prompt_tokens": 13, "completion_tokens": 2}}},
      {"reply": {"content": "Hello, whoever you are", "usage": {"prompt_tokens": 17, "completion_tokens": 3}}}
    ]})");
  }

  // The research agent's two rounds: a kb.lookup call, then (having seen its result) the ending
  // report.submit call.
  static Json researchScript(const std::string &secondRoundNeeds = "a workflow compiler") {
    Json script = json(R"({"replies": [
      {"match": {"rounds": 0}, "reply": {"tool_calls": [{"name": "kb_lookup", "arguments": {"term": "wfc"}}], "usage": {"prompt_tokens": 100, "completion_tokens": 20}}},
      {"match": {"rounds": 1}, "reply": {"tool_calls": [{"name": "report_submit", "arguments": {"answer": "wfc compiles workflows", "sources": ["kb:wfc"]}}], "usage": {"prompt_tokens": 200, "completion_tokens": 30}}}
    ]})");
    script["replies"][1]["match"]["last_tool_result_contains"] = secondRoundNeeds;
    return script;
  }
  static constexpr const char *kReport = R"({"answer": "wfc compiles workflows", "sources": ["kb:wfc"]})";
};

}  // namespace wfc::test
