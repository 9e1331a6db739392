// Lowers a read tool composition (FileDecl) into the IR, with the dialect's own rules
// (docs/tool-composition.md): unique step ids and output_keys, `depends_on` names that resolve,
// `{{…}}` interpolations that name the input, the context, or a step the interpolating step
// depends on, `{{self…}}` only in rollbacks, a template's validation. The composition becomes
// one ir::Composition of tool steps with a FailurePolicy and its rollback actions; its input
// schema is inferred from the interpolations. What every dialect needs checked — the step
// graph and its cycles, reference scopes and types, tool arguments, effects — is left to sema.
#pragma once

#include "frontend/toolcomp/ToolCompAST.h"
#include "ir/Module.h"
#include "support/DiagnosticEngine.h"

#include <memory>

namespace wfc::toolcomp {

// The version of seed 004's framework that wfc implements: a template's
// `validation.min_version` may not be newer.
inline constexpr const char *kFrameworkVersion = "1.0.0";

// Attempts of a step that fails, when the composition says nothing: the `retry` strategy's
// default, and the backoff before each retry (doubling, jittered) (docs/tool-composition.md).
inline constexpr unsigned kDefaultRetries = 3;
inline constexpr uint64_t kRetryBackoffMs = 100;

// The module, possibly partial when errors were reported.
std::unique_ptr<ir::Module> lowerToolComposition(const FileDecl &file, DiagnosticEngine &diags);

}  // namespace wfc::toolcomp
