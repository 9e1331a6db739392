#include "frontend/FrontEnd.h"

#include "frontend/promptpack/PromptPackLowering.h"
#include "frontend/promptpack/PromptPackReader.h"
#include "frontend/registry/RegistryLowering.h"
#include "frontend/registry/RegistryReader.h"
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
    case Dialect::Registry: {
      std::optional<registry::RegistryDecl> decl = registry::readRegistry(doc, diags);
      if (!decl) return nullptr;
      // Each workflow's pack is read in its own dialect, detected from its content.
      auto lowerMember = [&](const Document &member) {
        return lowerDocument(member, detectDialect(*member.root()), loader, diags);
      };
      return registry::lowerRegistry(*decl, loader, diags, lowerMember);
    }
    case Dialect::AWL:
      diags.error(doc.root()->loc, "the '" + dialectName(dialect).str() +
                                       "' dialect is not supported by this version of wfc; it compiles PromptPack "
                                       "packs, tool compositions and workflow registries (pass --dialect=promptpack if this file is a "
                                       "pack)");
      return nullptr;
  }
  return nullptr;
}

}  // namespace wfc
