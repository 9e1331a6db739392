// Types: values against the types they must have — tool arguments, sub-workflow inputs,
// fallback values, items, predicates' operands, a composition's result against its
// output_schema, the variables a prompt needs — and the type of each step's output.
#include "sema/ModuleChecker.h"

#include "support/DidYouMean.h"


namespace wfc::sema {
namespace {

std::string article(const std::string &type) {
  if (type == "null") return "null";
  return (type == "integer" || type == "array" || type == "object" ? "an " : "a ") + type;
}

bool sameValue(const ir::Json &a, const ir::Json &b) {
  if (a.is_number() && b.is_number()) return a.get<double>() == b.get<double>();  // 1 == 1.0
  return a == b;
}

// Whether `value` is one of `jt`'s enum values; fills `options` with them, spelled for messages.
bool inEnum(const JsonTypes &jt, const ir::Json &value, std::vector<std::string> &options) {
  bool found = false;
  for (const ir::Json &e : *jt.enumValues) {
    found |= sameValue(value, e);
    options.push_back(e.is_string() ? e.get<std::string>() : e.dump());
  }
  return found;
}

std::string enumText(const ir::Json &value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

}  // namespace

void ModuleChecker::checkComparison(const ir::Predicate &p, const ValueType &type) {
  JsonTypes jt = nav_.jsonTypes(type);
  const std::string path = ir::spell(p.path);
  llvm::SMLoc at = p.valueLoc.isValid() ? p.valueLoc : p.loc;
  // Why `value` can never be the path's value, or "" when it can.
  auto impossible = [&](const ir::Json &value) -> std::string {
    if (!jt.allowsValue(value))
      return "'" + path + "' is " + jt.describe() + ", never " + article(jsonTypeName(value)) + " like " + value.dump();
    std::vector<std::string> options;
    if (jt.enumValues && value.is_primitive() && !inEnum(jt, value, options))
      return "'" + path + "' is never " + value.dump() + ": its schema allows only " + quotedList(options) +
             didYouMeanSuffix(enumText(value), options);
    return "";
  };
  switch (p.op) {
    case ir::CompareOp::Equals:
    case ir::CompareOp::NotEquals:
      if (std::string why = impossible(p.value); !why.empty()) {
        if (p.op == ir::CompareOp::Equals) diags_.error(at, why);
        else diags_.warning(at, why + " (so this test is always true)");
      }
      break;
    case ir::CompareOp::In:
    case ir::CompareOp::NotIn: {
      if (!p.value.is_array()) {
        diags_.error(at, "'" + std::string(ir::spell(p.op)) + "' takes a list of values, not " +
                                 article(jsonTypeName(p.value)));
        break;
      }
      std::vector<std::pair<size_t, std::string>> never;
      for (size_t i = 0; i < p.value.size(); ++i)
        if (std::string why = impossible(p.value[i]); !why.empty()) never.emplace_back(i, why);
      auto itemLoc = [&](size_t i) { return i < p.valueItemLocs.size() ? p.valueItemLocs[i] : at; };
      if (!never.empty() && never.size() == p.value.size()) {
        // No item can match: `in` is always false (an error), `not_in` always true (a warning).
        std::string what = "no value in the list can ever match: " + never.front().second;
        if (p.op == ir::CompareOp::In) diags_.error(at, what);
        else diags_.warning(at, what + " (so this test is always true)");
        break;
      }
      for (const auto &[i, why] : never) diags_.warning(itemLoc(i), why + " (this item never matches)");
      break;
    }
    default: {
      std::string vt = jsonTypeName(p.value);
      bool numeric = vt == "integer" || vt == "number";
      if (!numeric && vt != "string") {
        diags_.error(at, "'" + std::string(ir::spell(p.op)) + "' compares numbers or strings, not " + article(vt));
        break;
      }
      if (!jt.any() && !(numeric ? jt.allows("number") : jt.allows("string")))
        diags_.error(at, "'" + path + "' is " + jt.describe() + "; '" + ir::spell(p.op) +
                                 "' cannot compare it with " + article(vt));
    }
  }
}


void ModuleChecker::checkValueAgainst(const ir::Value &v, const ValueType &expected, const std::string &what,
                                           const std::string &path) {
  if (expected.isUnknown()) return;
  JsonTypes jt = nav_.jsonTypes(expected);
  // "the arguments of tool 'x'" or "'content' in the arguments of tool 'x'".
  const std::string subject = path.empty() ? what : "'" + path + "' in " + what;
  auto join = [&](const std::string &key) { return path.empty() ? key : path + "." + key; };
  auto mismatch = [&](llvm::SMLoc at, const std::string &found) {
    diags_.error(at, subject + " must be " + jt.describe() + ", not " + found);
  };
  switch (v.kind) {
    case ir::Value::Kind::Literal: {
      std::string t = jsonTypeName(v.literal);
      if (!jt.allowsValue(v.literal)) {
        mismatch(v.loc, article(t));
        return;
      }
      std::vector<std::string> options;
      if (jt.enumValues && v.literal.is_primitive() && !inEnum(jt, v.literal, options))
        diags_.error(v.loc, subject + " must be one of " + quotedList(options) + ", not " + v.literal.dump() +
                                    didYouMeanSuffix(enumText(v.literal), options));
      return;
    }
    case ir::Value::Kind::Interpolation:
      if (!jt.allows("string")) mismatch(v.loc, "a string (an interpolated reference is text)");
      return;
    case ir::Value::Kind::Expression: return;  // typed by its dialect
    case ir::Value::Kind::Reference: {
      auto it = refTypes_.find(&v.ref);
      if (it == refTypes_.end()) return;
      JsonTypes rt = nav_.jsonTypes(it->second);
      if (rt.any() || jt.any()) return;
      for (const std::string &t : rt.types)
        if (jt.allows(t)) return;
      diags_.error(v.ref.loc, subject + " must be " + jt.describe() + ", but '" + ir::spell(v.ref) + "' is " + rt.describe());
      return;
    }
    case ir::Value::Kind::Object: {
      if (!jt.allows("object")) {
        mismatch(v.loc, "an object");
        return;
      }
      for (const auto &[key, member] : v.members) {
        TypeNavigator::Step next = nav_.step(expected, ir::PathElement{key, std::nullopt});
        if (!next.type) {
          diags_.error(member.loc, "unexpected field '" + join(key) + "' in " + what + next.suggestion);
          continue;
        }
        checkValueAgainst(member, *next.type, what, join(key));
      }
      for (const std::string &name : nav_.requiredFields(expected))
        if (!v.member(name)) diags_.error(v.loc, "missing required field '" + join(name) + "' in " + what);
      return;
    }
    case ir::Value::Kind::Array:
      if (!jt.allows("array")) {
        mismatch(v.loc, "a list");
        return;
      }
      for (size_t i = 0; i < v.elements.size(); ++i) {
        TypeNavigator::Step next = nav_.step(expected, ir::PathElement{"", i});
        if (next.type) checkValueAgainst(v.elements[i], *next.type, what, path + "[" + std::to_string(i) + "]");
      }
      return;
  }
}

ValueType ModuleChecker::stepType(const ir::Step &s) {
  if (auto it = stepTypes_.find(&s); it != stepTypes_.end()) return it->second;
  if (!typing_.insert(&s).second) return ValueType::unknown();
  auto declared = [&]() -> std::optional<ValueType> {
    if (s.outputSchema) return ValueType::of(s.outputSchema);
    return std::nullopt;
  };
  auto reduced = [&](const ValueType &inner) {
    return ValueType::object({{s.reduce ? s.reduce->into : std::string(), inner}});
  };
  ValueType t = ValueType::unknown();
  switch (s.kind) {
    case ir::StepKind::Prompt: t = declared().value_or(ValueType::string()); break;
    case ir::StepKind::Agent:
      // Without an output_schema, the reply text — or, when the loop ends through
      // `tool_called`, that call's arguments.
      t = declared().value_or(s.toolCalled ? ValueType::unknown() : ValueType::string());
      break;
    case ir::StepKind::Tool: break;  // tools declare their parameters, not their results
    case ir::StepKind::Branch:  // docs/semantics.md: {"taken": "then"|"else"|null}
      t = ValueType::object({{"taken", ValueType::enumeration({"then", "else", nullptr})}});
      break;
    case ir::StepKind::Parallel:
      if (!s.reduce || s.children.empty()) break;
      if (s.reduce->strategy == ir::ReduceStrategy::Barrier) {
        std::vector<std::pair<std::string, ValueType>> fields;
        for (const auto &child : s.children) fields.emplace_back(child->id, stepType(*child));
        t = reduced(ValueType::object(std::move(fields)));
      } else if (s.reduce->strategy == ir::ReduceStrategy::Append) {
        t = reduced(ValueType::array(ValueType::unknown()));
      } else {
        t = reduced(stepType(*s.children.back()));
      }
      break;
    case ir::StepKind::Subflow:
      if (s.callee) t = outputType(*s.callee);
      break;
    case ir::StepKind::Foreach:
      if (s.reduce && !s.children.empty()) {
        if (s.reduce->strategy == ir::ReduceStrategy::Append) t = reduced(ValueType::array(stepType(*s.children.front())));
        else if (s.reduce->strategy == ir::ReduceStrategy::Replace) t = reduced(stepType(*s.children.front()));
        else t = reduced(ValueType::unknown());
      }
      break;
    case ir::StepKind::Loop:
    case ir::StepKind::Block:
      if (!s.children.empty()) t = stepType(*s.children.back());
      break;
    case ir::StepKind::Action: break;  // the dialect types its actions (docs/awl.md)
    case ir::StepKind::Judge:
      t = ValueType::object({{"score", ValueType::number()}, {"rationale", ValueType::string()}});
      break;
  }
  typing_.erase(&s);
  stepTypes_.insert_or_assign(&s, t);
  return t;
}

void ModuleChecker::checkOutputType(const ir::Composition &c) {
  if (!c.outputSchema) return;
  const ir::Step *result = c.output;
  if (!result && !c.steps.empty() && c.steps.back()->guard == ir::Guard::None) result = c.steps.back().get();
  if (!result) return;
  JsonTypes expected = nav_.jsonTypes(ValueType::of(c.outputSchema));
  JsonTypes actual = nav_.jsonTypes(stepType(*result));
  if (expected.any() || actual.any()) return;
  for (const std::string &t : actual.types)
    if (expected.allows(t)) return;
  diags_.error(c.outputSchema->loc, "composition '" + c.name + "' returns the output of step '" + result->id +
                                               "', which is " + actual.describe() + ", but its output_schema requires " +
                                               expected.describe())
      .note(result->loc, "'" + result->id + "' is declared here");
}

ValueType ModuleChecker::outputType(const ir::Composition &c) {
  if (c.outputSchema) return ValueType::of(c.outputSchema);
  if (!typingCompositions_.insert(&c).second) return ValueType::unknown();
  ValueType t = ValueType::unknown();
  if (c.output) t = stepType(*c.output);
  else if (!c.steps.empty() && c.steps.back()->guard == ir::Guard::None) t = stepType(*c.steps.back());
  typingCompositions_.erase(&c);
  return t;
}

void ModuleChecker::checkStepTypes(ir::Step &s) {
  if (s.kind == ir::StepKind::Tool && s.tool && !s.tool->parameters.empty()) {
    // `#/…` inside a tool's parameters refers to the parameters themselves: that is the
    // document a provider receives.
    ValueType expected = ValueType::schema({&s.tool->parameters, &s.tool->parameters});
    std::string what = "the arguments of tool '" + s.tool->name + "'";
    if (s.args) {
      checkValueAgainst(*s.args, expected, what);
    } else {
      for (const std::string &name : nav_.requiredFields(expected))
        diags_.error(s.loc, "step '" + s.id + "' calls tool '" + s.tool->name + "' without 'args', but the tool "
                                "requires '" + name + "'");
    }
  }
  if (s.kind == ir::StepKind::Subflow && s.callee) {
    ValueType expected = ValueType::of(s.callee->inputSchema);
    if (s.input) {
      checkValueAgainst(*s.input, expected, "the input of composition '" + s.callee->name + "'");
    } else {
      for (const std::string &name : nav_.requiredFields(expected))
        diags_.error(s.loc, "step '" + s.id + "' calls composition '" + s.callee->name +
                                "' without 'input', but its input_schema requires '" + name + "'");
    }
  }
  if (s.kind == ir::StepKind::Foreach && s.items && s.items->kind == ir::Value::Kind::Reference) {
    if (auto it = refTypes_.find(&s.items->ref); it != refTypes_.end()) {
      JsonTypes jt = nav_.jsonTypes(it->second);
      if (!jt.any() && !jt.allows("array"))
        diags_.error(s.items->ref.loc, "'items' of step '" + s.id + "' must be a list, but '" + ir::spell(s.items->ref) +
                                           "' is " + jt.describe());
    }
  }
  if (s.prompt && s.kind == ir::StepKind::Judge) {
    // A judge's template sees only `target` and `rubric` (runtime/core/conversation/Judge.h): any other
    // required variable without a default would fail every run.
    for (const ir::Variable &v : s.prompt->variables)
      if (v.required && !v.defaultValue && v.name != "target" && v.name != "rubric")
        diags_.error(s.loc, "wfc.judge step '" + s.id + "' supplies only the variables 'target' and 'rubric', "
                                "but prompt '" + s.prompt->key + "' requires '" + v.name + "'; give it a default")
            .note(s.prompt->loc, "prompt '" + s.prompt->key + "' declared here");
  }
  if (s.prompt && (s.kind == ir::StepKind::Prompt || s.kind == ir::StepKind::Agent)) checkRequiredVariables(s);
  if (s.modifiers.fallbackValue)
    checkValueAgainst(*s.modifiers.fallbackValue, stepType(s), "the 'wfc.on_error' value of step '" + s.id + "'");
  checkRetry(s);
}

// A step that runs a prompt with an object input binds the input's keys as template variables:
// every required variable (without a default) must be one of them, when the keys are known.
void ModuleChecker::checkRequiredVariables(const ir::Step &s) {
  std::optional<std::vector<std::string>> keys;
  if (!s.input || s.input->kind == ir::Value::Kind::Literal || s.input->kind == ir::Value::Kind::Interpolation ||
      s.input->kind == ir::Value::Kind::Array) {
    keys.emplace();
  } else if (s.input->kind == ir::Value::Kind::Object) {
    keys.emplace();
    for (const auto &m : s.input->members) keys->push_back(m.key);
  } else if (auto it = refTypes_.find(&s.input->ref); it != refTypes_.end()) {
    const ValueType &t = it->second;
    JsonTypes jt = nav_.jsonTypes(t);
    if (!jt.any() && !jt.allows("object")) {
      keys.emplace();
    } else if (t.kind() == ValueType::Kind::Object) {
      keys.emplace();
      for (const auto &f : t.fields()) keys->push_back(f.first);
    } else {
      keys = nav_.closedProperties(t);  // closed: keys known
    }
  }
  if (!keys) return;
  llvm::SMLoc at = s.input ? s.input->loc : s.loc;
  for (const ir::Variable &v : s.prompt->variables) {
    if (!v.required || v.defaultValue) continue;
    if (std::find(keys->begin(), keys->end(), v.name) != keys->end()) continue;
    std::string suffix = didYouMeanSuffix(v.name, *keys);
    diags_.error(at, "step '" + s.id + "' does not supply variable '" + v.name + "', which prompt '" + s.prompt->key +
                         "' requires; add it to the step's input" +
                         (suffix.empty() ? "" : " (is '" + *closestMatch(v.name, *keys) + "' meant to be it?)"))
        .note(s.prompt->loc, "prompt '" + s.prompt->key + "' declared here");
  }
}

}  // namespace wfc::sema
