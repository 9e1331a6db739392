#include "codegen/WorkflowEmitter.h"

#include "codegen/CppNames.h"
#include "codegen/DeclMirrors.h"
#include "codegen/JournalIdentity.h"

#include <llvm/ADT/StringExtras.h>

#include <map>

namespace wfc::codegen {
namespace {

// A state ends the run when it says so or has nowhere to go (docs/workflows.md).
bool isTerminal(const ir::State &s) { return s.terminal || s.onEvent.empty(); }

// What a state does, for comments: "composition 'triage'", "internal, prompt 'agent'".
std::string describe(const ir::State &s) {
  if (s.kind == ir::State::Kind::Composition)
    return "composition '" + (s.composition ? s.composition->name : std::string("?")) + "'";
  return std::string(ir::spell(s.kind)) + ", prompt '" + (s.prompt ? s.prompt->key : std::string("?")) + "'";
}

}  // namespace

std::string stateGraphComment(const ir::Workflow &wf) {
  // Built line by line here (not through a template): each name goes through commentText itself.
  std::string out = "// State graph (entry '" + commentText(wf.entry) + "'):\n";
  for (const ir::State &s : wf.states) {
    out += "//   " + commentText(s.name) + " — " + commentText(describe(s));
    if (isTerminal(s)) out += ", terminal";
    if (s.maxVisits) {
      out += ", max_visits " + std::to_string(*s.maxVisits);
      out += s.onMaxVisits.empty() ? " (then exit 3)" : " (then " + commentText(s.onMaxVisits) + ")";
    }
    out += "\n";
    if (isTerminal(s)) continue;
    for (const ir::Transition &t : s.onEvent)
      out += "//     --" + commentText(t.event) + "--> " + commentText(t.target) + "\n";
  }
  if (wf.budget.maxTotalVisits || wf.budget.maxToolCalls || wf.budget.maxWallTimeSec) {
    out += "// engine.budget:";
    if (wf.budget.maxTotalVisits) out += " max_total_visits " + std::to_string(*wf.budget.maxTotalVisits);
    if (wf.budget.maxToolCalls) out += " max_tool_calls " + std::to_string(*wf.budget.maxToolCalls);
    if (wf.budget.maxWallTimeSec) out += " max_wall_time_sec " + std::to_string(*wf.budget.maxWallTimeSec);
    out += "\n";
  }
  return out;
}

void emitWorkflow(Printer &p, EmitContext &ctx, const ir::Workflow &wf) {
  NameTable table;
  std::map<std::string, std::string> names;  // state name → C++ identifier
  for (const ir::State &s : wf.states) names[s.name] = table.add(s.name);

  p.emit({{"location", ctx.location(wf.loc)}, {"entry", wf.entry}}, R"cc(
    // ---------------------------------------------------------------------------------------------
    // Workflow — $location$ (entry '$entry$')

  )cc");
  std::vector<EnumEntry> stateNames;
  for (const ir::State &s : wf.states) stateNames.push_back({names[s.name], ""});
  emitEnum(p, "Its states, in pack order.", "state", stateNames);
  p.blankLine();

  // One function per state: what one visit does.
  for (const ir::State &s : wf.states) {
    std::string body;
    switch (s.kind) {
      case ir::State::Kind::Composition:
        body = "return ctx.runComposition(composition::" + ctx.composition(*s.composition).ns + ");";
        break;
      case ir::State::Kind::Internal: body = "return ctx.converse(prompt::" + ctx.prompt(*s.prompt) + ");"; break;
      case ir::State::Kind::External: body = "return ctx.askExternal(prompt::" + ctx.prompt(*s.prompt) + ");"; break;
    }
    p.emit({{"state", s.name}, {"what", describe(s)}, {"location", ctx.location(s.loc)}, {"name", names[s.name]},
            {"body", body}},
           R"cc(
             // state '$state$': $what$ — $location$
             wfc::StateResult state_$name$(wfc::StateContext &ctx) {
               $body$
             }

           )cc");
  }

  // The transition table.
  bool anyTransition = false;
  for (const ir::State &s : wf.states) anyTransition |= !isTerminal(s);
  p.emit({{"event", anyTransition ? "event" : "/*event*/"}}, R"cc(
    // The transition table: the state an event leads to, or -1 when the state has no such event
    // (the run then fails naming the state's events). Terminal states have none.
    int transition(int from, std::string_view $event$) {
      switch (from) {
  )cc");
  {
    auto indent = p.indent();
    auto cases = p.indent();
    for (const ir::State &s : wf.states) {
      if (isTerminal(s)) continue;
      p.emit({{"name", names[s.name]}}, "case state::$name$:\n");
      auto inner = p.indent();
      for (const ir::Transition &t : s.onEvent)
        p.emit({{"event", cppString(t.event)}, {"target", names[t.target]}}, "if (event == $event$) return state::$target$;\n");
      p.emit("return -1;\n");
    }
    p.emit("default:\n");
    auto inner = p.indent();
    p.emit("return -1;\n");
  }
  p.emit(R"cc(
      }
    }

  )cc");

  // The state table.
  p.emit("// The state table: each state's kind, events, guards and function.\n");
  std::vector<StateDeclFields> rows;
  for (const ir::State &s : wf.states) {
    const char *kind = s.kind == ir::State::Kind::Composition ? "Composition"
                       : s.kind == ir::State::Kind::Internal  ? "Internal"
                                                              : "External";
    StateDeclFields row;
    row.name = cppString(s.name);
    row.kind = std::string("wfc::StateKind::") + kind;
    row.location = cppString(ctx.location(s.loc));
    row.run = "state_" + names[s.name];
    if (s.kind == ir::State::Kind::Composition) row.composition = "composition::" + ctx.composition(*s.composition).ns;
    else row.prompt = "prompt::" + ctx.prompt(*s.prompt);
    if (!isTerminal(s)) {
      std::string events;
      for (const ir::Transition &t : s.onEvent) events += (events.empty() ? "" : ", ") + cppString(t.event);
      row.events = "{" + events + "}";
    } else {
      row.terminal = "true";
    }
    if (s.maxVisits) row.maxVisits = std::to_string(*s.maxVisits);
    if (s.maxVisits && !s.onMaxVisits.empty()) row.onMaxVisits = "state::" + names[s.onMaxVisits];
    if (!s.artifacts.empty()) {
      std::vector<std::string> list;
      for (const ir::Artifact &a : s.artifacts) {
        ArtifactDeclFields artifact;
        artifact.name = cppString(a.name);
        if (!a.type.empty()) artifact.type = cppString(a.type);
        if (a.append) artifact.append = "true";
        list.push_back(inlineInitializer(artifact));
      }
      row.artifacts = "{" + llvm::join(list, ", ") + "}";
    }
    if (s.kind == ir::State::Kind::Internal && s.prompt && !s.prompt->tools.empty()) {
      std::string list;
      for (const ir::Tool *t : s.prompt->tools) list += (list.empty() ? "tool::" : ", tool::") + ctx.tool(*t);
      row.tools = "{" + list + "}";
    }
    // With skills, an internal state lists those its conversation is offered (none: empty).
    if (s.kind == ir::State::Kind::Internal && ctx.hasSkills()) {
      std::vector<std::string> list;
      for (const ir::Skill *skill : ctx.module.skillsIn(&s))
        if (const std::string *name = ctx.skill(*skill)) list.push_back("skill::" + *name);
      if (!list.empty())
        row.skills = {"{" + llvm::join(list, ", ") + "}", s.skills ? "skills: " + commentText(*s.skills) : ""};
    }
    if (s.persistent && s.kind != ir::State::Kind::Composition) row.persistent = {"true", "persistence: persistent"};
    if (s.agentControl && s.kind == ir::State::Kind::Internal && !s.terminal) row.agentControl = {"true", "control: agent"};
    if (s.kind != ir::State::Kind::Composition && s.prompt)
      row.promptCacheKey = cppString(promptCacheKey("state:" + s.name, *s.prompt));
    rows.push_back(std::move(row));
  }
  emitInitializerTable(p, "kStates", rows);
  p.blankLine();
  WorkflowDeclFields workflow;
  workflow.entry = "state::" + names[wf.entry];
  workflow.states = "kStates";
  workflow.transition = "transition";
  if (wf.budget.maxTotalVisits)
    workflow.maxTotalVisits = {std::to_string(*wf.budget.maxTotalVisits), "engine.budget.max_total_visits"};
  emitInitializer(p, "kWorkflow", workflow);
  p.blankLine();
}

}  // namespace wfc::codegen
