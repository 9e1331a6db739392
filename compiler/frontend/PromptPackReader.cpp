#include "frontend/PromptPackReader.h"

#include "frontend/PromptPackShape.h"

namespace wfc {
namespace {

class Reader {
 public:
  Reader(const Document &doc, SchemaResolver &schemas) : doc_(doc), schemas_(schemas) {}

  std::optional<SchemaRef> schemaRef(const DocNode &owner, llvm::StringRef field) {
    const DocNode *n = owner.get(field);
    if (!n || !n->isString()) return std::nullopt;  // absent, or already reported by the shape
    SchemaRef ref;
    ref.text = n->stringValue;
    ref.loc = n->loc;
    schemas_.resolve(ref, doc_);
    return ref;
  }

  std::string stringField(const DocNode &owner, llvm::StringRef field) {
    const DocNode *n = owner.get(field);
    return n && n->isString() ? n->stringValue : std::string();
  }

  void steps(const DocNode *list, std::vector<StepDecl> &out) {
    if (!list || !list->isSequence()) return;
    for (const DocNode *item : list->items) {
      if (const std::optional<StepDecl> s = step(*item)) out.push_back(*s);
    }
  }

  std::optional<StepDecl> step(const DocNode &node) {
    if (!node.isMapping()) return std::nullopt;
    StepDecl s;
    s.node = &node;
    s.id = stringField(node, "id");
    s.kind = stringField(node, "kind");
    if (s.kind == "prompt" || s.kind == "agent") s.outputSchema = schemaRef(node, "output_schema");
    if (s.kind == "parallel") steps(node.get("branches"), s.children);
    if (s.kind == "wfc.loop") steps(node.get("steps"), s.children);
    if (s.kind == "wfc.foreach")
      if (const DocNode *inner = node.get("step"))
        if (auto child = step(*inner)) s.children.push_back(*child);
    return s;
  }

  CompositionDecl composition(const DocEntry &entry) {
    CompositionDecl c;
    c.name = entry.key;
    c.loc = entry.keyLoc;
    c.node = entry.value;
    if (entry.value->isMapping()) {
      c.inputSchema = schemaRef(*entry.value, "input_schema");
      c.outputSchema = schemaRef(*entry.value, "output_schema");
      steps(entry.value->get("steps"), c.steps);
    }
    return c;
  }

 private:
  const Document &doc_;
  SchemaResolver &schemas_;
};

}  // namespace

std::optional<PromptPackAST> readPromptPack(const Document &doc, DocumentLoader &loader,
                                            DiagnosticEngine &diags) {
  const DocNode *root = doc.root();
  if (!root || !root->isMapping()) {
    if (root && !root->invalid)
      diags.error(root->loc, "a pack must be a mapping of fields (id, name, version, …), not " +
                                 describeKind(root->kind));
    return std::nullopt;
  }
  ShapeChecker(diags).check(*root, promptPackShape(), "pack");

  SchemaResolver schemas(loader, diags);
  Reader reader(doc, schemas);
  PromptPackAST ast;
  ast.document = &doc;
  if (const DocNode *comps = root->get("compositions"); comps && comps->isMapping())
    for (const DocEntry &e : comps->entries) ast.compositions.push_back(reader.composition(e));
  return ast;
}

}  // namespace wfc
