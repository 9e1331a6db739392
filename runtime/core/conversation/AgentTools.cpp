#include "core/conversation/AgentTools.h"

#include "common/JsonReader.h"
#include "core/run/Run.h"
#include "wfc/error.h"

namespace wfc::llm {

void offerAgentTools(Request &request, const Run &run, int prompt) {
  AgentTools *agents = run.agentTools();
  if (!agents) return;
  for (ToolSpec &tool : agents->offered(prompt)) request.tools.push_back(std::move(tool));
}

std::optional<PendingCall> resolveAgentCall(const StepAttempt &a, const ToolCallRequest &call, int prompt) {
  AgentTools *agents = a.run.agentTools();
  if (!agents || call.name.rfind(kAgentToolPrefix, 0) != 0) return std::nullopt;
  bool isOffered = false;
  for (const ToolSpec &tool : agents->offered(prompt)) isOffered |= tool.name == call.name;
  if (!isOffered) return std::nullopt;  // answered as any tool the model names that was not offered
  const std::string member = call.name.substr(kAgentToolPrefix.size());
  PendingCall answered{&call, -1, std::nullopt, "", {}, {}, evals::ToolCallRecord{}};
  Json args = readJsonOrDiscarded(call.arguments.empty() ? "{}" : call.arguments);
  std::string error;
  if (!args.is_object() || !args.contains("query") || !args["query"].is_string()) {
    // PromptKit's LocalAgentExecutor's words.
    error = "failed to parse agent tool args: the arguments must be {\"query\": TEXT}";
  } else {
    try {
      std::string reply = agents->ask(member, args["query"].get<std::string>(), a.run.runId(), a.cancel);
      answered.result = Json{{"response", reply}}.dump();
    } catch (const Error &e) {
      error = "agent " + member + " failed: " + e.what();
    }
  }
  if (!error.empty()) {
    answered.result = toolErrorText(error);
    answered.error = error;
  }
  *answered.answered = {call.name, args.is_discarded() ? Value() : Value::fromJson(args), error.empty() ? answered.result : "",
                        error};
  if (Trace *trace = a.run.trace()) {
    Json line = {{"step", a.path}, {"parent_span_id", a.span}, {"tool", call.name}, {"agent", member},
                 {"status", error.empty() ? "ok" : "failed"}};
    if (!error.empty()) line["error"] = error;
    trace->write("agent_call", line);
  }
  return answered;
}

}  // namespace wfc::llm
