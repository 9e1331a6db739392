#include "llm/PromptRenderer.h"

#include "wfc/error.h"

#include <cstring>

namespace wfc::llm {
namespace {

// The value of variable `name`: the input's key, else the declared default.
std::optional<Value> variable(const PromptDecl &prompt, const Value &input, const char *name) {
  if (input.isObject())
    if (auto v = input.get(name)) return v;
  for (const VariableDecl &v : prompt.variables)
    if (std::strcmp(v.name, name) == 0 && v.defaultValue) return Value::parse(v.defaultValue);
  return std::nullopt;
}

std::string spellPath(const char *root, std::initializer_list<PathStep> path) {
  std::string out = root;
  for (const PathStep &p : path) out += p.index >= 0 ? "[" + std::to_string(p.index) + "]" : "." + p.key;
  return out;
}

}  // namespace

std::string renderSystemTemplate(const PromptDecl &prompt, const Value &input) {
  std::string out;
  for (const TemplatePart &part : prompt.systemTemplate) {
    switch (part.kind) {
      case TemplatePart::Text: out += part.text; break;
      case TemplatePart::Variable: {
        std::optional<Value> value = variable(prompt, input, part.text);
        std::string where = std::string("prompt '") + prompt.key + "' (" + prompt.location + ")";
        if (!value)
          throw Error(ErrorKind::StepFailed,
                      where + ": template variable '" + part.text + "' has no value: " +
                          (input.isObject() ? "the step's input object has no key '" + std::string(part.text) + "'"
                                            : std::string("the step's input is not an object")) +
                          " and the variable has no default");
        if (part.path.size() > 0) {
          std::optional<Value> inner = value->find(std::vector<PathStep>(part.path));
          if (!inner)
            throw Error(ErrorKind::StepFailed, where + ": template lookup {{" + spellPath(part.text, part.path) +
                                                   "}} finds nothing in " + value->dump());
          value = std::move(inner);
        }
        out += value->toText();
        break;
      }
      case TemplatePart::WorkflowContext:
      case TemplatePart::Artifact:
        throw Error(ErrorKind::StepFailed, std::string("prompt '") + prompt.key + "' (" + prompt.location +
                                               "): its template reads the workflow's " +
                                               (part.kind == TemplatePart::Artifact ? "artifacts" : "context") +
                                               ", which exist only when the prompt runs as a workflow state");
    }
  }
  return out;
}

}  // namespace wfc::llm
