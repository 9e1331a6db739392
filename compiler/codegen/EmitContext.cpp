#include "codegen/EmitContext.h"

#include <algorithm>
#include <cctype>

namespace wfc::codegen {

namespace {

// Whether `id` is a name the generated file declares next to the compositions' namespaces (in
// its anonymous namespace, or globally: the native tool functions).
bool generatedTopLevelName(llvm::StringRef id, const std::vector<std::string> &natives) {
  static const char *fixed[] = {"Value", "StepContext", "tool", "composition", "prompt", "eval", "state"};
  for (const char *name : fixed)
    if (id == name) return true;
  // kProgram, kConstant3, kTemplate_x, …; state_x (a workflow state's function).
  if (id.size() > 1 && id[0] == 'k' && std::isupper(static_cast<unsigned char>(id[1]))) return true;
  if (id.startswith("state_")) return true;
  return std::find(natives.begin(), natives.end(), id) != natives.end();
}

}  // namespace

EmitContext::EmitContext(const ir::Module &module, const CodegenOptions &options, DiagnosticEngine &diags,
                         std::function<unsigned(llvm::SMLoc)> lineOf)
    : module(module),
      options(options),
      diags(diags),
      lineOf_(std::move(lineOf)),
      compositionNames_([&natives = options.natives](llvm::StringRef id) { return generatedTopLevelName(id, natives); },
                        "c_") {}

std::string EmitContext::location(llvm::SMLoc loc) const {
  return options.sourcePath + ":" + std::to_string(lineOf_(loc));
}

CompositionNames &EmitContext::nameComposition(const ir::Composition &c) {
  CompositionNames &names = compositions_[&c];
  names.ns = compositionNames_.add(c.name);
  NameTable steps;
  ir::forEachStep(c.steps, [&](const ir::Step &s) { names.steps[&s] = steps.add(s.id); });
  return names;
}

std::string EmitContext::constant(const ir::Json &value) {
  std::string text = value.dump();
  auto [it, inserted] = constantByText_.emplace(text, "");
  if (inserted) {
    it->second = "kConstant" + std::to_string(constantList_.size() + 1);
    constantList_.emplace_back(it->second, text);
  }
  return it->second;
}

void EmitContext::unsupported(llvm::SMLoc loc, const std::string &message) {
  diags.error(loc, message);
  failed_ = true;
}

}  // namespace wfc::codegen
