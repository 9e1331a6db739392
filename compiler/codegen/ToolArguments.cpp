#include "codegen/ToolArguments.h"

#include "codegen/CppNames.h"
#include "codegen/DeclMirrors.h"

#include "ir/Module.h"

#include <algorithm>
#include <iterator>

namespace wfc::codegen {
namespace {

// A subschema that accepts every value: `{}`, `true`, or only annotations.
bool acceptsAnything(const ir::Json &schema) {
  if (schema.is_boolean()) return schema.get<bool>();
  if (!schema.is_object()) return false;
  for (auto it = schema.begin(); it != schema.end(); ++it)
    if (it.key() != "description" && it.key() != "title" && it.key() != "$comment" && it.key() != "examples")
      return false;
  return true;
}

// An interpolated string is always a string: a subschema asking only for a string accepts it.
bool acceptsAnyString(const ir::Json &schema) {
  if (acceptsAnything(schema)) return true;
  if (!schema.is_object() || !schema.contains("type") || schema["type"] != "string") return false;
  ir::Json rest = schema;
  rest.erase("type");
  return acceptsAnything(rest);
}

// Whether the run may skip checking this step's arguments against the tool's parameters: sema
// checked the constant parts at compile time, so it is enough that every dynamic part lands on
// a property whose subschema accepts anything, in an object schema with no other constraints.
}  // namespace

bool argumentsProvenValid(const ir::Step &s) {
  const ir::Json &params = s.tool->parameters;
  if (params.empty()) return true;  // nothing declared: nothing to check
  if (!s.args) return true;         // sema checked the (absent) arguments already
  if (s.args->isConstant()) return true;
  if (s.args->kind != ir::Value::Kind::Object) return false;
  for (auto it = params.begin(); it != params.end(); ++it) {
    static const char *allowed[] = {"type", "properties", "required", "additionalProperties", "description",
                                    "title", "$schema", "$comment", "examples"};
    if (std::find(std::begin(allowed), std::end(allowed), it.key()) == std::end(allowed)) return false;
  }
  if (params.contains("type") && params["type"] != "object") return false;
  for (const auto &[key, member] : s.args->members) {
    if (member.isConstant()) continue;
    // A key the schema does not list is governed by additionalProperties (absent: anything goes).
    static const ir::Json kAnything = ir::Json::object();
    const ir::Json *property = &kAnything;
    if (params.contains("properties") && params["properties"].contains(key))
      property = &params["properties"][key];
    else if (params.contains("additionalProperties"))
      property = &params["additionalProperties"];
    bool proven = member.kind == ir::Value::Kind::Interpolation ? acceptsAnyString(*property) : acceptsAnything(*property);
    if (!proven) return false;
  }
  return true;
}

std::optional<std::string> argumentsAsData(const ir::Step &s, EmitContext &ctx, const CompositionNames &names) {
  if (!s.args) return "{}";
  if (s.args->kind != ir::Value::Kind::Object) return std::nullopt;
  std::string rows;
  for (const auto &[key, member] : s.args->members) {
    ArgumentDeclFields row;
    row.key = cppString(key);
    if (member.isConstant()) {
      row.constant = "&" + ctx.constant(member.constant(), names.steps.at(&s) + "_args_" + key);
    } else if (member.kind == ir::Value::Kind::Reference &&
               (member.ref.root == ir::RefRoot::Input || member.ref.root == ir::RefRoot::StepOutput)) {
      const ir::Reference &ref = member.ref;
      if (ref.root == ir::RefRoot::Input) {
        row.source = "wfc::ArgumentDecl::Input";
      } else {
        row.source = "wfc::ArgumentDecl::Output";
        row.step = "step::" + names.steps.at(ref.step);
      }
      if (!ref.path.empty()) {
        std::string path;
        for (const ir::PathElement &e : ref.path) {
          PathKeyFields k;
          if (e.isIndex()) k.index = std::to_string(*e.index);
          else k.key = cppString(e.key);
          path += (path.empty() ? "" : ", ") + inlineInitializer(k);
        }
        row.path = "{" + path + "}";
      }
      row.ref = cppString(ir::spell(ref));
    } else {
      return std::nullopt;
    }
    rows += "    " + inlineInitializer(row) + ",\n";
  }
  return rows.empty() ? "{}" : "{\n" + rows + "}";
}

}  // namespace wfc::codegen
