// The codegen Printer: $var$ substitution, dedented templates, RAII indentation, and hard
// failure on undefined or unused variables.
#include "codegen/Printer.h"

#include "codegen/CppNames.h"

#include <gtest/gtest.h>

namespace wfc::codegen {
namespace {

TEST(PrinterTest, SubstitutesAndDedents) {
  std::string out;
  Printer p(out);
  p.emit({{"id", "classify"}, {"kind", "prompt"}}, R"cc(
      // step $id$ — $kind$
      wfc::Value step_$id$(Ctx &ctx) {
        return ctx.input();
      }
  )cc");
  EXPECT_FALSE(p.failed());
  EXPECT_EQ(out,
            "// step classify — prompt\n"
            "wfc::Value step_classify(Ctx &ctx) {\n"
            "  return ctx.input();\n"
            "}\n");
}

TEST(PrinterTest, IndentScopes) {
  std::string out;
  Printer p(out);
  p.emit("namespace {\n");
  {
    auto indent = p.indent();
    p.emit("int a;\n\n");
    {
      auto more = p.indent();
      p.emit("int b;\n");
    }
    p.emit("int c;\n");
  }
  p.emit("}\n");
  EXPECT_EQ(out, "namespace {\n  int a;\n\n    int b;\n  int c;\n}\n");
}

TEST(PrinterTest, DollarDollarIsADollar) {
  std::string out;
  Printer p(out);
  p.emit("cost: $$5\n");
  EXPECT_EQ(out, "cost: $5\n");
  EXPECT_FALSE(p.failed());
}

TEST(PrinterTest, UndefinedVariableFails) {
  std::string out;
  Printer p(out);
  p.emit({{"a", "1"}}, "$a$ $b$\n");
  ASSERT_TRUE(p.failed());
  EXPECT_EQ(p.errors()[0], "template uses undefined variable $b$");
}

TEST(PrinterTest, UnusedVariableFails) {
  std::string out;
  Printer p(out);
  p.emit({{"a", "1"}, {"spare", "2"}}, "$a$\n");
  ASSERT_EQ(p.errors().size(), 1u);
  EXPECT_EQ(p.errors()[0], "variable $spare$ is given but the template never uses it");
}

TEST(PrinterTest, UnterminatedVariableFails) {
  std::string out;
  Printer p(out);
  p.emit("price $5\n");
  EXPECT_TRUE(p.failed());
}

TEST(PrinterTest, MultiLineValuesKeepTheLineIndentation) {
  std::string out;
  Printer p(out);
  auto indent = p.indent();
  p.emit({{"body", "a();\nb();"}}, R"cc(
    if (x) {
      $body$
    }
  )cc");
  EXPECT_EQ(out, "  if (x) {\n    a();\n    b();\n  }\n");
}

TEST(PrinterTest, NoTrailingSpaces) {
  std::string out;
  Printer p(out);
  auto indent = p.indent();
  p.emit({{"v", ""}}, "x = 1;   \n$v$\n");
  EXPECT_EQ(out, "  x = 1;\n\n");
}

TEST(PrinterTest, TextWithoutNewlineContinuesTheLine) {
  std::string out;
  Printer p(out);
  auto indent = p.indent();
  p.emit("f(");
  p.emit("x");
  p.emit(");\n");
  EXPECT_EQ(out, "  f(x);\n");
}

TEST(PrinterTest, RawStringsAreWrittenVerbatim) {
  // Inside a raw string literal, lines are the string's: no indentation is added and trailing
  // spaces stay, wherever the literal is substituted.
  std::string out;
  Printer p(out);
  auto indent = p.indent();
  p.emit({{"text", rawString("first  \n  second \n", "txt")}}, "x = {\n  .text = $text$,\n};\n");
  EXPECT_EQ(out, "  x = {\n    .text = R\"txt(first  \n  second \n)txt\",\n  };\n");
  EXPECT_FALSE(p.failed());
}

TEST(PrinterTest, EnumsAlignTheirComments) {
  std::string out;
  Printer p(out);
  emitEnum(p, "The tools.", "tool", {{"kv_get", "kv.get"}, {"calc_score", "calc.score"}});
  EXPECT_EQ(out,
            "// The tools.\n"
            "namespace tool {\n"
            "enum Id : int {\n"
            "  kv_get,      // kv.get\n"
            "  calc_score,  // calc.score\n"
            "};\n"
            "}  // namespace tool\n");
}

TEST(PrinterTest, TablesPutShortRowsOnOneLineAndOthersOneFieldPerLine) {
  std::string out;
  Printer p(out);
  emitInitializerTable(p, "wfc::VariableDecl", "kVariables",
                       {{{"name", "\"customer\"", ""}, {"required", "true", ""}},
                        {{"name", "\"a\"", ""}, {"defaultValue", "\"1\"", "a comment forces the long form"}}});
  EXPECT_EQ(out,
            "const wfc::VariableDecl kVariables[] = {\n"
            "    {.name = \"customer\", .required = true},\n"
            "    {\n"
            "        .name = \"a\",\n"
            "        .defaultValue = \"1\",  // a comment forces the long form\n"
            "    },\n"
            "};\n");
}

TEST(PrinterTest, InitializersAlignTheCommentsOfConsecutiveFields) {
  std::string out;
  Printer p(out);
  emitInitializer(p, "wfc::ProgramDecl", "kProgram",
                  {{"name", "\"x\"", ""}, {"maxWallTimeMs", "120000", "budget"}, {"maxToolCalls", "10", "calls"}});
  EXPECT_EQ(out,
            "const wfc::ProgramDecl kProgram = {\n"
            "    .name = \"x\",\n"
            "    .maxWallTimeMs = 120000,  // budget\n"
            "    .maxToolCalls = 10,       // calls\n"
            "};\n");
}

}  // namespace
}  // namespace wfc::codegen
