#include "ir/CloneStep.h"

namespace wfc::ir {

std::unique_ptr<Step> cloneStep(const Step &s) {
  // Step cannot be copied as a whole (its children are unique pointers), so the fields are
  // listed: a new field of Step must be added here.
  auto c = std::make_unique<Step>();
  c->id = s.id;
  c->declaredId = s.declaredId;
  c->kind = s.kind;
  c->loc = s.loc;
  c->description = s.description;
  c->after = s.after;
  c->explicitDependsOn = s.explicitDependsOn;
  c->dataDeps = s.dataDeps;
  c->waitsFor = s.waitsFor;
  c->parent = s.parent;
  c->index = s.index;
  c->guard = s.guard;
  c->guardedBy = s.guardedBy;
  c->effect = s.effect;
  c->modifiers = s.modifiers;
  c->promptTask = s.promptTask;
  c->prompt = s.prompt;
  c->input = s.input;
  c->outputSchema = s.outputSchema;
  c->tools = s.tools;
  c->maxSteps = s.maxSteps;
  c->toolCalled = s.toolCalled;
  c->tool = s.tool;
  c->args = s.args;
  c->predicate = s.predicate;
  c->thenStep = s.thenStep;
  c->elseStep = s.elseStep;
  for (const auto &child : s.children) {
    c->children.push_back(cloneStep(*child));
    c->children.back()->parent = c.get();
  }
  c->reduce = s.reduce;
  c->callee = s.callee;
  c->subflowPart = s.subflowPart;
  c->calleeOutput = s.calleeOutput;
  c->inlinedSteps = s.inlinedSteps;
  c->inlinedInto = s.inlinedInto;
  c->items = s.items;
  c->maxConcurrency = s.maxConcurrency;
  c->maxIterations = s.maxIterations;
  c->target = s.target;
  c->rubric = s.rubric;
  return c;
}

}  // namespace wfc::ir
