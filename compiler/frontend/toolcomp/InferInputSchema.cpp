#include "frontend/toolcomp/InferInputSchema.h"

#include "ir/ReferenceWalk.h"

#include <algorithm>

namespace wfc::toolcomp {
namespace {

// Adds what `path` needs below `schema`: an object with each key required, an array at least
// as long as each index (what lies below an index is left open: items may differ).
void require(ir::Json &schema, const std::vector<ir::PathElement> &path, size_t at) {
  if (at == path.size()) return;
  const ir::PathElement &e = path[at];
  if (e.isIndex()) {
    schema["type"] = "array";
    size_t needed = *e.index + 1;
    if (!schema.contains("minItems") || schema["minItems"].get<size_t>() < needed) schema["minItems"] = needed;
    return;
  }
  schema["type"] = "object";
  ir::Json &required = schema["required"];
  if (!required.is_array()) required = ir::Json::array();
  if (std::find(required.begin(), required.end(), e.key) == required.end()) required.push_back(e.key);
  ir::Json &property = schema["properties"][e.key];
  if (property.is_null()) property = ir::Json::object();
  require(property, path, at + 1);
}

}  // namespace

std::optional<ir::Json> inferInputSchema(const ir::Composition &composition) {
  ir::Json schema = ir::Json::object();
  bool any = false;
  auto visit = [&](const ir::Step &s) {
    if (!s.args) return;
    ir::forEachValueReference(*s.args, [&](const ir::Reference &r) {
      if (r.text.empty() || r.name != "input") return;
      any = true;
      require(schema, r.path, 0);
    });
  };
  for (const auto &s : composition.steps) visit(*s);
  for (const auto &s : composition.rollbacks) visit(*s);
  if (!any) return std::nullopt;
  schema["type"] = "object";
  ir::Json ordered = {{"$schema", "http://json-schema.org/draft-07/schema#"}};
  ordered.update(schema);
  return ordered;
}

}  // namespace wfc::toolcomp
