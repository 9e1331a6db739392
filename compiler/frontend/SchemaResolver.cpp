#include "frontend/SchemaResolver.h"

#include "support/DidYouMean.h"

namespace wfc {

const DocNode *SchemaResolver::resolveTarget(llvm::StringRef text, llvm::SMLoc loc,
                                             const Document &from, const Document **target) {
  auto [file, fragment] = text.split('#');
  bool hasFragment = text.contains('#');
  if (file.contains("://")) {
    diags_.error(loc, "schema reference '" + text +
                          "' is a URL; wfc reads schemas from files only (download it and refer "
                          "to it by a relative path)");
    return nullptr;
  }
  if (file.empty() && !hasFragment) {
    diags_.error(loc, "empty schema reference; write a path such as 'schemas/input.json'");
    return nullptr;
  }
  if (hasFragment && !fragment.empty() && !fragment.startswith("/")) {
    diags_.error(loc, "schema reference fragment '#" + fragment +
                          "' is not a JSON pointer; write '#/path/to/schema'");
    return nullptr;
  }
  const Document *doc = &from;
  if (!file.empty()) {
    std::string path = SourceFiles::resolveRelative(from.path(), file);
    doc = loader_.load(path, loc, "schema file");
    if (!doc) return nullptr;
    followRefs(*doc);
  }
  *target = doc;
  const DocNode *failedAt = nullptr;
  std::string missing;
  const DocNode *node = doc->resolvePointer(fragment, &failedAt, &missing);
  if (!node) {
    std::string where = file.empty() ? "this file" : "'" + file.str() + "'";
    std::string suffix;
    if (failedAt && failedAt->isMapping()) {
      std::vector<std::string> keys;
      for (const DocEntry &e : failedAt->entries) keys.push_back(e.key);
      suffix = didYouMeanSuffix(missing, keys);
    }
    diags_.error(loc, "JSON pointer '#" + fragment + "' does not resolve in " + where +
                          ": no '" + missing + "'" + suffix);
    return nullptr;
  }
  if (!node->isMapping() && !node->isBool()) {
    diags_.error(loc, "'" + text + "' is " + describeKind(node->kind) +
                          ", not a JSON Schema (a mapping)")
        .note(node->loc, "the reference resolves to this value");
    return nullptr;
  }
  return node;
}

void SchemaResolver::resolve(SchemaRef &ref, const Document &from) {
  const Document *target = nullptr;
  ref.schema = resolveTarget(ref.text, ref.loc, from, &target);
  ref.document = ref.schema ? target : nullptr;
}

void SchemaResolver::followRefs(const Document &doc) {
  if (!followed_.insert(&doc).second || !doc.root()) return;
  followRefsIn(*doc.root(), doc, 0);
}

void SchemaResolver::followRefsIn(const DocNode &node, const Document &doc, unsigned depth) {
  if (depth > DocumentLoader::kMaxDepth) return;
  if (node.isSequence()) {
    for (const DocNode *item : node.items) followRefsIn(*item, doc, depth + 1);
    return;
  }
  if (!node.isMapping()) return;
  for (const DocEntry &e : node.entries) {
    // Inside `properties` (and similar) keys are names, so a property called "$ref" is data;
    // only a `$ref` whose value is a string is a reference.
    if (e.key == "$ref" && e.value->isString()) {
      const Document *target = nullptr;
      resolveTarget(e.value->stringValue, e.value->loc, doc, &target);
      continue;
    }
    followRefsIn(*e.value, doc, depth + 1);
  }
}

}  // namespace wfc
