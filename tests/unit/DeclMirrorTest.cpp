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

}  // namespace
}  // namespace wfc::codegen
