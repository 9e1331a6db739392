#include "frontend/awl/AwlReader.h"

#include "frontend/awl/AwlShape.h"

namespace wfc::awl {

std::optional<FileDecl> readAwl(const Document &doc, DiagnosticEngine &diags) {
  const DocNode *root = doc.root();
  if (!root || !root->isMapping()) {
    if (root && !root->invalid)
      diags.error(root->loc, "an AWL file must be a mapping with 'workflow', not " + describeKind(root->kind));
    return std::nullopt;
  }
  if (!root->find("workflow")) {
    diags.error(root->loc, "an AWL file holds its workflow under a top-level 'workflow' mapping (docs/awl.md); "
                           "this file has none");
    return std::nullopt;
  }
  ShapeChecker(diags).check(*root, awlShape(), "AWL file");
  FileDecl file;
  file.document = &doc;
  readFields(file, *root);
  if (!file.workflow) return std::nullopt;
  return file;
}

}  // namespace wfc::awl
