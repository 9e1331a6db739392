#include "frontend/SchemaBundler.h"

#include "common/Pattern.h"

#include <set>
#include <vector>

namespace wfc {

SchemaNode derefSchema(SchemaNode s, DocumentLoader &loader, bool *cycle) {
  std::set<const DocNode *> seen;
  while (s.node && s.node->isMapping()) {
    const DocNode *ref = s.node->get("$ref");
    if (!ref || !ref->isString()) break;
    if (!seen.insert(s.node).second) {
      if (cycle) *cycle = true;
      return {};
    }
    llvm::StringRef text = ref->stringValue;
    auto [file, fragment] = text.split('#');
    const Document *doc = s.doc;
    const DocNode *base = s.localRoot;
    if (!file.empty()) {
      if (file.contains("://")) return {};
      // Already loaded (and diagnosed) by the schema resolver: this is a cache hit.
      doc = loader.load(SourceFiles::resolveRelative(s.doc->path(), file));
      if (!doc) return {};
      base = nullptr;
    }
    const DocNode *target = base ? resolvePointerFrom(*base, fragment) : doc->resolvePointer(fragment);
    if (!target) return {};
    s = {doc, target, base};
  }
  return s;
}

namespace {

void checkPattern(const std::string &text, llvm::SMLoc at, DiagnosticEngine &diags) {
  std::string error;
  if (!Pattern::compile(text, &error)) diags.error(at, "pattern '" + text + "' cannot run: " + error);
}

}  // namespace

void checkSchemaPatterns(const DocNode &schema, DiagnosticEngine &diags) {
  if (schema.isSequence())
    for (const DocNode *item : schema.items) checkSchemaPatterns(*item, diags);
  if (!schema.isMapping()) return;
  for (const DocEntry &e : schema.entries) {
    if (e.key == "enum" || e.key == "const" || e.key == "default" || e.key == "examples") continue;
    if (e.key == "pattern" && e.value->isString()) checkPattern(e.value->stringValue, e.value->loc, diags);
    if (e.key == "patternProperties" && e.value->isMapping())
      for (const DocEntry &p : e.value->entries) checkPattern(p.key, p.keyLoc, diags);
    checkSchemaPatterns(*e.value, diags);
  }
}

namespace {

class Bundler {
 public:
  Bundler(DocumentLoader &loader, DiagnosticEngine &diags, llvm::SMLoc at) : loader_(loader), diags_(diags), at_(at) {}

  std::optional<nlohmann::ordered_json> convert(SchemaNode s) {
    if (!s.node) return std::nullopt;
    if (s.node->isMapping()) {
      if (const DocNode *ref = s.node->get("$ref"); ref && ref->isString()) {
        bool cycle = false;
        SchemaNode target = derefSchema(s, loader_, &cycle);
        if (!target.node) {
          // A chain made only of $refs that comes back to itself never reaches a schema; a
          // chain ending in a missing target was reported by the resolver.
          if (cycle)
            diags_.error(ref->loc, "schema reference '" + ref->stringValue +
                                       "' never reaches a schema: its $refs refer to each other in a cycle")
                .note(at_, "the schema is used here");
          else if (s.localRoot)  // an inline schema's references were checked by nothing else
            diags_.error(ref->loc, "schema reference '" + ref->stringValue +
                                       "' does not resolve: '#/…' in an inline schema points into that schema");
          return std::nullopt;
        }
        auto key = std::make_pair(target.doc, target.node);
        for (const auto &open : stack_) {
          if (open == key) {
            diags_.error(ref->loc, "recursive schema reference '" + ref->stringValue +
                                       "' is not supported; wfc inlines every $ref")
                .note(at_, "the schema is used here");
            return std::nullopt;
          }
        }
        stack_.push_back(key);
        auto out = convert(target);
        stack_.pop_back();
        return out;
      }
      nlohmann::ordered_json obj = nlohmann::ordered_json::object();
      for (const DocEntry &e : s.node->entries) {
        if (e.key == "pattern" && e.value->isString()) checkPattern(e.value->stringValue, e.value->loc, diags_);
        if (e.key == "patternProperties" && e.value->isMapping())
          for (const DocEntry &p : e.value->entries) checkPattern(p.key, p.keyLoc, diags_);
        auto v = convert({s.doc, e.value, s.localRoot});
        if (!v) return std::nullopt;
        obj[e.key] = std::move(*v);
      }
      return obj;
    }
    if (s.node->isSequence()) {
      nlohmann::ordered_json arr = nlohmann::ordered_json::array();
      for (const DocNode *item : s.node->items) {
        auto v = convert({s.doc, item, s.localRoot});
        if (!v) return std::nullopt;
        arr.push_back(std::move(*v));
      }
      return arr;
    }
    return toJson(*s.node);
  }

 private:
  DocumentLoader &loader_;
  DiagnosticEngine &diags_;
  llvm::SMLoc at_;
  std::vector<std::pair<const Document *, const DocNode *>> stack_;
};

}  // namespace

std::optional<BundledSchema> bundleSchema(const SchemaRef &ref, DocumentLoader &loader, DiagnosticEngine &diags) {
  if (!ref.schema) return std::nullopt;
  Bundler b(loader, diags, ref.loc);
  auto json = b.convert({ref.document, ref.schema, ref.localRoot});
  if (!json) return std::nullopt;
  return BundledSchema{ref.text, ref.loc, std::move(*json)};
}

}  // namespace wfc
