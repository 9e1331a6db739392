#include "frontend/toolcomp/ToolCompReader.h"

#include "frontend/toolcomp/ToolCompShape.h"

namespace wfc::toolcomp {

std::optional<FileDecl> readToolComposition(const Document &doc, DiagnosticEngine &diags) {
  const DocNode *root = doc.root();
  if (!root || !root->isMapping()) {
    if (root && !root->invalid)
      diags.error(root->loc, "a tool composition must be a mapping with 'steps' (or a template with 'composition'), not " +
                                 describeKind(root->kind));
    return std::nullopt;
  }
  ShapeChecker(diags).check(*root, toolCompositionShape(), "tool composition");
  FileDecl file;
  file.document = &doc;
  if (root->find("composition")) {
    TemplateDecl templ;
    readFields(templ, *root);
    file.composition = templ.composition.value;
    file.templ = std::move(templ);
  } else {
    readFields(file.composition, *root);
  }
  return file;
}

}  // namespace wfc::toolcomp
