// The pack's evals (docs/evals.md): what `wfc check` verifies of them and what running them
// needs resolved. Each eval's type is one wfc runs, its trigger one of PromptPack's, its
// threshold well formed, and its params what its type reads — a regex that compiles, a schema
// that loads (inlined like an output_schema), a judging prompt that exists, a number of
// milliseconds. After the compositions are built: steps naming disabled evals, and evals that
// no step runs.
#pragma once

#include "sema/SemaContext.h"

namespace wfc::sema {

class EvalChecker {
 public:
  explicit EvalChecker(SemaContext &ctx) : ctx_(ctx) {}

  // Before compositions: every declared eval, pack-level and prompt-level.
  void checkDeclarations();
  // After compositions: which evals the steps run.
  void checkUse();

 private:
  void checkDeclaration(ir::Eval &eval, const DocNode &node);
  void checkParams(ir::Eval &eval, const DocNode &node);

  SemaContext &ctx_;
};

// Whether an eval with this trigger runs after every prompt and agent step it applies to, without
// a step naming it (every_turn, sample_turns).
bool runsOnEveryTurn(const ir::Eval &eval);

}  // namespace wfc::sema
