#include "host/cli/Plan.h"

#include "common/JsonReader.h"
#include "core/workflow/StateMachine.h"
#include "host/cli/ToolCompositionPlan.h"
#include "support/Describe.h"

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;

}  // namespace

// --dry-run: what would run, in declaration order, with each tool's binding.
nlohmann::ordered_json plan(const ProgramDecl &program, const ToolTable &tools, const Value &input) {
  Json compositions = Json::array();
  for (const CompositionDecl &c : program.compositions) {
    Json steps = Json::array();
    for (const StepDecl &s : c.steps) {
      Json step = {{"id", s.id}, {"kind", spellKind(s.kind)}, {"location", s.location}};
      if (s.kind == StepKind::Action) step["action"] = spellAction(s.action);
      if (s.capture) step["captures"] = s.capture;
      Json after = Json::array();
      for (int a : s.after) after.push_back(c.steps[a].id);
      if (!after.empty()) step["after"] = after;
      // A parallel's branch, or an inner step of the wfc.foreach / wfc.loop / block it runs in.
      if (s.parent >= 0) step[c.steps[s.parent].kind == StepKind::Parallel ? "parallel" : "inside"] = c.steps[s.parent].id;
      if (s.kind == StepKind::Foreach && s.maxConcurrency) step["max_concurrency"] = s.maxConcurrency;
      if (s.kind == StepKind::Loop) step["max_iterations"] = s.maxIterations;
      if (s.guardedBy >= 0)
        step["runs_if"] = std::string(c.steps[s.guardedBy].id) + (s.guard == Guard::Then   ? " takes then"
                                                                  : s.guard == Guard::Else ? " takes else"
                                                                                           : " fails");
      if (s.fallback >= 0) step["on_error"] = {{"fallback", c.steps[s.fallback].id}};
      if (s.fallbackValue) step["on_error"] = {{"value", readJson(s.fallbackValue)}};
      if (s.tool >= 0) {
        step["tool"] = program.tools[s.tool].name;
        step["binding"] = tools.describe(program.tools[s.tool].name);
      }
      if (s.callee >= 0) step["calls"] = program.compositions[s.callee].name;
      if (s.prompt >= 0) step["prompt"] = program.prompts[s.prompt].key;
      if (s.kind == StepKind::Agent) {
        Json offered = Json::array();
        for (int t : s.tools) offered.push_back(program.tools[t].name);
        step["tools"] = offered;
        step["max_steps"] = s.maxSteps;
        if (s.toolCalled >= 0) step["tool_called"] = program.tools[s.toolCalled].name;
      }
      if (s.evals.size() > 0) {  // run after each successful attempt (docs/evals.md)
        Json evals = Json::array();
        for (int e : s.evals) evals.push_back(program.evals[e].id);
        step["evals"] = evals;
      }
      steps.push_back(step);
    }
    Json composition = {{"name", c.name}, {"steps", steps}};
    addToolCompositionPlan(composition, c, program, tools);
    compositions.push_back(composition);
  }
  Json out = {{"workflow", program.name}, {"version", program.version}, {"input", input.json()},
              {"compositions", compositions}};
  if (const WorkflowDecl *wf = program.workflow) {
    Json states = Json::array();
    for (const StateDecl &s : wf->states) {
      Json state = {{"name", s.name}, {"kind", workflow::spell(s.kind)}, {"location", s.location}};
      if (s.composition >= 0) state["composition"] = program.compositions[s.composition].name;
      if (s.prompt >= 0) state["prompt"] = program.prompts[s.prompt].key;
      if (s.terminal) state["terminal"] = true;
      Json events = Json::object();
      for (const char *e : s.events) events[e] = wf->states[wf->transition(int(&s - wf->states.data()), e)].name;
      if (!events.empty()) state["on_event"] = events;
      if (s.maxVisits) state["max_visits"] = s.maxVisits;
      if (s.onMaxVisits >= 0) state["on_max_visits"] = wf->states[s.onMaxVisits].name;
      states.push_back(state);
    }
    out["entry"] = wf->states[wf->entry].name;
    out["states"] = states;
  }
  return out;
}

}  // namespace wfc
