#include "frontend/registry/RegistryReader.h"

#include "frontend/registry/RegistryShape.h"

namespace wfc::registry {

std::optional<RegistryDecl> readRegistry(const Document &doc, DiagnosticEngine &diags) {
  const DocNode *root = doc.root();
  if (!root || !root->isMapping()) {
    if (root && !root->invalid)
      diags.error(root->loc, "a workflow registry must be a JSON object with 'version', 'workflows', "
                             "'workflow_sequences', …, not " + describeKind(root->kind));
    return std::nullopt;
  }
  ShapeChecker(diags).check(*root, registryShape(), "registry");
  RegistryDecl decl;
  decl.document = &doc;
  readFields(decl, *root);
  return decl;
}

}  // namespace wfc::registry
