// Semantic analysis: the PromptPack AST → the typed IR, with every check SPEC §2–§3 and
// RFC 0010's validation rules ask for. Reports through the DiagnosticEngine and keeps going
// after errors, so one run reports every problem.
#pragma once

#include "frontend/DocumentLoader.h"
#include "frontend/PromptPackAST.h"
#include "ir/Module.h"

#include <memory>
#include <string>

namespace wfc::sema {

struct SemaOptions {
  std::string composition;  // --composition: the one composition to run, Function-style
};

// Returns the module (possibly partial when errors were reported; check
// DiagnosticEngine::hasErrors() before using it for code generation).
std::unique_ptr<ir::Module> analyze(const PromptPackAST &ast, DocumentLoader &loader,
                                    DiagnosticEngine &diags, const SemaOptions &options);

}  // namespace wfc::sema
