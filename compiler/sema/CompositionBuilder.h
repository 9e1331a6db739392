// Compositions: their steps become IR steps, and every rule about steps is checked here —
// ids, kinds, references, predicates, branch targets, the step graph, effects and types.
//
// Work happens in phases so that each can rely on the one before:
//   declare   every composition and step exists with its id (references can name any step)
//   fields    each step's kind-specific fields: prompt/tool lookups, values, predicates,
//             branch targets and guards, modifiers, subflow callees
//   graph     control edges (implicit order, depends_on, branch targets) and cycles
//   refs      every ${…}: resolved, scope-checked, typed against schemas; data edges;
//             warnings for references to steps that may have been skipped
// The implementation is split by phase across CompositionBuilder.cpp (declare, fields),
// StepGraph.cpp (graph) and ReferenceResolver.cpp (refs, types, value checks).
#pragma once

#include "ir/Module.h"
#include "sema/SemaContext.h"
#include "sema/TemplateChecker.h"
#include "sema/ValueType.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace wfc::sema {

class CompositionBuilder {
 public:
  explicit CompositionBuilder(SemaContext &ctx);

  void declareAll();
  void resolveAll();

  // The type of a composition's result (its output_schema, else its output step's type).
  ValueType outputType(const ir::Composition &c);
  ValueType stepType(const ir::Step &s);

 private:
  struct CompositionInfo {
    const CompositionDecl *decl = nullptr;
    std::map<std::string, ir::Step *> ids;
    std::set<std::string> poisoned;  // ids of steps that could not be declared (bad kind)
  };
  struct StepInfo {
    const DocNode *node = nullptr;
    const StepDecl *decl = nullptr;
    ir::Composition *composition = nullptr;
  };
  // Why one step must run after another, for cycle notes.
  struct Edge {
    const ir::Step *from;
    const ir::Step *to;
    std::string why;  // "'b' follows 'a'"
    llvm::SMLoc loc;
  };

  // declare
  void declareSteps(ir::Composition &c, CompositionInfo &info, const std::vector<StepDecl> &decls,
                    std::vector<std::unique_ptr<ir::Step>> &out, ir::Step *parent);
  // fields
  void resolveFields(ir::Composition &c, ir::Step &s);
  void resolveModifiers(ir::Composition &c, ir::Step &s, const DocNode &node);
  void resolveBranchTargets(ir::Composition &c, ir::Step &branch, const DocNode &node);
  const ir::Prompt *lookupPrompt(const DocNode &node, const ir::Step &s);
  const ir::Tool *lookupTool(const std::string &name, llvm::SMLoc at, const std::string &context);
  ir::Step *lookupStep(ir::Composition &c, const std::string &id, llvm::SMLoc at, const std::string &role);
  // `keyLoc`: where the key holding this value is written (for collections' locations).
  ir::Value parseValue(const DocNode &node, llvm::SMLoc keyLoc = {});
  ir::Predicate parsePredicate(const DocNode &node);
  // graph
  void buildGraph(ir::Composition &c);
  void checkCycles(ir::Composition &c);
  void checkSubflowRecursion();
  // refs
  void resolveReferences(ir::Composition &c);
  // `insideFrom`: the reference is evaluated inside `from`'s own scope (a wfc.loop's `until`
  // sees that iteration's inner steps).
  std::optional<ValueType> resolveReference(ir::Composition &c, ir::Reference &ref, ir::Step *from,
                                            bool inExists, bool insideFrom = false);
  void checkPredicate(ir::Composition &c, ir::Predicate &p, ir::Step *from, bool insideFrom);
  // `what` names the whole value ("the arguments of tool 'x'"); `path` the part being checked.
  void checkValueAgainst(const ir::Value &v, const ValueType &expected, const std::string &what,
                         const std::string &path = "");
  void checkStepTypes(ir::Composition &c, ir::Step &s);
  // The step that gives the result must be able to fit the composition's output_schema.
  void checkOutputType(const ir::Composition &c);
  ir::Effect effectOf(const ir::Step &s);
  ir::Effect effectOf(const ir::Composition &c);

  // helpers
  bool maySkip(const ir::Step &s, const ir::Step **why) const;
  static const ir::Step *iterationScope(const ir::Step &s);
  static bool contains(const ir::Step &outer, const ir::Step &inner);
  std::vector<std::string> stepIds(const ir::Composition &c) const;

  SemaContext &ctx_;
  TemplateChecker templates_;
  std::map<const ir::Composition *, CompositionInfo> compInfo_;
  std::map<const ir::Step *, StepInfo> stepInfo_;
  std::vector<Edge> edges_;  // of the composition being resolved
  std::map<const ir::Step *, ValueType> stepTypes_;
  std::map<const ir::Reference *, ValueType> refTypes_;
  std::set<const ir::Step *> existsTested_;  // inside an all_of: steps an earlier operand tested
  std::set<const ir::Step *> typing_;  // in progress, against recursion
  std::set<const ir::Composition *> typingCompositions_;
  std::map<const ir::Step *, ir::Effect> effects_;
  std::set<const void *> effectInProgress_;
};

}  // namespace wfc::sema
