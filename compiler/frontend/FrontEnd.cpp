#include "frontend/FrontEnd.h"

#include "frontend/awl/AwlLowering.h"
#include "frontend/awl/AwlReader.h"
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
    case Dialect::AWL: {
      std::optional<awl::FileDecl> file = awl::readAwl(doc, diags);
      if (!file) return nullptr;
      return awl::lowerAwl(*file, diags);
    }
  }
  return nullptr;
}

}  // namespace wfc
