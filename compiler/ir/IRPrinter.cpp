#include "ir/IRPrinter.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/SHA256.h>

namespace wfc::ir {
namespace {

std::string quote(llvm::StringRef s) { return Json(s.str()).dump(); }

class Printer {
 public:
  Printer(llvm::raw_ostream &os, const LocationPrinter &where) : os_(os), where_(where) {}

  void module(const Module &m) {
    os_ << "// wfc IR of " << m.sourcePath << "\n";
    os_ << "module " << quote(m.id) << " version " << quote(m.version) << " {\n";
    for (const auto &t : m.tools) {
      line(1, "tool " + quote(t->name) + " provider_name(" + t->providerName + ") effects(" +
                  spell(t->effect) + ")",
           t->loc);
    }
    for (const auto &p : m.prompts) prompt(*p);
    for (const Skill &sk : m.skills) skill(sk);
    for (const auto &e : m.evals) {
      std::string s = "eval " + quote(e->id) + " type(" + e->type + ") trigger(" + e->trigger + ")";
      if (!e->params.empty()) s += " params(" + e->params.dump() + ")";
      if (e->thresholdValue) {
        s += " threshold(" + e->thresholdOperator.value_or("gte") + " " +
             Json(*e->thresholdValue).dump() + ")";
      }
      line(1, s, e->loc);
    }
    for (const auto &c : m.compositions) composition(*c);
    if (m.workflow) workflow(*m.workflow);
    if (m.registry) registry(*m.registry);
    os_ << "}\n";
    // A registry's workflows are modules of their own, printed after it.
    if (m.registry)
      for (const auto &member : m.registry->members)
        if (member) module(*member);
  }

 private:
  void line(unsigned depth, const std::string &text, llvm::SMLoc loc) {
    os_.indent(depth * 2) << text;
    std::string at = where_(loc);
    if (!at.empty()) os_ << "  // " << at;
    os_ << "\n";
  }

  static std::string templateText(const Template &t) {
    std::string out;
    for (const TemplatePiece &p : t.pieces) {
      switch (p.kind) {
        case TemplatePiece::Kind::Text: out += p.text; break;
        case TemplatePiece::Kind::Variable: out += "{{" + p.text + spellPath(p.path) + "}}"; break;
        case TemplatePiece::Kind::WorkflowContext:
          out += "{{workflow_context" + spellPath(p.path) + "}}";
          break;
        case TemplatePiece::Kind::Artifact:
          out += "{{artifacts." + p.text + spellPath(p.path) + "}}";
          break;
      }
    }
    return out;
  }

  // A skill's instructions are printed whole (they are what the model reads); its resources by
  // path and a hash of their content, which is enough for the program's identity.
  void skill(const Skill &s) {
    std::string t = "skill " + quote(s.name);
    if (!s.path.empty()) t += " path(" + quote(s.path) + ")";
    if (s.preload) t += " preload";
    if (!s.grants.empty()) {
      t += " grants(";
      for (size_t i = 0; i < s.grants.size(); ++i) t += (i ? ", " : "") + s.grants[i]->name;
      t += ")";
    }
    t += " description(" + quote(s.description) + ") instructions(" + quote(s.instructions) + ")";
    for (const auto &[path, content] : s.resources) {
      llvm::SHA256 hash;
      hash.update(llvm::StringRef(content));
      t += " resource(" + quote(path) + " sha256:" + llvm::toHex(hash.final(), /*LowerCase=*/true).substr(0, 16) + ")";
    }
    line(1, t, s.loc);
  }

  void prompt(const Prompt &p) {
    std::string s = "prompt " + quote(p.key) + " version " + quote(p.version);
    if (!p.variables.empty()) {
      s += " variables(";
      for (size_t i = 0; i < p.variables.size(); ++i) {
        const Variable &v = p.variables[i];
        s += (i ? ", " : "") + v.name + ": " + v.type + (v.required ? "" : "?");
        if (v.defaultValue) s += " = " + v.defaultValue->dump();
      }
      s += ")";
    }
    if (!p.tools.empty()) {
      s += " tools(";
      for (size_t i = 0; i < p.tools.size(); ++i) s += (i ? ", " : "") + quote(p.tools[i]->name);
      s += ")";
    }
    if (p.toolPolicy.maxRounds != 5) s += " max_rounds(" + std::to_string(p.toolPolicy.maxRounds) + ")";
    if (!p.parameters.empty()) s += " parameters(" + p.parameters.dump() + ")";
    if (!p.evals.empty()) s += " evals(" + llvm::join(p.evals, ", ") + ")";
    if (!p.model.empty()) s += " model(" + quote(p.model) + ")";
    line(1, s, p.loc);
    os_.indent(4) << "template " << quote(templateText(p.systemTemplate)) << "\n";
  }

  void composition(const Composition &c) {
    std::string s = "composition " + quote(c.name);
    if (c.inputSchema) s += " input(schema " + quote(c.inputSchema->source) + ")";
    if (c.outputSchema) s += " output(schema " + quote(c.outputSchema->source) + ")";
    if (c.output) s += " result(%" + c.output->id + ")";
    if (c.scheduled) s += " scheduled";
    if (c.variableStore) {
      s += " variables(";
      for (size_t i = 0; i < c.variables.size(); ++i) s += (i ? ", " : "") + c.variables[i];
      s += ")";
    }
    if (c.failure) {
      s += " on_failure(" + std::string(spell(c.failure->strategy)) + (c.failure->rollBack ? ", roll_back" : "") + ")";
      s += " result_object";
    }
    s += " effects(" + std::string(spell(c.effect)) + ") {";
    line(1, s, c.loc);
    scheduled_ = c.scheduled;
    for (const auto &step : c.steps) this->step(*step, 2);
    for (const auto &action : c.rollbacks) this->step(*action, 2);
    os_.indent(2) << "}\n";
  }

  static std::string stepList(const char *label, const std::vector<const Step *> &steps) {
    if (steps.empty()) return "";
    std::string s = std::string(" ") + label + "(";
    for (size_t i = 0; i < steps.size(); ++i) s += (i ? ", %" : "%") + steps[i]->id;
    return s + ")";
  }

  void step(const Step &st, unsigned depth) {
    std::string s = "%" + st.id + " = " + spell(st.kind);
    switch (st.kind) {
      case StepKind::Prompt:
      case StepKind::Agent:
      case StepKind::Judge:
        s += " " + quote(st.promptTask);
        break;
      case StepKind::Tool:
        s += " " + quote(st.tool ? st.tool->name : "");
        break;
      case StepKind::Subflow:
        s += " " + quote(st.callee ? st.callee->name : "");
        if (st.subflowPart == SubflowPart::Entry) s += " entry";
        if (st.subflowPart == SubflowPart::Exit) {
          s += " exit";
          if (st.calleeOutput) s += " result(%" + st.calleeOutput->id + ")";
          else s += stepList("last_of", st.inlinedSteps);
        }
        break;
      case StepKind::Action:
        s += std::string(" ") + spell(st.action);
        break;
      default: break;
    }
    if (st.input) s += " input(" + printValue(*st.input) + ")";
    if (st.args) s += " args(" + printValue(*st.args) + ")";
    if (st.kind == StepKind::Agent) {
      s += " tools(";
      for (size_t i = 0; i < st.tools.size(); ++i) s += (i ? ", " : "") + quote(st.tools[i]->name);
      s += ")";
      if (st.maxSteps) s += " max_steps(" + std::to_string(*st.maxSteps) + ")";
      if (st.toolCalled) s += " tool_called(" + quote(st.toolCalled->name) + ")";
    }
    if (st.workingDir) s += " working_dir(" + printValue(*st.workingDir) + ")";
    if (st.replyObject) s += " reply_object";
    if (st.kind == StepKind::Branch) {
      s += " if(" + printPredicate(st.predicate) + ") then(%" + (st.thenStep ? st.thenStep->id : "?") + ")";
      if (st.elseStep) s += " else(%" + st.elseStep->id + ")";
    }
    if (st.kind == StepKind::Foreach && st.items) {
      s += " items(" + printValue(*st.items) + ")";
      if (st.maxConcurrency) s += " max_concurrency(" + std::to_string(*st.maxConcurrency) + ")";
    }
    if (st.kind == StepKind::Loop) {
      if (st.items) s += " items(" + printValue(*st.items) + ")";
      s += " until(" + printPredicate(st.predicate) + ") max_iterations(" +
           std::to_string(st.maxIterations) + ")";
    }
    if (st.kind == StepKind::Judge) {
      if (st.target) s += " target(" + printValue(*st.target) + ")";
      if (st.rubric) s += " rubric(" + st.rubric->dump() + ")";
    }
    if (st.reduce) s += " reduce(" + std::string(spell(st.reduce->strategy)) + " into " + quote(st.reduce->into) + ")";
    if (st.outputSchema) s += " -> schema " + quote(st.outputSchema->source);
    s += " effects(" + std::string(spell(st.effect)) + ")";
    const Modifiers &m = st.modifiers;
    if (m.maxAttempts != 1) s += " retry(" + std::to_string(m.maxAttempts) + ")";
    if (m.backoffMs) s += " backoff_ms(" + std::to_string(*m.backoffMs) + ")";
    if (m.timeoutMs) s += " timeout_ms(" + std::to_string(*m.timeoutMs) + ")";
    if (!m.evals.empty()) s += " eval(" + llvm::join(m.evals, ", ") + ")";
    if (m.fallback) s += " on_error(fallback %" + m.fallback->id + ")";
    if (m.fallbackValue) s += " on_error(value " + m.fallbackValue->constant().dump() + ")";
    if (m.cache) s += " cache";
    if (!m.promptCache) s += " no_prompt_cache";
    if (!st.capture.empty()) s += " capture(" + st.capture + ")";
    switch (st.guard) {
      case Guard::None: break;
      case Guard::Then: s += " guarded(then of %" + st.guardedBy->id + ")"; break;
      case Guard::Else: s += " guarded(else of %" + st.guardedBy->id + ")"; break;
      case Guard::Fallback: s += " guarded(fallback of %" + st.guardedBy->id + ")"; break;
    }
    s += stepList(st.explicitDependsOn ? "depends_on" : "after", st.after);
    s += stepList("uses", st.dataDeps);
    if (st.inlinedInto) s += " inlined(into %" + st.inlinedInto->id + ")";
    if (st.rollbackOf) s += " rolls_back(%" + st.rollbackOf->id + ")";
    else if (!st.resultKey.empty() && st.resultKey != st.id) s += " result_key(" + quote(st.resultKey) + ")";
    // The static plan: what the step waits for at run time (steps of a parallel or foreach start
    // with their block, so they wait for nothing of their own).
    if (scheduled_ && !st.rollbackOf &&
        (!st.parent || st.parent->kind == StepKind::Loop || st.parent->kind == StepKind::Block))
      s += st.waitsFor.empty() ? " waits_for()" : stepList("waits_for", st.waitsFor);
    if (!st.children.empty()) s += " {";
    line(depth, s, st.loc);
    if (st.children.empty()) return;
    for (const auto &child : st.children) step(*child, depth + 1);
    os_.indent(depth * 2) << "}\n";
  }

  void registry(const Registry &r) {
    line(1, "registry " + quote(r.packName) + " {", r.loc);
    for (const RegistryWorkflow &w : r.workflows) {
      std::string s = "workflow " + quote(w.id) + " pack(" + quote(w.pack) + ")";
      if (!w.startupMode.empty()) s += " startup_mode(" + w.startupMode + ")";
      for (const RegistryDependency &d : w.dependencies)
        s += " needs(" + quote(d.workflow) + (d.required ? "" : " optional") + (d.userScope ? " user" : "") +
             (d.reason.empty() ? "" : " reason " + quote(d.reason)) + ")";
      line(2, s, w.loc);
    }
    for (const Sequence &q : r.sequences) {
      std::string s = "sequence " + quote(q.id);
      for (const SequenceStep &step : q.steps) {
        if (!step.transition.empty()) {
          s += " [" + quote(step.transition) + "?]";
          continue;
        }
        s += " [";
        for (size_t i = 0; i < step.workflows.size(); ++i) s += (i ? " " : "") + quote(step.workflows[i]);
        s += "]";
      }
      line(2, s, q.loc);
    }
    for (const RegistryTransition &t : r.transitions) {
      std::string s = "transition " + quote(t.id) + " " + t.type;
      if (!t.routeTo.empty()) s += " route_to(" + quote(t.routeTo) + ")";
      for (const TransitionOption &o : t.options) {
        s += " option(" + quote(o.id) + " -> " + quote(o.routeTo);
        if (!o.contextVariables.empty()) s += " context " + o.contextVariables.dump();
        s += ")";
      }
      line(2, s, t.loc);
    }
    for (const Entrypoint &e : r.entrypoints) {
      std::string s = "entrypoint " + quote(e.id) + " path(" + quote(e.path) + ")";
      if (!e.workflow.empty()) s += " workflow(" + quote(e.workflow) + ")";
      if (!e.transition.empty()) s += " transition(" + quote(e.transition) + ")";
      if (!e.sequence.empty()) s += " sequence(" + quote(e.sequence) + ")";
      line(2, s, e.loc);
    }
    os_.indent(2) << "}\n";
  }

  void workflow(const Workflow &w) {
    std::string s = "workflow entry(" + w.entry + ")";
    if (w.budget.maxTotalVisits) s += " max_total_visits(" + std::to_string(*w.budget.maxTotalVisits) + ")";
    if (w.budget.maxToolCalls) s += " max_tool_calls(" + std::to_string(*w.budget.maxToolCalls) + ")";
    if (w.budget.maxWallTimeSec) s += " max_wall_time_sec(" + std::to_string(*w.budget.maxWallTimeSec) + ")";
    line(1, s + " {", w.loc);
    for (const State &st : w.states) {
      std::string t = "state " + quote(st.name);
      switch (st.kind) {
        case State::Kind::Composition: t += " composition(" + quote(st.composition ? st.composition->name : "") + ")"; break;
        case State::Kind::Internal: t += " internal(" + quote(st.prompt ? st.prompt->key : "") + ")"; break;
        case State::Kind::External: t += " external(" + quote(st.prompt ? st.prompt->key : "") + ")"; break;
      }
      for (const Transition &tr : st.onEvent) t += " on(" + quote(tr.event) + " -> " + quote(tr.target) + ")";
      if (st.terminal) t += " terminal";
      if (st.maxVisits) t += " max_visits(" + std::to_string(*st.maxVisits) + ")";
      if (!st.onMaxVisits.empty()) t += " on_max_visits(" + quote(st.onMaxVisits) + ")";
      for (const Artifact &a : st.artifacts)
        t += " artifact(" + quote(a.name) + " " + quote(a.type) + (a.append ? " append" : "") + ")";
      if (st.skills) t += " skills(" + quote(*st.skills) + ")";
      if (st.persistent) t += " persistent";
      if (st.agentControl) t += " control(agent)";
      line(2, t, st.loc);
    }
    os_.indent(2) << "}\n";
  }

  llvm::raw_ostream &os_;
  const LocationPrinter &where_;
  bool scheduled_ = false;
};

}  // namespace

std::string printValue(const Value &v) {
  switch (v.kind) {
    case Value::Kind::Literal: return v.literal.dump();
    case Value::Kind::Reference: return spell(v.ref);
    case Value::Kind::Expression: return "expr(" + printExpression(*v.expression) + ")";
    case Value::Kind::Interpolation: {
      std::string s = "interp(";
      for (size_t i = 0; i < v.pieces.size(); ++i) {
        if (i) s += ", ";
        if (const auto *text = std::get_if<std::string>(&v.pieces[i])) s += quote(*text);
        else if (const auto *ref = std::get_if<Reference>(&v.pieces[i])) s += spell(*ref);
        else s += "expr(" + printExpression(std::get<Expression>(v.pieces[i])) + ")";
      }
      return s + ")";
    }
    case Value::Kind::Object: {
      std::string s = "{";
      for (size_t i = 0; i < v.members.size(); ++i)
        s += (i ? ", " : "") + quote(v.members[i].key) + ": " + printValue(v.members[i].value);
      return s + "}";
    }
    case Value::Kind::Array: {
      std::string s = "[";
      for (size_t i = 0; i < v.elements.size(); ++i) s += (i ? ", " : "") + printValue(v.elements[i]);
      return s + "]";
    }
  }
  return "";
}

std::string printPredicate(const Predicate &p) {
  auto list = [](const char *name, const std::vector<Predicate> &ops) {
    std::string s = std::string(name) + "(";
    for (size_t i = 0; i < ops.size(); ++i) s += (i ? ", " : "") + printPredicate(ops[i]);
    return s + ")";
  };
  switch (p.kind) {
    case Predicate::Kind::Compare: return spell(p.path) + " " + spell(p.op) + " " + p.value.dump();
    case Predicate::Kind::Exists: return std::string(p.exists ? "exists(" : "absent(") + spell(p.path) + ")";
    case Predicate::Kind::AllOf: return list("all_of", p.operands);
    case Predicate::Kind::AnyOf: return list("any_of", p.operands);
    case Predicate::Kind::Not: return list("not", p.operands);
    case Predicate::Kind::Constant: return std::string(p.constant ? "true" : "false") + " /* folded: " + p.folded + " */";
    case Predicate::Kind::Expression: return printExpression(*p.expression);
  }
  return "";
}

namespace {

const char *compareSymbol(CompareOp op) {
  switch (op) {
    case CompareOp::Equals: return "==";
    case CompareOp::NotEquals: return "!=";
    case CompareOp::In: return "in";
    case CompareOp::NotIn: return "not in";
    case CompareOp::LessThan: return "<";
    case CompareOp::LessThanOrEquals: return "<=";
    case CompareOp::GreaterThan: return ">";
    case CompareOp::GreaterThanOrEquals: return ">=";
  }
  return "==";
}

// An operand of a binary operator: parenthesized when it is one itself.
std::string operand(const Expression &e) {
  bool binary = e.kind == Expression::Kind::And || e.kind == Expression::Kind::Or || e.kind == Expression::Kind::Compare;
  return binary ? "(" + printExpression(e) + ")" : printExpression(e);
}

}  // namespace

std::string printExpression(const Expression &e) {
  switch (e.kind) {
    case Expression::Kind::Literal: return e.literal.dump();
    case Expression::Kind::Reference: return spell(e.ref);
    case Expression::Kind::Not: return "!" + operand(e.operands.front());
    case Expression::Kind::And:
    case Expression::Kind::Or: {
      std::string s;
      for (size_t i = 0; i < e.operands.size(); ++i)
        s += (i ? (e.kind == Expression::Kind::And ? " && " : " || ") : "") + operand(e.operands[i]);
      return s;
    }
    case Expression::Kind::Compare:
      return operand(e.operands[0]) + " " + compareSymbol(e.op) + " " + operand(e.operands[1]);
    case Expression::Kind::Length: return "len(" + printExpression(e.operands.front()) + ")";
    case Expression::Kind::Range: {
      std::string s = "range(";
      for (size_t i = 0; i < e.operands.size(); ++i) s += (i ? ", " : "") + printExpression(e.operands[i]);
      return s + ")";
    }
  }
  return "";
}

void printModule(const Module &module, llvm::raw_ostream &os, const LocationPrinter &where) {
  Printer(os, where).module(module);
}

}  // namespace wfc::ir
