#include "sema/SemaContext.h"

#include <vector>

namespace wfc::sema {

const DocNode *field(const DocNode &node, llvm::StringRef key) {
  if (!node.isMapping()) return nullptr;
  const DocNode *n = node.get(key);
  return n && !n->invalid ? n : nullptr;
}

std::string stringField(const DocNode &node, llvm::StringRef key) {
  const DocNode *n = field(node, key);
  return n && n->isString() ? n->stringValue : std::string();
}

std::optional<int64_t> intField(const DocNode &node, llvm::StringRef key) {
  const DocNode *n = field(node, key);
  if (n && n->isInt()) return n->intValue;
  return std::nullopt;
}

bool boolField(const DocNode &node, llvm::StringRef key, bool fallback) {
  const DocNode *n = field(node, key);
  return n && n->isBool() ? n->boolValue : fallback;
}

std::vector<std::pair<std::string, llvm::SMLoc>> stringList(const DocNode &node, llvm::StringRef key) {
  std::vector<std::pair<std::string, llvm::SMLoc>> out;
  const DocNode *n = field(node, key);
  if (!n || !n->isSequence()) return out;
  for (const DocNode *item : n->items)
    if (item->isString()) out.emplace_back(item->stringValue, item->loc);
  return out;
}

std::vector<std::string> SemaContext::promptNames() const {
  std::vector<std::string> names;
  for (const auto &p : module.prompts) names.push_back(p->key);
  return names;
}

std::vector<std::string> SemaContext::toolNames() const {
  std::vector<std::string> names;
  for (const auto &t : module.tools) names.push_back(t->name);
  return names;
}

std::vector<std::string> SemaContext::compositionNames() const {
  std::vector<std::string> names;
  for (const auto &c : module.compositions) names.push_back(c->name);
  return names;
}

namespace {

// Converts a schema to self-contained JSON, inlining every $ref.
class Bundler {
 public:
  Bundler(SemaContext &ctx, llvm::SMLoc at) : ctx_(ctx), at_(at) {}

  std::optional<ir::Json> convert(SchemaNode s) {
    if (!s.node) return std::nullopt;
    if (s.node->isMapping()) {
      if (const DocNode *ref = s.node->get("$ref"); ref && ref->isString()) {
        bool cycle = false;
        SchemaNode target = ctx_.nav.deref(s, &cycle);
        if (!target.node) {
          // A chain made only of $refs that comes back to itself never reaches a schema; a
          // chain ending in a missing target was reported by the reader.
          if (cycle) {
            ctx_.diags.error(ref->loc, "schema reference '" + ref->stringValue +
                                           "' never reaches a schema: its $refs refer to each other in a cycle")
                .note(at_, "the schema is used here");
            failed_ = true;
          }
          return std::nullopt;
        }
        auto key = std::make_pair(target.doc, target.node);
        for (const auto &open : stack_) {
          if (open == key) {
            ctx_.diags.error(ref->loc, "recursive schema reference '" + ref->stringValue +
                                           "' is not supported; wfc inlines every $ref")
                .note(at_, "the schema is used here");
            failed_ = true;
            return std::nullopt;
          }
        }
        stack_.push_back(key);
        auto out = convert(target);
        stack_.pop_back();
        return out;
      }
      ir::Json obj = ir::Json::object();
      for (const DocEntry &e : s.node->entries) {
        auto v = convert({s.doc, e.value});
        if (!v) return std::nullopt;
        obj[e.key] = std::move(*v);
      }
      return obj;
    }
    if (s.node->isSequence()) {
      ir::Json arr = ir::Json::array();
      for (const DocNode *item : s.node->items) {
        auto v = convert({s.doc, item});
        if (!v) return std::nullopt;
        arr.push_back(std::move(*v));
      }
      return arr;
    }
    return ir::Json(toJson(*s.node));
  }

 private:
  SemaContext &ctx_;
  llvm::SMLoc at_;
  bool failed_ = false;
  std::vector<std::pair<const Document *, const DocNode *>> stack_;
};

}  // namespace

std::optional<ir::Schema> SemaContext::bundle(const std::optional<SchemaRef> &ref) {
  if (!ref || !ref->schema) return std::nullopt;
  ir::Schema s;
  s.source = ref->text;
  s.loc = ref->loc;
  Bundler b(*this, ref->loc);
  auto json = b.convert({ref->document, ref->schema});
  if (!json) return std::nullopt;
  s.json = std::move(*json);
  return s;
}

}  // namespace wfc::sema
