// The PromptPack lowering's state and its parts, one file each: declarations (tools, prompts,
// evals), templates, compositions and their steps, values and predicates, the workflow, and
// PromptPack's eval rules. See PromptPackLowering.h for what the lowering does.
#pragma once

#include "frontend/SchemaBundler.h"
#include "frontend/promptpack/PromptPackAST.h"
#include "ir/Module.h"
#include "support/DiagnosticEngine.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace wfc::promptpack {

class Lowering {
 public:
  Lowering(const PackDecl &pack, DocumentLoader &loader, DiagnosticEngine &diags);

  std::unique_ptr<ir::Module> run();

 private:
  // ---- declarations (LowerDeclarations.cpp)
  void lowerTools();
  void lowerEvals();
  void lowerPrompts();
  void lowerPromptEvals(ir::Prompt &prompt, const PromptDecl &decl);
  std::unique_ptr<ir::Eval> lowerEval(const EvalDecl &decl);
  // ---- PromptPack's eval types and their params (EvalRules.cpp)
  void checkEval(ir::Eval &eval, const EvalDecl &decl);
  void checkEvalParams(ir::Eval &eval, const EvalDecl &decl);
  // ---- templates and fragments (LowerTemplates.cpp)
  ir::Template lowerTemplate(const ir::Prompt &prompt, const Text &text);
  void expandTemplate(const ir::Prompt &prompt, const DocNode &textNode, llvm::StringRef text, ir::Template &out,
                      std::vector<std::string> &fragmentStack);
  // ---- compositions and steps (LowerCompositions.cpp)
  void declareCompositions();
  void declareSteps(ir::Composition &c, const std::vector<StepDecl> &decls, ir::StepList &out, ir::Step *parent);
  void lowerCompositions();
  void lowerStep(ir::Composition &c, ir::Step &s, const StepDecl &decl);
  void lowerModifiers(ir::Composition &c, ir::Step &s, const StepDecl &decl);
  void lowerOutput(ir::Composition &c);
  // ---- values and predicates (LowerValues.cpp)
  ir::Value lowerValue(const DocNode &node, llvm::SMLoc keyLoc = {});
  ir::Predicate lowerPredicate(const PredicateDecl &decl);
  // ---- the workflow (LowerWorkflow.cpp)
  void lowerWorkflow();
  void lowerState(ir::State &state, const StateDecl &decl);

  // ---- names (Lowering.cpp): each lookup reports an unknown name with did-you-mean
  const ir::Prompt *lookupPrompt(const Text &name, const std::string &context);
  const ir::Tool *lookupTool(const Text &name, const std::string &context);
  const ir::Composition *lookupComposition(const Text &name, const std::string &context);
  ir::Step *lookupStep(const ir::Composition &c, const Text &id, const std::string &role);
  std::optional<ir::Schema> bundle(const Located<SchemaRef> &ref);
  std::vector<std::string> promptNames() const;
  std::vector<std::string> toolNames() const;
  std::vector<std::string> compositionNames() const;

  const PackDecl &pack_;
  const Document &doc_;
  DocumentLoader &loader_;
  DiagnosticEngine &diags_;
  std::unique_ptr<ir::Module> module_;

  // A section that is present but not a mapping was reported by the shape checker; names that
  // would be in it are then not reported again as unknown.
  bool toolsUnreadable_ = false;
  bool promptsUnreadable_ = false;
  std::map<std::string, const Text *> fragments_;
  std::set<std::string> artifactNames_;  // declared by any workflow state
  std::map<const ir::Eval *, const EvalDecl *> evalDecls_;

  // Each composition's step ids, and the ids of steps that could not be lowered (a bad kind):
  // references to those stay quiet.
  struct Scope {
    const CompositionDecl *decl = nullptr;
    std::map<std::string, ir::Step *> ids;
    std::set<std::string> unlowered;
  };
  std::map<const ir::Composition *, Scope> scopes_;
  std::map<const ir::Step *, const StepDecl *> stepDecls_;
};

}  // namespace wfc::promptpack
