#include "frontend/FrontEnd.h"

#include "frontend/promptpack/PromptPackLowering.h"
#include "frontend/promptpack/PromptPackReader.h"

namespace wfc {

std::unique_ptr<ir::Module> lowerDocument(const Document &doc, Dialect dialect, DocumentLoader &loader,
                                          DiagnosticEngine &diags) {
  switch (dialect) {
    case Dialect::PromptPack: {
      std::optional<promptpack::PackDecl> pack = promptpack::readPromptPack(doc, loader, diags);
      if (!pack) return nullptr;
      return promptpack::lowerPromptPack(*pack, loader, diags);
    }
    case Dialect::AWL:
    case Dialect::ToolComposition:
    case Dialect::Registry:
      diags.error(doc.root()->loc, "the '" + dialectName(dialect).str() +
                                       "' dialect is not supported by this version of wfc; it compiles PromptPack "
                                       "packs (pass --dialect=promptpack if this file is one)");
      return nullptr;
  }
  return nullptr;
}

}  // namespace wfc
