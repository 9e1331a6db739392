// Workflow states end to end (docs/workflows.md; docs/workflows.md): packs/workflow-states.yaml
// and packs/workflow-visits.yaml compiled with their workflow, run as black boxes against the
// scripted test LLM server — each state kind, the transition tool's schema as sent, artifacts
// and the context across states, max_visits, engine.budget, --events, unknown events, and the
// trace, report and recording of a run.
#include "ExeDir.h"
#include "LlmPackTest.h"

namespace wfc::test {
namespace {

const Json *tool(const Json &body, const std::string &name) {
  if (body.contains("tools"))
    for (const Json &t : body["tools"])
      if (t["function"]["name"] == name) return &t;
  return nullptr;
}

std::string systemText(const Json &body) {
  for (const Json &m : body["messages"])
    if (m["role"] == "system") return m["content"];
  return "";
}

std::string firstUser(const Json &body) {
  for (const Json &m : body["messages"])
    if (m["role"] == "user") return m["content"].is_string() ? m["content"].get<std::string>() : "";
  return "";
}

// The requests whose system text contains `marker`, in arrival order.
std::vector<Json> requestsFor(const std::vector<Json> &requests, const std::string &marker) {
  std::vector<Json> out;
  for (const Json &r : requests)
    if (systemText(r["body"]).find(marker) != std::string::npos) out.push_back(r);
  return out;
}

class WorkflowE2ETest : public LlmPackTest {
 protected:
  static void SetUpTestSuite() {
    LlmPackTest::SetUpTestSuite();
    for (const char *name : {"workflow-states", "workflow-visits", "workflow-chat", "workflow-persistent",
                             "workflow-agent-control"}) {
      exes_[name] = e2eExeDir() + "/" + name;
      ASSERT_TRUE(fs::exists(exes_[name])) << exes_[name] << " was not built";
    }
  }

  static std::vector<std::string> llm(const LlmServerProcess &server, std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"--llm-base-url", server.baseUrl(), "--model", "test-model", "--input-json",
                                     R"({"user": "Ada", "request": "Where is my parcel?"})"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }

  static std::string kbBindings() { return bindings("workflow-kb", "tools:\n" + kbLookup()); }

  // intake emits `event`; the closer (a composition in `finish`) answers with its user message's
  // context and notes echoed, so the output shows what reached it.
  static Json script(const std::string &intakeEvent, Json chatReplies, Json extra = Json::array()) {
    Json replies = Json::array();
    replies.push_back({{"match", {{"system_contains", "INTAKE"}}},
                       {"reply", {{"content_json", {{"event", intakeEvent}, {"topic", "parcel"}}}}}});
    for (Json &r : chatReplies) replies.push_back(r);
    for (Json &r : extra) replies.push_back(r);
    replies.push_back({{"match", {{"system_contains", "APPROVER"}}}, {"reply", {{"content", "Approve the refund?"}}}});
    replies.push_back({{"match", {{"system_contains", "CLOSER"}}}, {"reply", {{"content", "closed"}}}});
    return {{"replies", replies}};
  }
};

// Composition → internal (a tool call, two appended notes, a transition with context) →
// terminal composition reading ${workflow.context} and ${workflow.artifacts.notes}.
TEST_F(WorkflowE2ETest, CompositionInternalAndTerminalCompositionStates) {
  LlmServerProcess server(script("chat", json(R"([
    {"match": {"system_contains": "ROUTER", "rounds": 0}, "reply": {"tool_calls": [
      {"name": "kb_lookup", "arguments": {"term": "parcel"}},
      {"name": "workflow__set_artifact", "arguments": {"name": "notes", "value": "first note"}}]}},
    {"match": {"system_contains": "ROUTER", "rounds": 1}, "reply": {"tool_calls": [
      {"name": "workflow__set_artifact", "arguments": {"name": "notes", "value": "second note"}},
      {"name": "workflow__transition", "arguments": {"event": "finish", "context": "parcel found"}},
      {"name": "kb_lookup", "arguments": {"term": "never run"}}]}}
  ])")));
  std::string trace = path("states-trace.jsonl"), report = path("states-report.json");
  ProcessResult r = run("workflow-states", llm(server, {"--bindings", kbBindings(), "--trace", trace, "--report", report}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), "closed");

  std::vector<Json> requests = server.requests();
  std::vector<Json> chat = requestsFor(requests, "ROUTER");
  ASSERT_EQ(chat.size(), 2u);
  // The transition tool as sent: event is an enum of the state's on_event keys in pack order. The
  // tools go by name (docs/promptkit.md "The request").
  EXPECT_EQ(chatToolNames(chat[0]["body"]),
            (std::vector<std::string>{"kb_lookup", "workflow__set_artifact", "workflow__transition"}));
  const Json *transition = tool(chat[0]["body"], "workflow__transition");
  ASSERT_NE(transition, nullptr);
  EXPECT_EQ((*transition)["function"]["parameters"]["properties"]["event"]["enum"], json(R"(["again", "approve", "finish"])"));
  // OpenAI's strict schema, as PromptKit sends every tool: all properties required, in name order.
  EXPECT_EQ((*transition)["function"]["parameters"]["required"], json(R"(["context", "event"])"));
  EXPECT_EQ((*transition)["function"]["strict"], true);
  EXPECT_EQ((*transition)["function"]["parameters"]["properties"]["context"]["type"], "string");
  const Json *artifact = tool(chat[0]["body"], "workflow__set_artifact");
  ASSERT_NE(artifact, nullptr);
  EXPECT_EQ((*artifact)["function"]["parameters"]["properties"]["name"]["enum"], json(R"(["notes", "verdict"])"));
  // The internal state's first user message is the context: intake's whole output.
  EXPECT_EQ(json(firstUser(chat[0]["body"])), json(R"({"event": "chat", "topic": "parcel"})"));
  EXPECT_NE(systemText(chat[0]["body"]).find("ROUTER for Ada."), std::string::npos) << "input keys are variables";
  EXPECT_NE(systemText(chat[0]["body"]).find("Notes: []"), std::string::npos) << "an unset artifact renders empty";
  // The closer (in composition `finish`) gets the transition's context and both notes.
  std::vector<Json> closer = requestsFor(requests, "CLOSER");
  ASSERT_EQ(closer.size(), 1u);
  EXPECT_EQ(json(firstUser(closer[0]["body"])),
            json(R"({"context": "parcel found", "notes": "first note\nsecond note", "user": "Ada"})"));
  EXPECT_NE(systemText(closer[0]["body"]).find("Context: [parcel found] Notes: [first note\nsecond note]"),
            std::string::npos);

  std::vector<Json> lines = jsonLines(trace);
  std::vector<Json> starts = events(lines, "state_start");
  ASSERT_EQ(starts.size(), 3u);
  EXPECT_EQ(starts[0]["state"], "intake");
  EXPECT_EQ(starts[1]["state"], "chat");
  EXPECT_EQ(starts[1]["kind"], "internal");
  EXPECT_EQ(starts[2]["state"], "finish");
  std::vector<Json> transitions = events(lines, "transition");
  ASSERT_EQ(transitions.size(), 2u);
  EXPECT_EQ(transitions[0]["on_event"], "chat");
  EXPECT_EQ(transitions[0]["event"], "transition");
  EXPECT_EQ(transitions[1]["to"], "finish");
  EXPECT_EQ(events(lines, "artifact_set").size(), 2u);
  std::vector<Json> tools = events(lines, "tool_call");
  ASSERT_EQ(tools.size(), 1u) << "the call after the transition never runs";
  EXPECT_EQ(tools[0]["step"], "chat");
  // Steps of a state's composition are named after the state.
  bool sawClassify = false;
  for (const Json &e : events(lines, "step_end")) sawClassify |= e["step"] == "intake:classify";
  EXPECT_TRUE(sawClassify);

  Json rep = json(readText(report));
  EXPECT_EQ(rep["composition"], nullptr);
  ASSERT_EQ(rep["states"].size(), 3u);
  Json first = rep["states"][0];
  first.erase("duration_ms");
  EXPECT_EQ(first, json(R"({"state": "intake", "kind": "composition", "visit": 1, "status": "ok", "event": "chat", "next": "chat"})"));
  EXPECT_EQ(rep["states"][1]["event"], "finish");
  EXPECT_FALSE(rep["states"][2].contains("event"));
}

// A loop stopped by max_visits: chat → again → chat (visit 2) → again → max_visits 2 reached, so
// on_max_visits (finish) is entered instead. Recording keys tell the two visits apart.
TEST_F(WorkflowE2ETest, LoopIsStoppedByMaxVisitsAndVisitsHaveTheirOwnKeys) {
  std::string recording = path("loop.jsonl"), trace = path("loop-trace.jsonl");
  {
    LlmServerProcess server(script("chat", json(R"([
      {"match": {"system_contains": "ROUTER", "last_user_contains": "second"}, "reply": {"tool_calls": [
        {"name": "workflow__set_artifact", "arguments": {"name": "notes", "value": "visit two"}},
        {"name": "workflow__transition", "arguments": {"event": "again", "context": "third"}}]}},
      {"match": {"system_contains": "ROUTER"}, "reply": {"tool_calls": [
        {"name": "workflow__set_artifact", "arguments": {"name": "notes", "value": "visit one"}},
        {"name": "workflow__transition", "arguments": {"event": "again", "context": "second"}}]}}
    ])")));
    ProcessResult r = run("workflow-states", llm(server, {"--bindings", kbBindings(), "--trace", trace, "--record", recording}));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), "closed");
    std::vector<Json> chat = requestsFor(server.requests(), "ROUTER");
    ASSERT_EQ(chat.size(), 2u);
    EXPECT_NE(systemText(chat[1]["body"]).find("Context: [second] Notes: [visit one]"), std::string::npos);
    std::vector<Json> closer = requestsFor(server.requests(), "CLOSER");
    ASSERT_EQ(closer.size(), 1u);
    EXPECT_EQ(json(firstUser(closer[0]["body"]))["notes"], "visit one\nvisit two");
  }
  std::vector<Json> lines = jsonLines(trace);
  std::vector<Json> redirects = events(lines, "max_visits");
  ASSERT_EQ(redirects.size(), 1u);
  EXPECT_EQ(redirects[0]["state"], "chat");
  EXPECT_EQ(redirects[0]["max_visits"], 2);
  EXPECT_EQ(redirects[0]["to"], "finish");
  std::vector<std::string> steps;
  for (const Json &line : jsonLines(recording))
    if (line.contains("key")) steps.push_back(line["key"]["step"]);
  EXPECT_EQ(steps, (std::vector<std::string>{"intake:classify", "chat", "chat@2", "finish:report"}));
  // Offline, the recording replays the same run.
  ProcessResult replay = run("workflow-states", {"--replay", recording, "--bindings", kbBindings(), "--input-json",
                                                 R"({"user": "Ada", "request": "Where is my parcel?"})"});
  ASSERT_EQ(replay.exitCode, 0) << replay.err;
  EXPECT_EQ(json(replay.out), "closed");
}

// An external state: its prompt runs once (reply on stderr), then the event comes from --events;
// `no` goes back to chat, `yes` (with a JSON context) on to finish.
TEST_F(WorkflowE2ETest, ExternalStateTakesItsEventsFromTheEventsFile) {
  LlmServerProcess server(script("review", json(R"([
    {"match": {"system_contains": "ROUTER"}, "reply": {"tool_calls": [
      {"name": "workflow__set_artifact", "arguments": {"name": "notes", "value": "rechecked"}},
      {"name": "workflow__transition", "arguments": {"event": "approve", "context": "checked again"}}]}}
  ])")));
  std::string events = path("events.txt");
  writeText(events, "# the approver's answers\nno\n\n  yes {\"approved_by\": \"Grace\"}  \nleftover\n");
  std::string trace = path("external-trace.jsonl");
  ProcessResult r = run("workflow-states", llm(server, {"--bindings", kbBindings(), "--events", events, "--trace", trace}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("[review] Approve the refund?"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("[review@2] Approve the refund?"), std::string::npos) << r.err;
  std::vector<Json> approver = requestsFor(server.requests(), "APPROVER");
  ASSERT_EQ(approver.size(), 2u);
  std::vector<Json> closer = requestsFor(server.requests(), "CLOSER");
  ASSERT_EQ(closer.size(), 1u);
  EXPECT_EQ(json(firstUser(closer[0]["body"]))["context"], json(R"({"approved_by": "Grace"})"));
  std::vector<std::string> path;
  for (const Json &t : wfc::test::events(jsonLines(trace), "transition")) path.push_back(t["to"]);
  EXPECT_EQ(path, (std::vector<std::string>{"review", "chat", "review", "finish"}));
  EXPECT_EQ(wfc::test::events(jsonLines(trace), "state_reply").size(), 2u);
}

TEST_F(WorkflowE2ETest, ExternalStateWithoutAnEventLeftIsExitOneNamingItsEvents) {
  LlmServerProcess server(script("review", Json::array()));
  {
    ProcessResult r = run("workflow-states", llm(server, {"--bindings", kbBindings()}));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("external state 'review' needs its next event (one of 'yes' and 'no'), but no events file "
                         "was given"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.out, "");
  }
  {
    std::string events = path("empty-events.txt");
    writeText(events, "# nothing\n");
    ProcessResult r = run("workflow-states", llm(server, {"--bindings", kbBindings(), "--events", events}));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("has none left"), std::string::npos) << r.err;
  }
  {
    std::string events = path("wrong-events.txt");
    writeText(events, "maybe\n");
    ProcessResult r = run("workflow-states", llm(server, {"--bindings", kbBindings(), "--events", events}));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("got event 'maybe' (events file '" + events + "' line 1), which it has no transition for; "
                         "its events are 'yes' and 'no'"),
              std::string::npos)
        << r.err;
  }
  {
    std::string events = path("bad-events.txt");
    writeText(events, "yes {broken\n");
    ProcessResult r = run("workflow-states", llm(server, {"--bindings", kbBindings(), "--events", events}));
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("line 1: after the event name comes an optional JSON context"), std::string::npos) << r.err;
    EXPECT_TRUE(server.requests().size() >= 2u);  // the earlier runs'; this one failed before any work
  }
}

TEST_F(WorkflowE2ETest, UnknownEventFromACompositionIsExitOneNamingTheStatesEvents) {
  LlmServerProcess server(script("refund", Json::array()));
  ProcessResult r = run("workflow-states", llm(server, {"--bindings", kbBindings()}));
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("workflow-states.yaml:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("state 'intake' got event 'refund', which it has no transition for; its events are 'chat', "
                       "'review' and 'close'"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");
}

// A reply without tool calls in a non-terminal internal state earns a reminder (a round);
// running out of tool_policy.max_rounds (3) is exit 3.
TEST_F(WorkflowE2ETest, InternalStateIsRemindedToTransitionAndBoundedByMaxRounds) {
  {
    LlmServerProcess server(script("chat", json(R"([
      {"match": {"system_contains": "ROUTER", "last_user_contains": "To finish this stage, call workflow__transition"},
       "reply": {"tool_calls": [{"name": "workflow__transition", "arguments": {"event": "finish"}}]}},
      {"match": {"system_contains": "ROUTER"}, "reply": {"content": "Let me think."}}
    ])")));
    ProcessResult r = run("workflow-states", llm(server, {"--bindings", kbBindings()}));
    // finish reads ${workflow.artifacts.notes}, which no state set: the step fails naming it.
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("${workflow.artifacts.notes}"), std::string::npos) << r.err;
    std::vector<Json> chat = requestsFor(server.requests(), "ROUTER");
    ASSERT_EQ(chat.size(), 2u);
    std::string reminder = chat[1]["body"]["messages"].back()["content"];
    EXPECT_EQ(reminder, "To finish this stage, call workflow__transition with one of the events: 'again', 'approve' and 'finish'.");
  }
  {
    LlmServerProcess server(script("chat", json(R"([
      {"match": {"system_contains": "ROUTER"}, "reply": {"tool_calls": [
        {"name": "workflow__transition", "arguments": {"event": "nowhere"}}]}}
    ])")));
    ProcessResult r = run("workflow-states", llm(server, {"--bindings", kbBindings()}));
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_NE(r.err.find("state 'chat' reached tool_policy.max_rounds (3 rounds) of prompt 'router' without calling "
                         "workflow__transition"),
              std::string::npos)
        << r.err;
    std::vector<Json> chat = requestsFor(server.requests(), "ROUTER");
    ASSERT_EQ(chat.size(), 3u);
    std::string error = chat[1]["body"]["messages"].back()["content"];
    EXPECT_NE(error.find("'event' must be one of 'again', 'approve' and 'finish', not \\\"nowhere\\\""), std::string::npos)
        << error;
  }
}

// A terminal internal state ends at its first reply without tool calls: that reply is the output.
TEST_F(WorkflowE2ETest, TerminalInternalStateOutputsItsFinalMessage) {
  LlmServerProcess server(script("close", Json::array()));
  ProcessResult r = run("workflow-states", llm(server, {"--bindings", kbBindings()}));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(json(r.out), "closed");
  std::vector<Json> closer = requestsFor(server.requests(), "CLOSER");
  ASSERT_EQ(closer.size(), 1u);
  EXPECT_EQ(chatToolNames(closer[0]["body"]), std::vector<std::string>{}) << "a terminal state is offered no transition";
}

TEST_F(WorkflowE2ETest, MaxTotalVisitsBudgetIsExitThree) {
  LlmServerProcess server(json(R"({"replies": [
    {"match": {"system_contains": "BOUNCE"}, "reply": {"content_json": {"event": "hit"}}}
  ]})"));
  std::string report = path("visits-report.json");
  ProcessResult r = run("workflow-visits", {"--llm-base-url", server.baseUrl(), "--model", "m", "--report", report});
  EXPECT_EQ(r.exitCode, 3);
  EXPECT_NE(r.err.find("engine.budget.max_total_visits (3) exhausted: entering state 'pong' would be visit 4"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");
  Json rep = json(readText(report));
  ASSERT_EQ(rep["states"].size(), 3u);
  EXPECT_EQ(rep["states"][1]["state"], "pong");
  EXPECT_EQ(rep["exit_code"], 3);
  // The second visit of ping saw the first pong's output as its context (its step's input).
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 3u);
  EXPECT_EQ(firstUser(requests[0]["body"]), "") << "no context before the first transition";
  EXPECT_EQ(json(firstUser(requests[2]["body"])), json(R"({"event": "hit"})"));
}

TEST_F(WorkflowE2ETest, DryRunAndHelpDescribeTheStates) {
  ProcessResult r = run("workflow-states", {"--dry-run", "--input-json", R"({"user": "Ada", "request": "x"})"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Json plan = json(r.out);
  EXPECT_EQ(plan["entry"], "intake");
  ASSERT_EQ(plan["states"].size(), 5u);
  EXPECT_EQ(plan["states"][1]["kind"], "internal");
  EXPECT_EQ(plan["states"][1]["on_event"], json(R"({"again": "chat", "approve": "review", "finish": "finish"})"));
  EXPECT_EQ(plan["states"][1]["max_visits"], 2);
  EXPECT_EQ(plan["states"][1]["on_max_visits"], "finish");
  EXPECT_EQ(plan["states"][2]["kind"], "external");
  EXPECT_EQ(plan["states"][4]["terminal"], true);

  ProcessResult help = run("workflow-states", {"--help"});
  ASSERT_EQ(help.exitCode, 0);
  EXPECT_NE(help.out.find("Runs the workflow of e2e-workflow-states 1.0.0"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("from state 'intake' through intake, chat, review, closing, finish."), std::string::npos)
      << help.out;

  ProcessResult bad = run("workflow-states", {"--dry-run", "--input-json", R"({"user": "Ada"})"});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("every workflow state receives the input"), std::string::npos) << bad.err;
}

// A workflow of internal states only (no composition in the program), over both providers: the
// transition tool goes out in each API's shape and the second state reads the hand-off.
TEST_F(WorkflowE2ETest, InternalOnlyWorkflowOverBothProviders) {
  for (const char *provider : {"openai", "anthropic"}) {
    SCOPED_TRACE(provider);
    LlmServerProcess server(json(R"({"replies": [
      {"match": {"system_contains": "GREETER"}, "reply": {"tool_calls": [
        {"name": "workflow__transition", "arguments": {"event": "done", "context": "greeted Ada"}}]}},
      {"match": {"system_contains": "CLOSER"}, "reply": {"content": "Goodbye, Ada."}}
    ]})"));
    ProcessResult r = run("workflow-chat", {"--llm-base-url", server.baseUrl(), "--model", "m", "--provider", provider,
                                            "--input-json", R"({"name": "Ada"})"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r.out), "Goodbye, Ada.");
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 2u);
    const Json &first = requests[0]["body"];
    if (std::string(provider) == "anthropic") {
      ASSERT_TRUE(first.contains("tools"));
      EXPECT_EQ(first["tools"][0]["name"], "workflow__transition");
      EXPECT_EQ(first["tools"][0]["input_schema"]["properties"]["event"]["enum"], json(R"(["done"])"));
      EXPECT_NE(requests[1]["body"]["system"].dump().find("Context: [greeted Ada]"), std::string::npos);
    } else {
      EXPECT_EQ(chatToolNames(first), std::vector<std::string>{"workflow__transition"});
      EXPECT_EQ(json(firstUser(first)), json(R"({"name": "Ada"})")) << "the entry state hears the input";
      EXPECT_EQ(firstUser(requests[1]["body"]), "greeted Ada") << "the next state hears the hand-off";
      EXPECT_NE(systemText(requests[1]["body"]).find("Context: [greeted Ada]"), std::string::npos);
    }
  }
}

// A persistent state's second visit continues its first visit's conversation: the earlier user
// message, the transition call and its answer come before the new hand-off; a transient state
// starts afresh.
TEST_F(WorkflowE2ETest, PersistentStatesContinueTheirConversation) {
  Json script = json(R"({"replies": [
    {"match": {"system_contains": "ASK", "rounds": 0},
     "reply": {"tool_calls": [{"name": "workflow__transition", "arguments": {"event": "again"}}]}},
    {"match": {"system_contains": "ASK", "rounds": 1},
     "reply": {"tool_calls": [{"name": "workflow__transition", "arguments": {"event": "done"}}]}},
    {"match": {"system_contains": "CHECK"},
     "reply": {"tool_calls": [{"name": "workflow__transition",
                               "arguments": {"event": "back", "context": "checked: fine"}}]}},
    {"match": {"system_contains": "END"}, "reply": {"content": "Bye."}}
  ]})");
  LlmServerProcess server(script);
  ProcessResult r = run("workflow-persistent", {"--llm-base-url", server.baseUrl(), "--model", "test-model",
                                                "--input-json", R"({"question": "Where is my parcel?"})"});
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), "Bye.");
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 4u);
  const Json &second = requests[2]["body"]["messages"];
  ASSERT_EQ(second.size(), 5u) << second.dump(2);
  EXPECT_EQ(second[0]["content"], "ASK: gather the facts.");
  EXPECT_EQ(json(second[1]["content"].get<std::string>()), json(R"({"question": "Where is my parcel?"})"));
  EXPECT_EQ(second[2]["tool_calls"][0]["function"]["name"], "workflow__transition");
  EXPECT_EQ(second[3]["role"], "tool");
  EXPECT_EQ(json(second[3]["content"].get<std::string>()), json(R"({"ok": true, "event": "again"})"));
  EXPECT_EQ(second[4]["role"], "user");
  EXPECT_NE(second[4]["content"].get<std::string>().find("checked: fine"), std::string::npos) << second[4];
  EXPECT_EQ(requests[1]["body"]["messages"].size(), 2u) << "the transient state starts afresh";
}

// The kept conversation is journaled with each visit: a run that failed on `ask`'s second visit
// (no scripted reply) and is resumed continues the conversation of its first visit, which the
// resumed run serves from the journal and does not make again.
TEST_F(WorkflowE2ETest, AResumedRunContinuesAPersistentConversation) {
  std::string journal = path("persistent.db");
  std::string firstThree = R"({"match": {"system_contains": "ASK", "rounds": 0},
     "reply": {"tool_calls": [{"name": "workflow__transition", "arguments": {"event": "again"}}]}},
    {"match": {"system_contains": "CHECK"},
     "reply": {"tool_calls": [{"name": "workflow__transition",
                               "arguments": {"event": "back", "context": "checked: fine"}}]}})";
  std::vector<std::string> args = {"--model", "test-model", "--journal", journal};
  {
    LlmServerProcess server(json(R"({"replies": [)" + firstThree + "]}"));
    std::vector<std::string> a = {"--llm-base-url", server.baseUrl(), "--input-json", R"({"question": "Late?"})"};
    a.insert(a.end(), args.begin(), args.end());
    ProcessResult r = run("workflow-persistent", a);
    ASSERT_NE(r.exitCode, 0) << "the second visit of ask has no scripted reply";
  }
  ProcessResult runs = run("workflow-persistent", {"--journal", journal, "--runs"});
  ASSERT_EQ(runs.exitCode, 0) << runs.err;
  std::string id = json(runs.out.substr(0, runs.out.find('\n')))["id"];
  LlmServerProcess server(json(R"({"replies": [)" + firstThree + R"(,
    {"match": {"system_contains": "ASK", "rounds": 1},
     "reply": {"tool_calls": [{"name": "workflow__transition", "arguments": {"event": "done"}}]}},
    {"match": {"system_contains": "END"}, "reply": {"content": "Bye."}}]})"));
  std::vector<std::string> a = {"--llm-base-url", server.baseUrl(), "--resume", id};
  a.insert(a.end(), args.begin(), args.end());
  ProcessResult r = run("workflow-persistent", a);
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(json(r.out), "Bye.");
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 2u) << "ask's first visit and check come from the journal";
  const Json &second = requests[0]["body"]["messages"];
  ASSERT_EQ(second.size(), 5u) << second.dump(2);
  EXPECT_EQ(json(second[1]["content"].get<std::string>()), json(R"({"question": "Late?"})"));
  EXPECT_EQ(second[4]["content"], "checked: fine");
}

// --chat on a workflow pack (docs/promptkit.md "Workflow chats"), as PromptKit's
// WorkflowConversation: each line is a turn of the current state's conversation; the model's
// workflow__transition is scheduled (answered as PromptKit answers it), made when the turn's reply
// is in, and the next turn talks to the new state's prompt in a fresh conversation that reads the
// hand-off as {{workflow_context}}. Recorded, the chat replays offline.
TEST_F(WorkflowE2ETest, ChatDrivesTheStatesTurnByTurn) {
  Json script = json(R"({"replies": [
    {"match": {"system_contains": "GREETER", "last_tool_result_contains": "transition_scheduled"},
     "reply": {"content": "Moving you on."}},
    {"match": {"system_contains": "GREETER", "last_user_contains": "done"},
     "reply": {"tool_calls": [{"name": "workflow__transition", "arguments": {"event": "done", "context": "greeted Ada"}}]}},
    {"match": {"system_contains": "GREETER"}, "reply": {"content": "Hello! Say done when ready."}},
    {"match": {"system_contains": "CLOSER"}, "reply": {"content": "Goodbye, Ada."}}
  ]})");
  const std::string lines = "{\"message\": \"hi\"}\n{\"message\": \"I am done\"}\n{\"message\": \"thanks\"}\n";
  const std::string trace = path("workflow-chat.trace"), recording = path("workflow-chat.jsonl");
  {
    LlmServerProcess server(script);
    ProcessResult r = runWithStdin("workflow-chat", {"--llm-base-url", server.baseUrl(), "--model", "m", "--chat",
                                                     "--trace", trace, "--record", recording},
                                   lines);
    ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
    EXPECT_EQ(r.out, "\"Hello! Say done when ready.\"\n\"Moving you on.\"\n\"Goodbye, Ada.\"\n");
    std::vector<Json> requests = server.requests();
    ASSERT_EQ(requests.size(), 4u);
    EXPECT_EQ(chatToolNames(requests[0]["body"]), std::vector<std::string>{"workflow__transition"});
    EXPECT_EQ(requests[1]["body"]["messages"].size(), 4u) << "the second turn continues the first's conversation";
    const Json &answer = requests[2]["body"]["messages"].back();
    EXPECT_EQ(answer["role"], "tool");
    EXPECT_EQ(json(answer["content"].get<std::string>()),
              json(R"({"event": "done", "status": "transition_scheduled", "target_state": "bye"})"));
    EXPECT_EQ(requests[3]["body"]["messages"], json(R"([
        {"role": "system", "content": "CLOSER: say goodbye. Context: [greeted Ada]"},
        {"role": "user", "content": "thanks"}])"))
        << "the new state's conversation starts afresh, with the hand-off in its template";
    EXPECT_FALSE(requests[3]["body"].contains("tools")) << "a terminal state offers no transition";
    std::vector<Json> transitions = events(jsonLines(trace), "transition");
    ASSERT_EQ(transitions.size(), 1u);
    EXPECT_EQ(transitions[0]["from"], "hello");
    EXPECT_EQ(transitions[0]["to"], "bye");
  }
  ProcessResult replayed = runWithStdin("workflow-chat", {"--chat", "--replay", recording}, lines);
  ASSERT_EQ(replayed.exitCode, 0) << replayed.err;
  EXPECT_EQ(replayed.out, "\"Hello! Say done when ready.\"\n\"Moving you on.\"\n\"Goodbye, Ada.\"\n");

  // What --chat cannot drive, and turns it cannot take, are usage errors (exit 2).
  ProcessResult states = runWithStdin("workflow-states", {"--chat", "--model", "m"}, lines);
  EXPECT_EQ(states.exitCode, 2);
  EXPECT_NE(states.err.find("state 'intake' (packs/workflow-states.yaml:46)"), std::string::npos) << states.err;
  EXPECT_NE(states.err.find("runs a composition"), std::string::npos) << states.err;
  ProcessResult variables = runWithStdin("workflow-chat", {"--chat", "--replay", recording},
                                         "{\"message\": \"hi\", \"variables\": {\"name\": \"Ada\"}}\n");
  EXPECT_EQ(variables.exitCode, 2);
  EXPECT_NE(variables.err.find("turn 1: a workflow chat's turns take only a message"), std::string::npos)
      << variables.err;
  ProcessResult task = runWithStdin("workflow-chat", {"--chat", "--task", "greeter", "--replay", recording}, lines);
  EXPECT_EQ(task.exitCode, 2);
  EXPECT_NE(task.err.find("with --chat a workflow starts at its entry state"), std::string::npos) << task.err;
}

// Media in a workflow chat go to the current state's conversation, checked against its prompt:
// the greeter takes images, the closer none (exit 2 naming the state).
TEST_F(WorkflowE2ETest, ChatTurnsCarryMediaToTheCurrentState) {
  LlmServerProcess server(json(R"({"replies": [
    {"match": {"system_contains": "GREETER", "last_tool_result_contains": "transition_scheduled"},
     "reply": {"content": "Nice photo."}},
    {"match": {"system_contains": "GREETER", "last_user_media": ["https://example.com/me.png"]},
     "reply": {"tool_calls": [{"name": "workflow__transition", "arguments": {"event": "done", "context": "saw the photo"}}]}},
    {"match": {"system_contains": "CLOSER"}, "reply": {"content": "Goodbye."}}
  ]})"));
  const std::string photo = R"({"message": "hi", "media": [{"url": "https://example.com/me.png"}]})";
  ProcessResult r = runWithStdin("workflow-chat", {"--llm-base-url", server.baseUrl(), "--model", "m", "--chat"},
                                 photo + "\n" + photo + "\n");
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_EQ(r.out, "\"Nice photo.\"\n");
  EXPECT_NE(r.err.find("state 'bye' takes no media: its prompt 'closer' does not enable them"), std::string::npos) << r.err;
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 2u) << "the closer is never called";
  EXPECT_EQ(requests[0]["body"]["messages"][1]["content"][1],
            json(R"({"type": "image_url", "image_url": {"url": "https://example.com/me.png"}})"));
}

// control: agent (RFC 0014) in a --chat: the turn whose transition enters `working` goes on there
// with the same message, and its reply follows the first state's; `reporting` (control: user)
// waits for the next turn.
TEST_F(WorkflowE2ETest, ChatTurnContinuesIntoAnAgentControlledState) {
  LlmServerProcess server(json(R"({"replies": [
    {"match": {"system_contains": "INTAKE", "last_tool_result_contains": "transition_scheduled"}, "reply": {"content": "On it."}},
    {"match": {"system_contains": "INTAKE"}, "reply": {"tool_calls": [
      {"name": "workflow__transition", "arguments": {"event": "ready", "context": "build the thing"}}]}},
    {"match": {"system_contains": "WORKER", "last_tool_result_contains": "transition_scheduled"}, "reply": {"content": "Built."}},
    {"match": {"system_contains": "WORKER"}, "reply": {"tool_calls": [
      {"name": "workflow__transition", "arguments": {"event": "done", "context": "built the thing"}}]}},
    {"match": {"system_contains": "REPORTER"}, "reply": {"content": "Report ready."}}
  ]})"));
  std::string trace = path("agent-control.trace");
  ProcessResult r = runWithStdin("workflow-agent-control",
                                 {"--llm-base-url", server.baseUrl(), "--model", "m", "--chat", "--trace", trace},
                                 "{\"message\": \"please build\"}\n{\"message\": \"status?\"}\n");
  ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
  EXPECT_EQ(r.out, "\"On it.\\n\\nBuilt.\"\n\"Report ready.\"\n");
  std::vector<Json> requests = server.requests();
  ASSERT_EQ(requests.size(), 5u);
  EXPECT_EQ(requests[2]["body"]["messages"], json(R"([
      {"role": "system", "content": "WORKER: do [build the thing], then transition with done."},
      {"role": "user", "content": "please build"}])"))
      << "the agent-controlled state takes the turn's message in a conversation of its own";
  EXPECT_EQ(requests[4]["body"]["messages"], json(R"([
      {"role": "system", "content": "REPORTER: report on [built the thing]."},
      {"role": "user", "content": "status?"}])"));
  std::vector<Json> transitions = events(jsonLines(trace), "transition");
  ASSERT_EQ(transitions.size(), 2u);
  EXPECT_EQ(transitions[1]["from"], "working");
  EXPECT_EQ(transitions[1]["to"], "reporting");
}

}  // namespace
}  // namespace wfc::test
