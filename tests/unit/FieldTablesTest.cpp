// Each dialect reader's field tables against its shapes (frontend/FieldReader.h): every field a
// shape allows is read by the table of that object, or listed there as deliberately unread — so
// a field added to a shape cannot be silently dropped between the shape check and the AST.
#include "frontend/awl/AwlAST.h"
#include "frontend/awl/AwlShape.h"
#include "frontend/promptpack/PromptPackAST.h"
#include "frontend/promptpack/PromptPackShape.h"
#include "frontend/registry/RegistryAST.h"
#include "frontend/registry/RegistryShape.h"
#include "frontend/toolcomp/ToolCompAST.h"
#include "frontend/toolcomp/ToolCompShape.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace wfc::promptpack {
namespace {

// Every object shape reachable from the pack's, by the name it gives its objects.
void collect(const Shape &shape, std::map<std::string, std::set<std::string>> &fields,
             std::set<const Shape *> &seen) {
  if (!seen.insert(&shape).second) return;
  if (shape.type == Shape::Type::Object && !(shape.open && shape.fields.empty()))
    for (const Field &f : shape.fields) fields[shape.what].insert(f.name);
  for (const Field &f : shape.fields) collect(*f.shape, fields, seen);
  if (shape.element) collect(*shape.element, fields, seen);
  for (const Shape *v : shape.variants) collect(*v, fields, seen);
}

// Objects the reader keeps whole, as data (DataField), with why no table reads their fields.
const std::set<std::string> kReadAsData = {
    "template_engine",  // informational: wfc supports one template syntax
    "metadata",         // informational, open
    "cost_estimate",    // inside metadata
    "compilation",      // informational: which tool compiled the pack
    "parameters",       // a prompt's model parameters, passed to the provider as JSON
    "validation",       // a variable's validation, passed on as JSON
    "tested model",     // inside tested_models, informational
    "metric",           // an eval's metric, informational
    "range",            // inside metric
    "tool parameters",  // a JSON Schema, passed to providers as written
    // PromptKit-parity sections whose shape checker already checked every field: the lowering
    // (LowerMedia, LowerSkills, LowerProviders, LowerGovernance) takes what it runs from the
    // checked document, and the rest is informational or passed on (docs/promptkit.md).
    "action_scope", "agent", "agents", "applies_to", "capabilities", "content part", "media",
    "audio media config", "document media config", "image media config", "video media config",
    "media reference", "multimodal example", "governance", "independent_of", "obligation",
    "obligation control", "review", "pipeline", "middleware", "provider requirement", "requires",
    "skill",
};

// Every object shape reachable from `root` against the tables; `readAsData` lists the shapes read
// whole as data.
void compareTables(const Shape &root, const std::vector<std::pair<std::string, std::vector<std::string>>> &byShape,
                   const std::set<std::string> &readAsData) {
  std::map<std::string, std::set<std::string>> shapeFields;
  std::set<const Shape *> seen;
  collect(root, shapeFields, seen);
  std::map<std::string, std::set<std::string>> tables;
  for (const auto &[what, names] : byShape) tables[what].insert(names.begin(), names.end());

  for (const auto &[what, fields] : shapeFields) {
    if (readAsData.count(what)) {
      EXPECT_FALSE(tables.count(what)) << "'" << what << "' is read as data but also has a table";
      continue;
    }
    auto table = tables.find(what);
    if (table == tables.end()) {
      ADD_FAILURE() << "no field table reads the shape '" << what << "': add one (the dialect's reader) or list it as read as data";
      continue;
    }
    for (const std::string &f : fields)
      EXPECT_TRUE(table->second.count(f)) << "field '" << f << "' of '" << what << "' is not in its field table";
    for (const std::string &f : table->second)
      EXPECT_TRUE(fields.count(f)) << "the field table of '" << what << "' binds '" << f << "', which its shape lacks";
  }
  for (const auto &[what, names] : tables)
    EXPECT_TRUE(shapeFields.count(what)) << "the field table '" << what << "' matches no shape";
}

TEST(FieldTablesTest, EveryShapeFieldIsBoundByItsTable) {
  compareTables(promptPackShape(), fieldTablesByShape(), kReadAsData);
}

TEST(FieldTablesTest, EveryToolCompositionShapeFieldIsBoundByItsTable) {
  // A step's and a rollback's `parameters` are the tool's arguments, lowered as data; `metadata`
  // is informational and open.
  compareTables(toolcomp::toolCompositionShape(), toolcomp::fieldTablesByShape(), {"parameters", "metadata"});
}

TEST(FieldTablesTest, EveryAwlShapeFieldIsBoundByItsTable) {
  // A tool's parameters are a JSON Schema and an input's its schema, both passed on as written.
  compareTables(awl::awlShape(), awl::fieldTablesByShape(), {});
}

TEST(FieldTablesTest, EveryRegistryShapeFieldIsBoundByItsTable) {
  // A transition's ui props and an option's context_variables are passed on as data; an
  // entrypoint's meta is the reference runtime's web shell's.
  compareTables(registry::registryShape(), registry::fieldTablesByShape(), {});
}

}  // namespace
}  // namespace wfc::promptpack
