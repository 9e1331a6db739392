#include "frontend/promptpack/PromptPackReader.h"

#include "frontend/SchemaResolver.h"
#include "frontend/promptpack/PromptPackShape.h"

namespace wfc::promptpack {

const std::vector<StepDecl> &StepDecl::children() const {
  if (*kind == "parallel") return branches.value;
  if (*kind == "wfc.loop") return steps.value;
  if (*kind == "wfc.foreach") return step;
  static const std::vector<StepDecl> none;
  return none;
}

// ---- reading ------------------------------------------------------------------------------------

namespace {

// Resolves every schema reference in the AST to the schema it names (loading its file).
class SchemaReferences {
 public:
  SchemaReferences(const Document &doc, SchemaResolver &resolver) : doc_(doc), resolver_(resolver) {}

  void pack(PackDecl &pack) {
    for (Named<CompositionDecl> &c : pack.compositions.value) {
      if (!c.wellFormed) continue;
      resolve(c.decl.inputSchema);
      resolve(c.decl.outputSchema);
      steps(c.decl.steps.value);
    }
  }

 private:
  void resolve(Located<SchemaRef> &ref) {
    if (ref) resolver_.resolve(ref.value, doc_);
  }
  void steps(std::vector<StepDecl> &list) {
    for (StepDecl &s : list) {
      if (*s.kind == "prompt" || *s.kind == "agent") resolve(s.outputSchema);
      steps(s.branches.value);
      steps(s.steps.value);
      steps(s.step);
    }
  }

  const Document &doc_;
  SchemaResolver &resolver_;
};

}  // namespace

std::optional<PackDecl> readPromptPack(const Document &doc, DocumentLoader &loader, DiagnosticEngine &diags) {
  const DocNode *root = doc.root();
  if (!root || !root->isMapping()) {
    if (root && !root->invalid)
      diags.error(root->loc, "a pack must be a mapping of fields (id, name, version, …), not " + describeKind(root->kind));
    return std::nullopt;
  }
  ShapeChecker(diags).check(*root, promptPackShape(), "pack");
  PackDecl pack;
  pack.document = &doc;
  readFields(pack, *root);
  SchemaResolver resolver(loader, diags);
  SchemaReferences(doc, resolver).pack(pack);
  return pack;
}

}  // namespace wfc::promptpack
