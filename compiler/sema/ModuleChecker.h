// The checks sema runs on a module, as one class whose parts live in one file each:
//   AgentTools.cpp     the tools each agent step is offered
//   Guards.cpp         branch targets and wfc.on_error fallbacks become guards; the
//                      composition's output
//   StepGraph.cpp      depends_on, the implicit order and containment as control edges; cycles
//                      named step by step; wfc.subflow recursion
//   References.cpp     every ${…}: resolved to what it names, scope-checked, typed against
//                      schemas; data edges; warnings for references to steps that may be skipped
//   Types.cpp          values against the types they must have: tool arguments, sub-workflow
//                      inputs, fallback values, items, predicates' operands, output schemas,
//                      the variables a prompt needs
//   Effects.cpp        each step's and composition's effect; retry on write steps
//   WorkflowChecks.cpp states: targets, reachability, a terminal state; events' types
//   EvalUse.cpp        which evals each step runs
//   Declarations.cpp   tool names as providers see them; declarations nothing uses
// Each phase relies on the one before: guards, then the graph and references, then types.
#pragma once

#include "ir/Module.h"
#include "sema/Sema.h"
#include "sema/ValueType.h"
#include "support/DiagnosticEngine.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace wfc::sema {

class ModuleChecker {
 public:
  ModuleChecker(ir::Module &module, DiagnosticEngine &diags, const SemaOptions &options)
      : module_(module), diags_(diags), options_(options) {}

  void run();

 private:
  // Why one step must run after another, for cycle notes.
  struct Edge {
    const ir::Step *from;
    const ir::Step *to;
    std::string why;  // "'b' follows 'a'"
    llvm::SMLoc loc;
  };

  // AgentTools.cpp
  void offerAgentTools(ir::Step &s);
  // Guards.cpp
  void assignGuards(ir::Composition &c);
  void assignBranchTargets(ir::Step &branch);
  void assignFallback(ir::Step &s);
  void checkOutput(const ir::Composition &c);
  // StepGraph.cpp
  void buildGraph(ir::Composition &c);
  void checkCycles(const ir::Composition &c);
  void checkSubflowRecursion();
  // References.cpp
  struct ReferenceSite;  // one reference being resolved, and the path its root has not consumed
  void resolveReferences(ir::Composition &c);
  // `insideFrom`: the reference is evaluated inside `from`'s own scope (a wfc.loop's `until`
  // sees that iteration's inner steps).
  std::optional<ValueType> resolveReference(ir::Composition &c, ir::Reference &ref, ir::Step *from, bool inExists,
                                            bool insideFrom = false);
  // One per root: each consumes what its root needs of the path and returns the type the rest
  // starts from, or nothing after reporting why the reference is invalid.
  std::optional<ValueType> resolveInputRoot(ReferenceSite &site);
  std::optional<ValueType> resolveWorkflowRoot(ReferenceSite &site);
  std::optional<ValueType> resolveWorkflowArtifact(ReferenceSite &site);
  std::optional<ValueType> resolveItemRoot(ReferenceSite &site);
  std::optional<ValueType> resolveLoopRoot(ReferenceSite &site);
  std::optional<ValueType> resolveLoopPrevious(ReferenceSite &site, const ir::Step &loop);
  std::optional<ValueType> resolveStepRoot(ReferenceSite &site);
  bool stepOutputInScope(const ReferenceSite &site, const ir::Step &s);
  void warnIfAbsentInFirstIteration(const ReferenceSite &site, const ir::Step &loop, const ir::Step &s);
  void warnIfMaybeSkipped(const ReferenceSite &site, const ir::Step &s);
  std::optional<ValueType> typeAlongPath(const ReferenceSite &site, ValueType type);
  void checkPredicate(ir::Composition &c, ir::Predicate &p, ir::Step *from, bool insideFrom);
  // Types.cpp
  // `what` names the whole value ("the arguments of tool 'x'"); `path` the part being checked.
  void checkValueAgainst(const ir::Value &v, const ValueType &expected, const std::string &what,
                         const std::string &path = "");
  void checkComparison(const ir::Predicate &p, const ValueType &type);
  void checkStepTypes(ir::Step &s);
  void checkRequiredVariables(const ir::Step &s);
  void checkOutputType(const ir::Composition &c);
  ValueType stepType(const ir::Step &s);
  ValueType outputType(const ir::Composition &c);
  // Effects.cpp
  ir::Effect effectOf(const ir::Step &s);
  ir::Effect effectOf(const ir::Composition &c);
  void checkRetry(const ir::Step &s);
  // WorkflowChecks.cpp
  void checkWorkflow();
  void checkStateEvents(const ir::State &state);
  void checkStateSkills(const ir::State &state);
  void checkReachability(const ir::Workflow &wf);
  // EvalUse.cpp
  void resolveEvalUse();
  // Declarations.cpp
  void checkToolNames();
  void reportUnused();

  // helpers (ModuleChecker.cpp)
  static const ir::Step *iterationScope(const ir::Step &s);
  static bool contains(const ir::Step &outer, const ir::Step &inner);
  static bool maySkip(const ir::Step &s, const ir::Step **why);
  std::vector<std::string> stepIds(const ir::Composition &c) const;
  ir::Step *findStep(const ir::Composition &c, const std::string &id);
  bool unlowered(const ir::Composition &c, const std::string &id) const;

  ir::Module &module_;
  DiagnosticEngine &diags_;
  const SemaOptions &options_;
  TypeNavigator nav_;

  std::map<const ir::Composition *, std::map<std::string, ir::Step *>> ids_;
  std::vector<Edge> edges_;  // of the composition being checked
  std::map<const ir::Step *, ValueType> stepTypes_;
  std::map<const ir::Reference *, ValueType> refTypes_;
  std::set<const ir::Step *> existsTested_;  // inside an all_of: steps an earlier operand tested
  std::set<const ir::Step *> typing_;        // in progress, against recursion
  std::set<const ir::Composition *> typingCompositions_;
  std::map<const ir::Step *, ir::Effect> effects_;
  std::set<const void *> effectInProgress_;
};

}  // namespace wfc::sema
