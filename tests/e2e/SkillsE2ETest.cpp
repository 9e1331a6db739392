// Skills end to end (docs/promptkit.md "Skills"): packs/chat-skills.yaml and
// packs/workflow-skills.yaml, compiled at build time and run as black boxes, from a directory
// without the skill files, against the scripted test LLM server with a real exec tool. The skill
// tools as PromptKit offers them, activation granting a tool from the next round on and lasting
// the conversation, resources, preloading, errors the model reads, and workflow-state scoping.
#include "ExeDir.h"
#include "LlmPackTest.h"

namespace wfc::test {
namespace {

class SkillsE2ETest : public LlmPackTest {
 protected:
  static void SetUpTestSuite() {
    LlmPackTest::SetUpTestSuite();
    for (const char *pack : {"chat-skills", "workflow-skills"}) {
      exes_[pack] = e2eExeDir() + "/" + pack;
      ASSERT_TRUE(fs::exists(exes_[pack])) << exes_[pack] << " was not built";
    }
  }

  // "later": a second turn (after the first's three replies) that refunds at once. "refund":
  // activate billing, then refund and read its rates, then answer. "oops": four skill calls
  // that cannot be done.
  static Json script() {
    return json(R"({"replies": [
      {"match": {"last_user_contains": "later", "rounds": 3},
       "reply": {"tool_calls": [{"name": "refund_issue", "arguments": {"order": "B2"}}]}},
      {"match": {"last_user_contains": "later"}, "reply": {"content": "Refunded B2."}},
      {"match": {"last_user_contains": "refund", "rounds": 0},
       "reply": {"tool_calls": [{"name": "skill__activate", "arguments": {"name": "billing"}}]}},
      {"match": {"last_user_contains": "refund", "last_tool_result_contains": "need no approval"},
       "reply": {"tool_calls": [{"name": "refund_issue", "arguments": {"order": "A1"}},
                                {"name": "skill__read_resource",
                                 "arguments": {"skill_name": "billing", "path": "./reference/rates.md"}}]}},
      {"match": {"last_user_contains": "refund"}, "reply": {"content": "Refunded A1."}},
      {"match": {"last_user_contains": "oops", "rounds": 0},
       "reply": {"tool_calls": [{"name": "skill__activate", "arguments": {"name": "biling"}},
                                {"name": "skill__read_resource",
                                 "arguments": {"skill_name": "billing", "path": "../shipping/SKILL.md"}},
                                {"name": "skill__deactivate", "arguments": {"name": "shipping"}},
                                {"name": "skill__read_resource",
                                 "arguments": {"skill_name": "escalation", "path": "x.md"}}]}},
      {"match": {"last_user_contains": "oops"}, "reply": {"content": "Sorry."}},
      {"match": {"system_contains": "TRIAGE", "rounds": 0},
       "reply": {"tool_calls": [{"name": "workflow__transition", "arguments": {"event": "done"}}]}},
      {"match": {"system_contains": "WRAPUP"}, "reply": {"content": "Closed."}}
    ]})");
  }

  // The workflow pack has no orders.find.
  std::vector<std::string> llmArgs(const LlmServerProcess &server, std::vector<std::string> more,
                                   bool workflow = false) {
    std::string refund = "  refund.issue: {exec: {argv: [python3, -c, 'import json, sys; a = json.load(sys.stdin); "
                         "print(json.dumps({\"refunded\": a[\"order\"]}))']}}\n";
    std::string orders = workflow ? "" : "  orders.find: {exec: {argv: ['echo', '{}']}}\n";
    std::vector<std::string> a = {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--bindings",
                                  bindings(workflow ? "workflow" : "chat", "tools:\n" + orders + refund)};
    a.insert(a.end(), more.begin(), more.end());
    return a;
  }

  static Json tool(const Json &body, const std::string &name) {
    for (const Json &t : body["tools"])
      if (t["function"]["name"] == name) return t["function"];
    return Json();
  }
};

// 1. The skill tools beside the prompt's, the index in skill__activate's description (sorted by
// name), the preloaded skill's instructions after the system message; activation answers with
// the instructions and the granted tool, which the next round offers; a resource read by a
// normalised path; `skill` trace lines.
TEST_F(SkillsE2ETest, ActivationGrantsToolsAndReadsResources) {
  LlmServerProcess server(script());
  std::string trace = path("skills.trace");
  ProcessResult r = run("chat-skills", llmArgs(server, {"--message", "Please refund order A1.", "--trace", trace}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.out, "\"Refunded A1.\"\n");
  std::vector<Json> requests = bodies(server);
  ASSERT_EQ(requests.size(), 3u);

  EXPECT_EQ(chatToolNames(requests[0]),
            (std::vector<std::string>{"orders_find", "skill__activate", "skill__deactivate", "skill__read_resource"}));
  EXPECT_EQ(tool(requests[0], "skill__activate")["description"],
            "Activate a skill to load its instructions and tools.\n\nAvailable skills:\n"
            "- billing: Refunds and invoices; activate it before issuing a refund.\n"
            "- escalation: When and how to hand a case to a person.\n"
            "- house-style: How replies are worded.\n"
            "- shipping: Tracking parcels and delivery times.");
  EXPECT_EQ(tool(requests[0], "skill__activate")["parameters"]["required"], json(R"(["name"])"));
  // OpenAI's strict schema, as PromptKit sends it: every property required, in name order.
  EXPECT_EQ(tool(requests[0], "skill__read_resource")["parameters"]["required"], json(R"(["path", "skill_name"])"));
  EXPECT_EQ(requests[0]["messages"][0]["content"],
            "You run the support desk.\n\n## Skill: house-style\n\nSign every reply with \"-- the support desk\".");

  EXPECT_EQ(chatToolNames(requests[1]), (std::vector<std::string>{"orders_find", "refund_issue", "skill__activate",
                                                                   "skill__deactivate", "skill__read_resource"}));
  const Json &activated = requests[1]["messages"].back();
  EXPECT_EQ(activated["role"], "tool");
  EXPECT_EQ(activated["content"],
            "{\n  \"added_tools\": [\n    \"refund_issue\"\n  ],\n  \"instructions\": \"# Billing\\n\\nRefunds up to 50 EUR "
            "need no approval: issue them with refund.issue.\\nThe rates are in reference/rates.md.\"\n}");

  const Json &messages = requests[2]["messages"];
  ASSERT_GE(messages.size(), 2u);
  EXPECT_EQ(messages[messages.size() - 2]["content"], "{\"refunded\":\"A1\"}");
  EXPECT_EQ(messages.back()["content"],
            "{\n  \"content\": \"Standard shipping: 4.90 EUR. Express: 9.90 EUR.\\n\"\n}");

  std::vector<Json> skillLines = events(jsonLines(trace), "skill");
  ASSERT_EQ(skillLines.size(), 2u);
  EXPECT_EQ(skillLines[0]["tool"], "skill__activate");
  EXPECT_EQ(skillLines[0]["skill"], "billing");
  EXPECT_EQ(skillLines[0]["status"], "ok");
  EXPECT_EQ(skillLines[1]["tool"], "skill__read_resource");
}

// 2. What cannot be done is an error the model reads, and the turn goes on: an unknown skill
// (the list of skills in the message), a path out of the skill's directory, a skill that is not
// active, an inline skill's resource.
TEST_F(SkillsE2ETest, MistakenCallsAreErrorsForTheModel) {
  LlmServerProcess server(script());
  std::string trace = path("oops.trace");
  ProcessResult r = run("chat-skills", llmArgs(server, {"--message", "oops", "--trace", trace}));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.out, "\"Sorry.\"\n");
  std::vector<Json> requests = bodies(server);
  ASSERT_EQ(requests.size(), 2u);
  const Json &m = requests[1]["messages"];
  ASSERT_EQ(m.size(), 7u) << m.dump(2);
  auto error = [](const Json &message) { return Json::parse(message["content"].get<std::string>())["error"]; };
  EXPECT_EQ(error(m[3]), "activating skill \"biling\": skill \"biling\" not found; the skills are: billing, shipping, "
                         "house-style, escalation");
  EXPECT_EQ(error(m[4]), "resource path escapes skill directory: ../shipping/SKILL.md");
  EXPECT_EQ(error(m[5]), "skill \"shipping\" is not active");
  EXPECT_EQ(error(m[6]), "skill \"escalation\" is inline and has no directory");
  std::vector<Json> skillLines = events(jsonLines(trace), "skill");
  ASSERT_EQ(skillLines.size(), 4u);
  for (const Json &line : skillLines) EXPECT_EQ(line["status"], "failed") << line;
}

// 3. A skill activated in one turn of --chat stays active in the next: its tool is offered from
// the next turn's first round.
TEST_F(SkillsE2ETest, ActivationLastsTheConversation) {
  LlmServerProcess server(script());
  std::string file = path("stdin.txt");
  writeText(file, "{\"message\": \"refund A1\"}\n{\"message\": \"later: refund B2\"}\n");
  std::vector<std::string> argv = {"-c", "exec \"$0\" \"$@\" < '" + file + "'", exes_.at("chat-skills")};
  for (const std::string &a : llmArgs(server, {"--chat"})) argv.push_back(a);
  ProcessResult r = runProcess("/bin/sh", argv, 20);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.out, "\"Refunded A1.\"\n\"Refunded B2.\"\n");
  std::vector<Json> requests = bodies(server);
  ASSERT_EQ(requests.size(), 5u);
  std::vector<std::string> tools = chatToolNames(requests[3]);
  EXPECT_NE(std::find(tools.begin(), tools.end(), "refund_issue"), tools.end()) << "the second turn's first round";
}

// 4. A workflow state offers the skills its filter selects; a state with `skills: none` offers
// no skill tools at all.
TEST_F(SkillsE2ETest, WorkflowStatesScopeTheirSkills) {
  LlmServerProcess server(script());
  ProcessResult r = run("workflow-skills", llmArgs(server, {"--input-json", R"({"text": "A parcel is late."})"}, true));
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  std::vector<Json> requests = bodies(server);
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(tool(requests[0], "skill__activate")["description"],
            "Activate a skill to load its instructions and tools.\n\nAvailable skills:\n"
            "- billing: Refunds and invoices; activate it before issuing a refund.");
  EXPECT_EQ(chatToolNames(requests[1]), std::vector<std::string>{}) << requests[1].dump(2);
}

}  // namespace
}  // namespace wfc::test
