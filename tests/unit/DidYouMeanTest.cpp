#include "support/DidYouMean.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace wfc {
namespace {

using Names = std::vector<std::string>;

TEST(DidYouMeanTest, SuggestsTransposition) {
  EXPECT_EQ(closestMatch("stpes", Names{"id", "kind", "steps", "output"}),
            std::optional<std::string>("steps"));
  EXPECT_EQ(closestMatch("chekc", Names{"check"}), std::optional<std::string>("check"));
}

TEST(DidYouMeanTest, SuggestsMissingAndExtraLetters) {
  EXPECT_EQ(closestMatch("prompt_tsk", Names{"prompt_task", "tools"}),
            std::optional<std::string>("prompt_task"));
  EXPECT_EQ(closestMatch("stepss", Names{"id", "steps"}), std::optional<std::string>("steps"));
}

TEST(DidYouMeanTest, IsCaseInsensitiveAndReturnsTheCandidateSpelling) {
  EXPECT_EQ(closestMatch("STEPS", Names{"steps"}), std::optional<std::string>("steps"));
  EXPECT_EQ(closestMatch("Stpes", Names{"steps"}), std::optional<std::string>("steps"));
}

TEST(DidYouMeanTest, NoSuggestionForUnrelatedWords) {
  EXPECT_EQ(closestMatch("frob", Names{"check"}), std::nullopt);
  EXPECT_EQ(closestMatch("banana", Names{"id", "kind", "steps"}), std::nullopt);
  EXPECT_EQ(closestMatch("stpes", Names{}), std::nullopt);
}

TEST(DidYouMeanTest, NoSuggestionForOneLetterWords) {
  EXPECT_EQ(closestMatch("a", Names{"b", "ab"}), std::nullopt);
  EXPECT_EQ(closestMatch("", Names{"a"}), std::nullopt);
}

TEST(DidYouMeanTest, DistanceLimitIsLengthPlusTwoOverThree) {
  // 6 letters: at most (6 + 2) / 3 = 2 edits.
  EXPECT_EQ(closestMatch("abcdef", Names{"abcdxy"}), std::optional<std::string>("abcdxy"));
  EXPECT_EQ(closestMatch("abcdef", Names{"abcxyz"}), std::nullopt);
  // 3 letters: at most 1 edit.
  EXPECT_EQ(closestMatch("abc", Names{"abd"}), std::optional<std::string>("abd"));
  EXPECT_EQ(closestMatch("abc", Names{"axy"}), std::nullopt);
}

TEST(DidYouMeanTest, ClosestWinsThenFirst) {
  EXPECT_EQ(closestMatch("toolz", Names{"tolls", "tools"}), std::optional<std::string>("tools"));
  EXPECT_EQ(closestMatch("ab", Names{"ax", "ay"}), std::optional<std::string>("ax"));
  EXPECT_EQ(closestMatch("ab", Names{"ay", "ax"}), std::optional<std::string>("ay"));
}

TEST(DidYouMeanTest, ExactMatchIsNotSuggested) {
  EXPECT_EQ(closestMatch("steps", Names{"steps"}), std::nullopt);
}

TEST(DidYouMeanTest, Suffix) {
  EXPECT_EQ(didYouMeanSuffix("stpes", Names{"steps"}), "; did you mean 'steps'?");
  EXPECT_EQ(didYouMeanSuffix("frob", Names{"check"}), "");
}

TEST(DidYouMeanTest, QuotedList) {
  EXPECT_EQ(quotedList(Names{}), "");
  EXPECT_EQ(quotedList(Names{"a"}), "'a'");
  EXPECT_EQ(quotedList(Names{"a", "b"}), "'a' or 'b'");
  EXPECT_EQ(quotedList(Names{"append", "replace", "barrier"}), "'append', 'replace' or 'barrier'");
  EXPECT_EQ(quotedList(Names{"a", "b", "c", "d"}, "and"), "'a', 'b', 'c' and 'd'");
  EXPECT_EQ(quotedList(Names{"check"}, "and"), "'check'");
}

}  // namespace
}  // namespace wfc
