// The typed mirrors of the runtime's tables (codegen/DeclMirror.h): what they write. What they
// must list — every field of the table type, by its name, in declaration order — is checked when
// wfc compiles (the static_asserts of WFC_DECL_MIRROR), not here.
#include "codegen/DeclMirrors.h"

#include <gtest/gtest.h>

namespace wfc::codegen {
namespace {

TEST(DeclMirrorTest, WritesTheFieldsGivenInDeclarationOrderWhateverOrderTheyWereSetIn) {
  StepDeclFields step;
  step.capture = "\"total\"";
  step.run = "run_sum";
  step.id = "\"sum\"";
  step.kind = {"wfc::StepKind::Action", "a comment rides along"};
  std::string out;
  Printer p(out);
  emitInitializer(p, "kStep", step);
  EXPECT_EQ(out,
            "const wfc::StepDecl kStep = {\n"
            "    .id = \"sum\",\n"
            "    .kind = wfc::StepKind::Action,  // a comment rides along\n"
            "    .run = run_sum,\n"
            "    .capture = \"total\",\n"
            "};\n");
}

TEST(DeclMirrorTest, TablesAreOfTheMirroredType) {
  VariableDeclFields customer, tone;
  customer.name = "\"customer\"";
  customer.required = "true";
  tone.defaultValue = "\"\\\"formal\\\"\"";
  tone.name = "\"tone\"";
  std::string out;
  Printer p(out);
  emitInitializerTable(p, "kVariables", std::vector<VariableDeclFields>{customer, tone});
  EXPECT_EQ(out,
            "const wfc::VariableDecl kVariables[] = {\n"
            "    {.name = \"customer\", .required = true},\n"
            "    {.name = \"tone\", .defaultValue = \"\\\"formal\\\"\"},\n"
            "};\n");
}

TEST(DeclMirrorTest, InlineInitializersWriteTheFieldsGivenOnOneLine) {
  ArtifactDeclFields artifact;
  artifact.append = "true";
  artifact.name = "\"notes\"";
  EXPECT_EQ(inlineInitializer(artifact), "{.name = \"notes\", .append = true}");
  EXPECT_EQ(inlineInitializer(ArtifactDeclFields{}), "{}");
}

}  // namespace
}  // namespace wfc::codegen
