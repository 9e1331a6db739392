// Lowers a read PromptPack (PackDecl) into the IR, with the dialect's own rules: names and how
// they resolve (prompts, tools, compositions, step ids), step kinds, the syntax of `${…}`
// references and `{{…}}` templates, fragments, PromptPack's eval types and workflow states.
// What every dialect needs checked — reference scopes and types, the step graph, guards,
// effects, unused declarations — is left to sema, which runs on the IR this returns.
#pragma once

#include "frontend/DocumentLoader.h"
#include "frontend/promptpack/PromptPackAST.h"
#include "ir/Module.h"

#include <memory>

namespace wfc::promptpack {

// The module, possibly partial when errors were reported (sema still checks the parts that
// lowered, so one run reports every problem).
std::unique_ptr<ir::Module> lowerPromptPack(const PackDecl &pack, DocumentLoader &loader, DiagnosticEngine &diags);

}  // namespace wfc::promptpack
