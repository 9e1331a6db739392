// The syntax of ${…} references and {{…}} templates (frontend/promptpack/ReferenceSyntax, TemplateSyntax).
#include "frontend/promptpack/ReferenceSyntax.h"
#include "frontend/promptpack/TemplateSyntax.h"

#include <gtest/gtest.h>

namespace wfc::promptpack {
namespace {

StringSyntax ok(llvm::StringRef text) {
  auto r = parseStringSyntax(text);
  EXPECT_TRUE(std::holds_alternative<StringSyntax>(r)) << text.str();
  return std::holds_alternative<StringSyntax>(r) ? std::get<StringSyntax>(r) : StringSyntax{};
}

std::string error(llvm::StringRef text) {
  auto r = parseStringSyntax(text);
  return std::holds_alternative<SyntaxError>(r) ? std::get<SyntaxError>(r).message : "";
}

TEST(ReferenceSyntaxTest, WholeReference) {
  StringSyntax s = ok("${classify.output.items[2].name}");
  ASSERT_TRUE(s.wholeReference());
  const RawReference &r = std::get<RawReference>(s.pieces[0]);
  EXPECT_EQ(r.root, "classify");
  ASSERT_EQ(r.path.size(), 4u);
  EXPECT_EQ(r.path[0].key, "output");
  EXPECT_EQ(r.path[1].key, "items");
  EXPECT_EQ(r.path[2].index, 2u);
  EXPECT_EQ(r.path[3].key, "name");
}

TEST(ReferenceSyntaxTest, Interpolation) {
  StringSyntax s = ok("id-${a.output.x}/${input.y}!");
  ASSERT_EQ(s.pieces.size(), 5u);
  EXPECT_EQ(std::get<std::string>(s.pieces[0]), "id-");
  EXPECT_EQ(std::get<RawReference>(s.pieces[1]).text, "a.output.x");
  EXPECT_EQ(std::get<RawReference>(s.pieces[1]).offset, 3u);
  EXPECT_EQ(std::get<std::string>(s.pieces[2]), "/");
  EXPECT_EQ(std::get<std::string>(s.pieces[4]), "!");
  EXPECT_FALSE(s.wholeReference());
  EXPECT_TRUE(s.hasReferences());
}

TEST(ReferenceSyntaxTest, EscapedDollarIsLiteral) {
  StringSyntax s = ok("cost: $${price} and $$5");
  ASSERT_EQ(s.pieces.size(), 1u);
  EXPECT_EQ(std::get<std::string>(s.pieces[0]), "cost: ${price} and $$5");
  EXPECT_FALSE(s.hasReferences());
}

TEST(ReferenceSyntaxTest, PlainStringHasNoPieces) {
  EXPECT_TRUE(ok("").pieces.empty());
  EXPECT_EQ(std::get<std::string>(ok("just text").pieces[0]), "just text");
}

TEST(ReferenceSyntaxTest, Errors) {
  EXPECT_NE(error("${a.b > 3}").find("is not a reference"), std::string::npos);
  EXPECT_NE(error("${ a.b }").find("is not a reference"), std::string::npos);
  EXPECT_NE(error("${f(x)}").find("is not a reference"), std::string::npos);
  EXPECT_NE(error("${a..b}").find("is not a reference"), std::string::npos);
  EXPECT_NE(error("${a[x]}").find("is not a reference"), std::string::npos);
  EXPECT_NE(error("${a[1}").find("is not a reference"), std::string::npos);
  EXPECT_NE(error("${1abc}").find("is not a reference"), std::string::npos);
  EXPECT_NE(error("${}").find("empty reference"), std::string::npos);
  EXPECT_NE(error("x ${a.b").find("unterminated reference"), std::string::npos);
}

TEST(ReferenceSyntaxTest, KeysMayHoldDashes) {
  StringSyntax s = ok("${input.first-name}");
  EXPECT_EQ(std::get<RawReference>(s.pieces[0]).path[0].key, "first-name");
}

TEST(TemplateSyntaxTest, SplitsTextAndLookups) {
  TemplateSyntax t = parseTemplate("Hi {{ user.name }}, see {{fragments.tone}}{{items[0]}}.");
  EXPECT_TRUE(t.errors.empty());
  ASSERT_EQ(t.pieces.size(), 6u);
  EXPECT_EQ(std::get<std::string>(t.pieces[0]), "Hi ");
  const TemplateLookup &user = std::get<TemplateLookup>(t.pieces[1]);
  EXPECT_EQ(user.root, "user");
  EXPECT_EQ(user.path[0].key, "name");
  EXPECT_EQ(user.written, "{{ user.name }}");
  EXPECT_EQ(std::get<TemplateLookup>(t.pieces[3]).root, "fragments");
  EXPECT_EQ(std::get<TemplateLookup>(t.pieces[4]).path[0].index, 0u);
  EXPECT_EQ(std::get<std::string>(t.pieces[5]), ".");
}

TEST(TemplateSyntaxTest, EveryErrorIsReportedAndSkipped) {
  TemplateSyntax t = parseTemplate("{{ a | upper }} then {{ok}} then {{}} then {{open");
  ASSERT_EQ(t.errors.size(), 3u);
  EXPECT_NE(t.errors[0].message.find("'{{ a | upper }}' is not a template variable"), std::string::npos);
  EXPECT_EQ(t.errors[1].needle, "{{}}");
  EXPECT_NE(t.errors[2].message.find("unterminated template variable"), std::string::npos);
  int lookups = 0;
  for (const auto &p : t.pieces) lookups += std::holds_alternative<TemplateLookup>(p);
  EXPECT_EQ(lookups, 1);
}

}  // namespace
}  // namespace wfc::promptpack
