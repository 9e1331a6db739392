// Pack names → C++ identifiers and literals (docs/language/promptpack.md "Codegen maps ids to C++ identifiers
// safely"): every output must be a valid, unreserved, unique identifier or an exact literal.
#include "codegen/CppNames.h"

#include <gtest/gtest.h>

namespace wfc::codegen {
namespace {

TEST(CppNamesTest, PlainIdsAreKept) {
  NameTable t;
  EXPECT_EQ(t.add("fetch_doc"), "fetch_doc");
  EXPECT_EQ(t.add("Classify2"), "Classify2");
}

TEST(CppNamesTest, KeywordsAndOurOwnNamesGetATrailingUnderscore) {
  NameTable t;
  EXPECT_EQ(t.add("class"), "class_");
  EXPECT_EQ(t.add("delete"), "delete_");
  EXPECT_EQ(t.add("main"), "main_");
  EXPECT_EQ(t.add("step"), "step_");
  EXPECT_EQ(t.add("ctx"), "ctx_");
}

TEST(CppNamesTest, ReservedSpellingsAreAvoided) {
  NameTable t;
  EXPECT_EQ(t.add("_tmp"), "n_tmp");         // a leading underscore is reserved in places
  EXPECT_EQ(t.add("a__b"), "a_b");           // '__' anywhere is reserved
  EXPECT_EQ(t.add("doc.parse-x"), "doc_parse_x");  // tool names with dots and dashes
  EXPECT_EQ(t.add("9lives"), "n_9lives");
  EXPECT_EQ(t.add(""), "n");
}

TEST(CppNamesTest, ClashesGetNumberedSuffixes) {
  NameTable t;
  EXPECT_EQ(t.add("doc.parse"), "doc_parse");
  EXPECT_EQ(t.add("doc_parse"), "doc_parse_2");
  EXPECT_EQ(t.add("doc-parse"), "doc_parse_3");
  EXPECT_EQ(t.add("main"), "main_");
  EXPECT_EQ(t.add("main_"), "main_2");  // never main__2: '__' is reserved
  EXPECT_EQ(t.add("x-"), "x_");
  EXPECT_EQ(t.add("x_"), "x_2");
  NameTable other;  // tables are independent: one per scope
  EXPECT_EQ(other.add("doc_parse"), "doc_parse");
}

TEST(CppNamesTest, NamesTheScopeAlreadyUsesGetThePrefix) {
  NameTable t([](llvm::StringRef id) { return id == "Value" || id.startswith("state_"); }, "c_");
  EXPECT_EQ(t.add("Value"), "c_Value");
  EXPECT_EQ(t.add("state.x"), "c_state_x");  // checked after the id is made valid
  EXPECT_EQ(t.add("values"), "values");
  EXPECT_EQ(t.add("c_Value"), "c_Value_2");  // and still unique in the table
}

TEST(CppNamesTest, CommentTextStaysOnItsLine) {
  EXPECT_EQ(commentText("plain 'name' — ok"), "plain 'name' — ok");
  EXPECT_EQ(commentText("two\nlines\ttab\r"), "two\\nlines\\ttab\\r");
  EXPECT_EQ(commentText(std::string("esc\x1b", 4)), "esc\\x1b");
  EXPECT_EQ(commentText("a\\b"), "a\\b");  // a backslash inside is harmless
  EXPECT_EQ(commentText("end\\"), "end\\ (a final backslash)");  // a final one would splice lines
}

TEST(CppNamesTest, KeywordCheckForNativeFunctionNames) {
  EXPECT_TRUE(isCppKeyword("delete"));
  EXPECT_TRUE(isCppKeyword("and_eq"));
  EXPECT_FALSE(isCppKeyword("step"));  // ours, not C++'s: fine at global scope
  EXPECT_FALSE(isCppKeyword("count_words"));
}

TEST(CppNamesTest, StringLiteralsEscapeEverythingThatNeedsIt) {
  EXPECT_EQ(cppString("plain"), "\"plain\"");
  EXPECT_EQ(cppString("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(cppString("line\nnext\ttab\r"), "\"line\\nnext\\ttab\\r\"");
  // Control bytes as three-digit octal, so a following digit cannot extend the escape.
  EXPECT_EQ(cppString(std::string("\x01" "7", 2)), "\"\\0017\"");
  EXPECT_EQ(cppString(std::string("a\0b", 3)), "\"a\\000b\"");
  EXPECT_EQ(cppString("caf\xc3\xa9"), "\"caf\xc3\xa9\"");  // UTF-8 passes through
}

// The literal alone, without the marks that tell the Printer to write it verbatim.
std::string literalOf(const std::string &raw) {
  EXPECT_EQ(raw.front(), kRawBegin);
  EXPECT_EQ(raw.back(), kRawEnd);
  return raw.substr(1, raw.size() - 2);
}

TEST(CppNamesTest, RawStringsPickADelimiterTheTextLacks) {
  EXPECT_EQ(literalOf(rawString("{\"a\":1}")), "R\"json({\"a\":1})json\"");
  EXPECT_EQ(literalOf(rawString("x)json\"y")), "R\"json2(x)json\"y)json2\"");
  EXPECT_EQ(literalOf(rawString("x)json\" )json2\"")), "R\"json3(x)json\" )json2\")json3\"");
  EXPECT_EQ(literalOf(rawString("a\nb", "txt")), "R\"txt(a\nb)txt\"");
}

}  // namespace
}  // namespace wfc::codegen
