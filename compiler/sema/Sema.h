// Semantic analysis on the IR: every check that every dialect needs, run once, after a
// dialect's lowering (docs/semantics.md). It resolves what the lowering left symbolic —
// `${…}` references to the steps they name, guards from branch targets and fallbacks, the
// control edges of the step graph — reports through the DiagnosticEngine and keeps going after
// errors, so one run reports every problem. Dialect-specific rules stay in the dialect.
#pragma once

#include "ir/Module.h"
#include "support/DiagnosticEngine.h"

#include <string>

namespace wfc::sema {

struct SemaOptions {
  std::string composition;  // --composition: the one composition to run, Function-style
};

void check(ir::Module &module, DiagnosticEngine &diags, const SemaOptions &options);

}  // namespace wfc::sema
