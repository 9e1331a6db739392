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

// PromptKit's generation defaults, which its SDK sends when a prompt sets none (sdk/conversation.go).
inline constexpr int kPromptKitMaxTokens = 4096;
inline constexpr double kPromptKitTemperature = 0.7;

// The eval types the runtime runs by name (NamedEvalParams.cpp), and PromptKit's canonical name
// of a type or alias (EvalRules.cpp).
bool isNamedEvalType(const std::string &type);
std::vector<std::string> namedEvalTypes();
std::string canonicalEvalType(const std::string &type);

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
  void lowerModelOverrides(ir::Prompt &prompt, const PromptDecl &decl);
  // ---- PromptPack's eval types and their params (EvalRules.cpp)
  ir::Json sentParameters(const DocNode *node, const std::string &what);
  bool resolveEvalType(ir::Eval &eval, const Text &type, const std::string &what);
  void checkEval(ir::Eval &eval, const EvalDecl &decl);
  void checkEvalPrecondition(ir::Eval &eval, const DocNode &when, const std::string &what);
  void checkEvalParams(ir::Eval &eval, const DocNode &params, llvm::SMLoc declLoc,
                       const std::vector<std::string> &extraKnown);
  void checkJudgeParams(ir::Eval &eval, const DocNode *params, llvm::SMLoc declLoc, const std::string &what);
  // ---- the types run by name (NamedEvalParams.cpp)
  void checkNamedEvalParams(ir::Eval &eval, const DocNode *params, llvm::SMLoc declLoc, const std::string &what,
                            const std::vector<std::string> &extraKnown);
  void checkValidator(ir::Validator &validator, ir::Eval &eval, const ValidatorDecl &decl);
  // ---- validators (LowerValidators.cpp)
  void lowerValidators(ir::Prompt &prompt, const PromptDecl &decl);
  void checkValidators();
  // ---- media (LowerMedia.cpp)
  void lowerMedia(ir::Prompt &prompt, const DocNode &media);
  // ---- providers (LowerProviders.cpp)
  void lowerProviderRequirements();
  void checkProviderReference(const std::string &key, llvm::SMLoc loc, const std::string &context);
  // ---- skills (LowerSkills.cpp)
  void lowerSkills();
  void readSkillDirectory(const std::string &dir, const DocNode &at, bool preload, unsigned depth);
  // ---- governance and agents (LowerGovernance.cpp)
  void lowerGovernance();
  void lowerAgents();
  void servePromptMember(const DocEntry &member, ir::Json &out);
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
  // `name` is a key of `agents.members`.
  bool isAgentMember(const std::string &name) const;
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
  struct PendingValidator {
    ir::Prompt *prompt;
    size_t index;
    const ValidatorDecl *decl;
    ir::Eval *check;
  };
  std::vector<PendingValidator> validators_;

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
