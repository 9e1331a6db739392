#include "frontend/FrontEnd.h"

#include "frontend/promptpack/PromptPackLowering.h"
#include "frontend/promptpack/PromptPackReader.h"
#include "frontend/toolcomp/ToolCompLowering.h"
#include "frontend/toolcomp/ToolCompReader.h"

namespace wfc {

std::unique_ptr<ir::Module> lowerDocument(const Document &doc, Dialect dialect, DocumentLoader &loader,
                                          DiagnosticEngine &diags) {
  switch (dialect) {
    case Dialect::PromptPack: {
      std::optional<promptpack::PackDecl> pack = promptpack::readPromptPack(doc, loader, diags);
      if (!pack) return nullptr;
      return promptpack::lowerPromptPack(*pack, loader, diags);
    }
    case Dialect::ToolComposition: {
      std::optional<toolcomp::FileDecl> file = toolcomp::readToolComposition(doc, diags);
      if (!file) return nullptr;
      return toolcomp::lowerToolComposition(*file, diags);
    }
    case Dialect::AWL:
    case Dialect::Registry:
      diags.error(doc.root()->loc, "the '" + dialectName(dialect).str() +
                                       "' dialect is not supported by this version of wfc; it compiles PromptPack "
                                       "packs and tool compositions (pass --dialect=promptpack if this file is a pack)");
      return nullptr;
  }
  return nullptr;
}

}  // namespace wfc
