// parseJsonTakingStrings (support/JsonTakingStrings.h) against nlohmann's own parse: the same
// values, keys in the same order, the same exceptions with the same messages — it only copies
// less (what --serve parses request bodies with, docs/limits.md).
#include "support/JsonTakingStrings.h"

#include <gtest/gtest.h>

#include <string>
#include <typeinfo>
#include <vector>

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;

TEST(JsonTakingStringsTest, ParsesWhatOrderedJsonParsesTheSame) {
  for (const std::string &text : std::vector<std::string>{
           R"({"b": 1, "a": [true, false, null, -3, 18446744073709551615, 2.5, "x"], "c": {"d": {}, "e": []}})",
        R"("a string with \"escapes\", \u00e9 and \ud83d\ude00")", R"([[[["deep"]]], {"k": [{"l": "m"}]}])",
        R"({"dup": 1, "other": 2, "dup": "last wins"})", "42", "  \t\n{}\n", R"({"":""})",
        R"({"long": ")" + std::string(100000, 'x') + R"("})"}) {
    Json expected = Json::parse(text), got = parseJsonTakingStrings(text);
    EXPECT_EQ(got, expected) << text.substr(0, 80);
    EXPECT_EQ(got.dump(), expected.dump()) << "key order: " << text.substr(0, 80);
  }
}

TEST(JsonTakingStringsTest, ThrowsWhatOrderedJsonThrows) {
  for (const std::string text : {"", "{", R"({"a": })", "[1, 2", "nul", R"({"a": 1e309})", "[1] x", "\"\x01\""}) {
    std::string expectedType, expectedWhat;
    try {
      ADD_FAILURE() << "nlohmann parsed " << text << " as " << Json::parse(text).dump();
    } catch (const Json::exception &e) {
      expectedType = typeid(e).name();
      expectedWhat = e.what();
    }
    try {
      ADD_FAILURE() << "parsed " << text << " as " << parseJsonTakingStrings(text).dump();
    } catch (const Json::exception &e) {
      EXPECT_EQ(typeid(e).name(), expectedType) << text;
      EXPECT_EQ(e.what(), expectedWhat) << text;
    }
  }
}

}  // namespace
}  // namespace wfc
