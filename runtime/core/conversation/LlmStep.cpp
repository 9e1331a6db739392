#include "core/conversation/LlmStep.h"

#include "common/JsonReader.h"
#include "core/conversation/Conversation.h"
#include "core/conversation/SkillSet.h"
#include "core/llm/PromptRenderer.h"
#include "core/run/Run.h"
#include "support/Describe.h"
#include "wfc/error.h"

#include <vector>

namespace wfc::llm {
namespace {

// The reply's text as the step's output: a string, or parsed and validated JSON when the step
// has an output_schema. A reply that does not fit throws: the attempt fails.
Value parseReply(const StepAttempt &a, const std::string &content, const char *what) {
  if (!a.step.outputSchema) return Value::string(content);
  Value parsed;
  try {
    parsed = Value::parse(content);
  } catch (const Error &e) {
    throw Error(ErrorKind::StepFailed, std::string(what) + " is not valid JSON (" + e.what() + "): " + headOf(content, 200));
  }
  if (const SchemaValidator *schema = a.run.schema(a.step.outputSchema))
    if (auto problem = schema->validate(parsed))
      throw Error(ErrorKind::StepFailed, std::string(what) + " does not match the step's output_schema: " + *problem);
  return parsed;
}

// `skills`: an agent's, whose preloaded instructions follow the system message.
Request firstRequest(const StepAttempt &a, const PromptDecl &prompt, const Value &input,
                     const SkillSet *skills = nullptr) {
  Request request;
  // A prompt may name its own model (AWL's prompt-agent `model`); otherwise the run's.
  // RFC 0017: the step's provider key, else its prompt's; the router sends the call there.
  const char *provider = a.step.provider ? a.step.provider : prompt.provider;
  if (provider) request.provider = provider;
  request.model = prompt.model ? prompt.model : a.run.modelFor(provider);
  const ModelOverrideDecl *override = modelOverride(prompt, request.model);
  std::string system =
      renderSystemTemplate(prompt, input, a.run.runsWorkflow() ? &a.run.workflow() : nullptr, override);
  if (skills) system = skills->withPreloaded(std::move(system));
  if (!system.empty()) request.messages.push_back({Message::Role::System, std::move(system), {}, {}});
  if (!input.isNull())
    request.messages.push_back({Message::Role::User, input.isString() ? input.asString() : input.dump(), {}, {}});
  request.parameters = promptParameters(prompt, override);
  request.promptKitWire = prompt.promptKitWire;
  request.cache = promptCache(a.step.promptCacheKey, prompt, override, a.step.kind == StepKind::Agent);
  return request;
}

std::optional<StructuredOutput> structured(const StepAttempt &a) {
  if (!a.step.outputSchema) return std::nullopt;
  // Providers accept ^[a-zA-Z0-9_-]+$ (and at most 64 characters) as the schema's name.
  std::string name;
  for (char c : std::string(a.step.id))
    name += (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-') ? c : '_';
  return StructuredOutput{name.substr(0, 64), readJson(a.step.outputSchema), a.step.strictOutput};
}

Value runPrompt(const StepAttempt &a, const PromptDecl &prompt, const Value &input) {
  Request request = firstRequest(a, prompt, input);
  request.structured = structured(a);
  Reply reply = Exchange(a, prompt).send(request, 1);
  if (a.log) {
    request.messages.push_back({Message::Role::Assistant, reply.content, {}, {}});
    noteConversation(a, request);
    a.log->setVariables(input);
  }
  return parseReply(a, reply.content, "the model's reply");
}

Value runAgent(const StepAttempt &a, const PromptDecl &prompt, const Value &input) {
  const ProgramDecl &program = a.run.program();
  // The step's tools, those the active skills grant and the skill tools (docs/promptkit.md
  // "Skills"): offered anew after a round that changed the active skills.
  const std::span<const int> baseline(a.step.tools.begin(), a.step.tools.size());
  SkillSet skills(program, SkillSet::all(program));
  Request request = firstRequest(a, prompt, input, &skills);
  std::vector<int> offered = skills.offerTools(request, baseline);
  if (!request.tools.empty()) request.toolChoice = prompt.toolChoice;
  if (a.step.toolCalled < 0) request.structured = structured(a);
  Exchange exchange(a, prompt);
  unsigned callsThisTurn = 0;  // an attempt is one turn of the prompt's tool_policy
  const unsigned rounds = a.step.maxSteps > 0 ? a.step.maxSteps : prompt.maxRounds;
  for (unsigned round = 1; round <= rounds; ++round) {
    Reply reply = exchange.send(request, round);
    if (reply.toolCalls.empty()) {
      if (a.log) {
        request.messages.push_back({Message::Role::Assistant, reply.content, {}, {}});
        noteConversation(a, request);
        a.log->setVariables(input);
      }
      return parseReply(a, reply.content, "the model's final reply");
    }
    if (round == rounds) break;  // the calls of a last round would never be answered
    request.messages.push_back({Message::Role::Assistant, reply.content, reply.toolCalls, {}});
    // Resolve each call: its tool and parsed arguments, or the error the model will read.
    std::vector<PendingCall> calls;
    for (const ToolCallRequest &call : reply.toolCalls) calls.push_back(skills.resolve(a, call, offered));
    // The ending call (tool_called) ends the loop after the calls before it have run.
    applyToolPolicy(prompt, program, calls, callsThisTurn);
    size_t ending = calls.size();
    for (size_t i = 0; i < calls.size() && ending == calls.size(); ++i)
      if (calls[i].args && calls[i].tool == a.step.toolCalled) ending = i;
    runToolCalls(a, calls, ending, round);
    if (ending < calls.size()) {
      const PendingCall &end = calls[ending];
      if (const SchemaValidator *schema = a.step.outputSchema ? a.run.schema(a.step.outputSchema) : nullptr)
        if (auto problem = schema->validate(*end.args))
          throw Error(ErrorKind::StepFailed, "the arguments of the model's call to '" +
                                                 std::string(program.tools[end.tool].name) +
                                                 "' do not match the step's output_schema: " + *problem);
      // The tool itself runs when it is bound; its result is not the output.
      if (a.run.isBound(end.tool))
        a.run.callTool(end.tool, *end.args, true, a.path, a.attempt, a.cancel, a.span, callKey(round, ending), nullptr,
                       end.request->id, a.workingDir);
      if (a.log) a.log->add({program.tools[end.tool].name, *end.args, "", ""});
      return *end.args;
    }
    for (PendingCall &call : calls)
      request.messages.push_back({Message::Role::Tool, std::move(call.result), {}, call.request->id});
    if (!skills.empty()) offered = skills.offerTools(request, baseline);
  }
  throw Error(ErrorKind::Exhausted, "the agent reached max_steps (" + std::to_string(rounds) +
                                        " rounds) without ending: its last reply still called tools");
}

}  // namespace

Value runLlmStep(const StepAttempt &a, const Value &input) {
  const PromptDecl &prompt = a.run.program().prompts[a.step.prompt];
  return a.step.kind == StepKind::Agent ? runAgent(a, prompt, input) : runPrompt(a, prompt, input);
}

}  // namespace wfc::llm
