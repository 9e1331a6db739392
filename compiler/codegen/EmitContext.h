// What the emitters of one generated file share: the C++ names given to tools, compositions and
// steps, the constants hoisted out of step functions, pack locations, and the diagnostics
// engine for what code generation cannot express.
#pragma once

#include "codegen/CppNames.h"
#include "ir/Module.h"
#include "support/DiagnosticEngine.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace wfc::codegen {

struct CodegenOptions {
  std::string sourcePath;      // the pack as named in the banner and messages (relative)
  std::string lineDirectivePath;  // the pack as named by #line (absolute); empty: no #line
  std::string outputName;      // the generated file's name, for #line after a step
  std::string wfcVersion;
  std::optional<std::string> bindingsJson;  // compiled-in bindings
  std::vector<std::string> natives;         // native functions the bindings name
  bool allowUnbound = false;
  std::optional<ir::Budget> budget;  // the workflow's engine.budget, when the workflow is compiled
  // One workflow of a registry (docs/registry.md): its program goes in this C++ namespace of the
  // registry's file, without a banner or main (codegen/RegistryEmitter.h writes those).
  std::string memberNamespace;
  // The program's step graph as `wfc graph --format=json --after-passes` draws it, embedded for
  // the web page of --serve (docs/serve.md); none: not embedded.
  std::optional<std::string> graphJson;
};

// The C++ names of one composition: its namespace and its steps' identifiers.
struct CompositionNames {
  std::string ns;
  std::map<const ir::Step *, std::string> steps;
};

class EmitContext {
 public:
  EmitContext(const ir::Module &module, const CodegenOptions &options, DiagnosticEngine &diags,
              std::function<unsigned(llvm::SMLoc)> lineOf);

  const ir::Module &module;
  const CodegenOptions &options;
  DiagnosticEngine &diags;

  // "pack.yaml:14": where a step or composition is written.
  std::string location(llvm::SMLoc loc) const;
  unsigned line(llvm::SMLoc loc) const { return lineOf_(loc); }

  void nameTool(const ir::Tool &tool) { tools_.emplace(&tool, toolNames_.add(tool.providerName)); }
  const std::string &tool(const ir::Tool &tool) const { return tools_.at(&tool); }
  // Skills are named after their name ("billing-faq": billing_faq); only offered skills are.
  void nameSkill(const ir::Skill &skill) { skills_.emplace(&skill, skillNames_.add(skill.name)); }
  const std::string *skill(const ir::Skill &skill) const {
    auto it = skills_.find(&skill);
    return it == skills_.end() ? nullptr : &it->second;
  }
  bool hasSkills() const { return !skills_.empty(); }
  void namePrompt(const ir::Prompt &prompt) { prompts_.emplace(&prompt, promptNames_.add(prompt.key)); }
  const std::string &prompt(const ir::Prompt &prompt) const { return prompts_.at(&prompt); }
  void nameEval(const ir::Eval &eval) { evals_.emplace(&eval, evalNames_.add(eval.id)); }  // "prompt/id": prompt_id
  const std::string &eval(const ir::Eval &eval) const { return evals_.at(&eval); }
  CompositionNames &nameComposition(const ir::Composition &c);
  const CompositionNames &composition(const ir::Composition &c) const { return compositions_.at(&c); }

  // A namespace-scope `const Value kValue_<hint> = …;` for a constant JSON value; returns its
  // name. Identical values share one constant, named after their first use (`hint`: what the
  // value is, such as "left_args" for the arguments of step 'left').
  std::string constant(const ir::Json &value, const std::string &hint);
  struct Constant {
    std::string name, json, firstUse;
  };
  const std::vector<Constant> &constants() const { return constantList_; }

  // A namespace-scope `const char kSchema_<name>[] = R"json(…)json";` for a JSON Schema; returns
  // its name. Identical schemas share one, named after their file (`schemas/ticket.json` →
  // kSchema_ticket) or, for a schema written in the pack, after `hint`. `use` says where it is
  // used, for the comment above it.
  std::string schema(const ir::Schema &schema, const std::string &hint, const std::string &use);
  struct SchemaConstant {
    std::string name, json, source;
    std::vector<std::string> uses;
  };
  const std::vector<SchemaConstant> &schemas() const { return schemaList_; }

  bool failed() const { return failed_; }
  void unsupported(llvm::SMLoc loc, const std::string &message);

 private:
  std::function<unsigned(llvm::SMLoc)> lineOf_;
  NameTable toolNames_, compositionNames_, promptNames_;
  std::map<const ir::Tool *, std::string> tools_;
  std::map<const ir::Prompt *, std::string> prompts_;
  NameTable skillNames_;
  std::map<const ir::Skill *, std::string> skills_;
  NameTable evalNames_;
  std::map<const ir::Eval *, std::string> evals_;
  std::map<const ir::Composition *, CompositionNames> compositions_;
  NameTable constantNames_;
  std::map<std::string, size_t> constantByText_;
  std::vector<Constant> constantList_;
  std::map<std::string, size_t> schemaByText_;
  std::vector<SchemaConstant> schemaList_;
  bool failed_ = false;
};

}  // namespace wfc::codegen
