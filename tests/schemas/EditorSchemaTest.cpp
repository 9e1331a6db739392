// Every example pack validates against the editor schema, and a few broken packs do not —
// so the schema is neither too strict for real packs nor so loose it flags nothing.
#include "frontend/DocumentLoader.h"

#include <gtest/gtest.h>
#include <llvm/Support/raw_ostream.h>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;

class EditorSchemaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ifstream in(fs::path(WFC_SOURCE_DIR) / "schemas" / "promptpack.wfc.schema.json");
    ASSERT_TRUE(in) << "schemas/promptpack.wfc.schema.json is missing";
    schemaJson_ = nlohmann::json::parse(in);
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
    valijson::adapters::NlohmannJsonAdapter adapter(schemaJson_);
    parser.populateSchema(adapter, schema_);
  }

  // Loads a pack the way wfc does (YAML core schema, aliases, merges) and validates it.
  std::string validate(const std::string &path) {
    llvm::SourceMgr sm;
    std::string diagText;
    llvm::raw_string_ostream diagStream(diagText);
    wfc::DiagnosticEngine diags(sm, diagStream);
    wfc::SourceFiles files(sm);
    wfc::DocumentLoader loader(files, diags);
    const wfc::Document *doc = loader.load(path);
    if (!doc) return "cannot load: " + diagStream.str();
    nlohmann::json pack = nlohmann::json::parse(wfc::toJson(*doc->root()).dump());
    valijson::Validator validator;
    valijson::ValidationResults results;
    valijson::adapters::NlohmannJsonAdapter target(pack);
    if (validator.validate(schema_, target, &results)) return "";
    std::string out;
    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
      std::string where;
      for (const std::string &c : error.context) where += c;
      out += where + ": " + error.description + "\n";
    }
    return out;
  }

  nlohmann::json schemaJson_;
  valijson::Schema schema_;
};

TEST_F(EditorSchemaTest, EveryExampleValidates) {
  int packs = 0;
  for (const auto &entry : fs::directory_iterator(fs::path(WFC_SOURCE_DIR) / "examples")) {
    fs::path pack = entry.path() / "pack.yaml";
    if (!fs::exists(pack)) continue;
    ++packs;
    EXPECT_EQ(validate(pack.string()), "") << pack;
  }
  EXPECT_GE(packs, 5);
}

TEST_F(EditorSchemaTest, RejectsWhatWfcCheckRejects) {
  fs::path dir = fs::temp_directory_path() / "wfc-editor-schema-test";
  fs::create_directories(dir);
  const std::string header =
      "id: t\nname: T\nversion: 1.0.0\ntemplate_engine: {version: v1, syntax: x}\n";
  const std::pair<const char *, const char *> cases[] = {
      {"unknown-field", "compositions:\n  m: {version: 1, stpes: [], steps: [{id: a, kind: tool, tool: t}]}\n"},
      {"bad-kind", "compositions:\n  m: {version: 1, steps: [{id: a, kind: promt, prompt_task: p}]}\n"},
      {"kind-field", "compositions:\n  m: {version: 1, steps: [{id: a, kind: tool, prompt_task: p}]}\n"},
      {"bad-op", "compositions:\n  m: {version: 1, steps: [{id: a, kind: branch, then: b, "
                 "predicate: {path: x, op: equal, value: 1}}]}\n"},
      {"bad-id", "compositions:\n  m: {version: 1, steps: [{id: 2a, kind: tool, tool: t}]}\n"},
      {"no-termination", "compositions:\n  m: {version: 1, steps: [{id: a, kind: agent, prompt_task: p, termination: {}}]}\n"},
      {"unsupported", "prompts:\n  p: {id: p, name: P, version: 1.0.0, system_template: x, variables: "
                      "[{name: v, type: string, required: true, binding: {kind: session}}]}\n"},
  };
  for (const auto &[name, body] : cases) {
    fs::path file = dir / (std::string(name) + ".yaml");
    std::ofstream(file) << header << body;
    EXPECT_NE(validate(file.string()), "") << name << " should not validate";
  }
  fs::remove_all(dir);
}

}  // namespace
