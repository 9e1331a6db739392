#include "core/llm/PromptRenderer.h"

#include "common/JsonReader.h"
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

void renderParts(std::span<const TemplatePart> parts, const PromptDecl &prompt, const Value &input,
                 const Value *workflow, std::string &out) {
  for (const TemplatePart &part : parts) {
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
      case TemplatePart::Artifact: {
        const bool artifact = part.kind == TemplatePart::Artifact;
        std::string where = std::string("prompt '") + prompt.key + "' (" + prompt.location + ")";
        if (!workflow)
          throw Error(ErrorKind::StepFailed, where + ": its template reads the workflow's " +
                                                 (artifact ? "artifacts" : "context") +
                                                 ", which exist only when the pack's workflow runs (this program "
                                                 "was built from one composition)");
        // Before the first transition the context is null, and an artifact no state has set is
        // absent: both render as nothing, so an entry state's template can mention them.
        std::optional<Value> value = artifact ? workflow->find({PathStep("artifacts"), PathStep(part.text)})
                                              : workflow->get("context");
        if (!value || value->isNull()) {
          if (part.path.size() > 0)
            throw Error(ErrorKind::StepFailed, where + ": template lookup {{" +
                                                   spellPath(artifact ? (std::string("artifacts.") + part.text).c_str()
                                                                      : "workflow_context",
                                                             part.path) +
                                                   "}} finds nothing: " +
                                                   (artifact ? std::string("no state has set artifact '") + part.text + "' yet"
                                                             : std::string("no transition has set the workflow context yet")));
          break;
        }
        if (part.path.size() > 0) {
          std::optional<Value> inner = value->find(std::vector<PathStep>(part.path));
          if (!inner)
            throw Error(ErrorKind::StepFailed, where + ": template lookup {{" +
                                                   spellPath(artifact ? (std::string("artifacts.") + part.text).c_str()
                                                                      : "workflow_context",
                                                             part.path) +
                                                   "}} finds nothing in " + value->dump());
          value = std::move(inner);
        }
        out += value->toText();
        break;
      }
    }
  }
}

}  // namespace

const ModelOverrideDecl *modelOverride(const PromptDecl &prompt, std::string_view model) {
  for (const ModelOverrideDecl &o : prompt.modelOverrides)
    if (model == o.model) return &o;
  return nullptr;
}

std::string renderSystemTemplate(const PromptDecl &prompt, const Value &input, const Value *workflow,
                                 const ModelOverrideDecl *override) {
  std::string out;
  if (override) renderParts(override->prefix, prompt, input, workflow, out);
  renderParts(override && override->replacesTemplate ? override->systemTemplate : prompt.systemTemplate, prompt, input,
              workflow, out);
  if (override) renderParts(override->suffix, prompt, input, workflow, out);
  return out;
}

PromptCache promptCache(const char *key, const PromptDecl &prompt, const ModelOverrideDecl *override, bool conversation) {
  PromptCache cache;
  if (!key) return cache;
  cache.enabled = true;
  cache.key = key;
  cache.conversation = conversation;
  // The literal parts in the order renderSystemTemplate concatenates them, up to the first lookup.
  auto literal = [&](std::span<const TemplatePart> parts) {
    for (const TemplatePart &part : parts) {
      if (part.kind != TemplatePart::Text) return false;
      cache.staticSystemBytes += std::strlen(part.text);
    }
    return true;
  };
  if (override && !literal(override->prefix)) return cache;
  if (!literal(override && override->replacesTemplate ? override->systemTemplate : prompt.systemTemplate)) return cache;
  if (override) literal(override->suffix);
  return cache;
}

std::string substituteMessageVariables(const PromptDecl &prompt, const std::string &message, const Value &input) {
  if (message.find("{{") == std::string::npos) return message;
  std::string out;
  out.reserve(message.size());
  size_t at = 0;
  while (at < message.size()) {
    size_t open = message.find("{{", at);
    size_t close = open == std::string::npos ? std::string::npos : message.find("}}", open + 2);
    if (close == std::string::npos) break;
    const std::string name = message.substr(open + 2, close - open - 2);
    std::optional<Value> value;
    // PromptKit replaces "{{" + name + "}}" for each variable it has: no spaces, no paths.
    if (!name.empty() && name.find_first_of(" \t\n{}") == std::string::npos) value = variable(prompt, input, name.c_str());
    out.append(message, at, open - at);
    if (value) {
      out += value->isString() ? value->asString() : value->dump();
      at = close + 2;
    } else {
      out += '{';  // left as written; a placeholder may start at the next brace ("{{{name}}}")
      at = open + 1;
    }
  }
  out.append(message, at, std::string::npos);
  return out;
}

nlohmann::ordered_json promptParameters(const PromptDecl &prompt, const ModelOverrideDecl *override) {
  using Json = nlohmann::ordered_json;
  Json parameters = prompt.parameters ? readJson(prompt.parameters) : Json::object();
  if (override && override->parameters) parameters.update(readJson(override->parameters));  // key by key
  return parameters;
}

}  // namespace wfc::llm
