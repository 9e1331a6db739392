#include "codegen/EmitContext.h"

namespace wfc::codegen {

EmitContext::EmitContext(const ir::Module &module, const CodegenOptions &options, DiagnosticEngine &diags,
                         std::function<unsigned(llvm::SMLoc)> lineOf)
    : module(module), options(options), diags(diags), lineOf_(std::move(lineOf)) {}

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
