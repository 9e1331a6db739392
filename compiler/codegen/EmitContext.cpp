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
  // kProgram, kSchema_ticket, kTemplate_x, …; state_x (a workflow state's function).
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

std::string EmitContext::constant(const ir::Json &value, const std::string &hint) {
  std::string text = value.dump();
  auto [it, inserted] = constantByText_.emplace(text, constantList_.size());
  if (inserted) constantList_.push_back({constantNames_.add("kValue_" + hint), text, hint});
  return constantList_[it->second].name;
}

namespace {

// "schemas/ticket.json" → "ticket"; "schemas/doc.json#/definitions/item" → "doc_item"; a pointer
// into the pack itself ("#/definitions/item") → "item"; anything else → "".
std::string schemaName(llvm::StringRef source) {
  if (source.startswith("(")) return "";  // not a file: "(inline)", "(inferred from …)"
  auto [file, pointer] = source.split('#');
  std::string name;
  if (!file.empty()) {
    llvm::StringRef base = file.rsplit('/').second.empty() ? file : file.rsplit('/').second;
    name = base.split('.').first.str();
  }
  if (!pointer.empty()) {
    llvm::StringRef last = pointer.rsplit('/').second.empty() ? pointer : pointer.rsplit('/').second;
    name += (name.empty() ? "" : "_") + last.str();
  }
  return name;
}

}  // namespace

std::string EmitContext::schema(const ir::Schema &schema, const std::string &hint, const std::string &use) {
  std::string text = schema.json.dump(2);
  auto [it, inserted] = schemaByText_.emplace(text, schemaList_.size());
  if (inserted) {
    std::string name = schemaName(schema.source);
    schemaList_.push_back({constantNames_.add("kSchema_" + (name.empty() ? hint : name)), text, schema.source, {}});
  }
  SchemaConstant &s = schemaList_[it->second];
  if (std::find(s.uses.begin(), s.uses.end(), use) == s.uses.end()) s.uses.push_back(use);
  return s.name;
}

void EmitContext::unsupported(llvm::SMLoc loc, const std::string &message) {
  diags.error(loc, message);
  failed_ = true;
}

}  // namespace wfc::codegen
