// The front end's one entry point: a loaded document, in whichever dialect it is written,
// lowered into the IR by that dialect (its reader, its own rules and its lowering). Everything
// after this — sema, the program analysis, passes, codegen — is the same for every dialect.
#pragma once

#include "frontend/DialectDetector.h"
#include "frontend/DocumentLoader.h"
#include "ir/Module.h"

#include <memory>

namespace wfc {

// Null when the document cannot be read as the dialect at all (reported); otherwise the module,
// possibly partial when errors were reported.
std::unique_ptr<ir::Module> lowerDocument(const Document &doc, Dialect dialect, DocumentLoader &loader,
                                          DiagnosticEngine &diags);

}  // namespace wfc
