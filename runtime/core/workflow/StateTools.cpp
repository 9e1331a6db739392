#include "core/workflow/StateTools.h"

#include "core/conversation/Conversation.h"
#include "core/llm/Recording.h"
#include "core/run/Run.h"

namespace wfc::workflow {

using llm::Json;

// A persistent state's conversation (docs/workflows.md "Persistent states") lives in the
// workflow's value beside its context and artifacts, so the journal keeps it with each visit and
// a resumed run continues it; references cannot read it (sema offers only context and artifacts).
namespace {
constexpr const char *kConversations = "conversations";
}  // namespace

std::vector<llm::Message> earlierConversation(const StateVisit &v) {
  if (!v.state.persistent) return {};
  std::optional<Value> all = v.run.workflow().get(kConversations);
  std::optional<Value> mine = all ? all->get(v.state.name) : std::nullopt;
  return mine ? llm::messagesFromJson(mine->json()) : std::vector<llm::Message>{};
}

// Keeps the messages after the system message (rendered afresh on each visit).
void keepConversation(const StateVisit &v, const std::vector<llm::Message> &messages) {
  if (!v.state.persistent) return;
  auto first = messages.begin();
  if (first != messages.end() && first->role == llm::Message::Role::System) ++first;
  Json wf = v.run.workflow().json();
  wf[kConversations][v.state.name] = llm::messagesToJson(std::vector<llm::Message>(first, messages.end()));
  v.run.setWorkflow(Value::fromJson(std::move(wf)));
}

StepDecl pseudoStep(const StateVisit &v, int prompt) {
  StepDecl d;
  d.id = v.state.name;
  d.kind = StepKind::Agent;
  d.location = v.state.location;
  d.prompt = prompt;
  d.promptCacheKey = v.state.promptCacheKey;
  return d;
}

llm::ToolSpec transitionSpec(const StateDecl &s) {
  Json events = Json::array();
  for (const char *e : s.events) events.push_back(e);
  return {kTransitionTool,
          "Ends this stage of the workflow and moves to the next one. Call it once the work of this stage is done, "
          "with the event that describes the outcome.",
          {{"type", "object"},
           {"properties",
            {{"event", {{"type", "string"}, {"enum", events}, {"description", "What happened: decides the next stage."}}},
             {"context", {{"type", "string"}, {"description", "What the next stage needs to know."}}}}},
           {"required", {"event"}}}};
}

llm::ToolSpec artifactSpec(const StateDecl &s) {
  Json names = Json::array();
  for (const ArtifactDecl &a : s.artifacts) names.push_back(a.name);
  return {kArtifactTool,
          "Saves a named artifact of the workflow (replacing it, or appending to it, as the artifact is declared), "
          "for later stages to read.",
          {{"type", "object"},
           {"properties", {{"name", {{"type", "string"}, {"enum", names}}}, {"value", {{"type", "string"}}}}},
           {"required", {"name", "value"}}}};
}

// Applies a workflow__set_artifact call; the result the model reads.
std::string setArtifact(const StateVisit &v, const std::string &arguments) {
  Value args;
  try {
    args = Value::parse(arguments.empty() ? "{}" : arguments);
  } catch (const Error &e) {
    return llm::toolErrorText(std::string("the arguments are not valid JSON: ") + e.what());
  }
  std::optional<Value> name = args.isObject() ? args.get("name") : std::nullopt;
  std::optional<Value> value = args.isObject() ? args.get("value") : std::nullopt;
  if (!name || !name->isString() || !value) return llm::toolErrorText("give 'name' (an artifact of this stage) and 'value'");
  const ArtifactDecl *decl = nullptr;
  for (const ArtifactDecl &a : v.state.artifacts)
    if (name->asString() == a.name) decl = &a;
  if (!decl) return llm::toolErrorText("this stage has no artifact '" + name->asString() + "'");
  std::string text = value->isString() ? value->asString() : value->dump();
  Json wf = v.run.workflow().json();
  Json &slot = wf["artifacts"][decl->name];
  // append: one more line of text after what earlier calls (and visits) saved.
  if (decl->append && slot.is_string() && !slot.get<std::string>().empty()) text = slot.get<std::string>() + "\n" + text;
  slot = text;
  v.run.setWorkflow(Value::fromJson(std::move(wf)));
  if (Trace *trace = v.run.trace())
    trace->write("artifact_set", {{"state", v.state.name}, {"visit", v.visit}, {"name", decl->name},
                                  {"mode", decl->append ? "append" : "replace"}, {"chars", text.size()}});
  return Json{{"ok", true}}.dump();
}

}  // namespace wfc::workflow
