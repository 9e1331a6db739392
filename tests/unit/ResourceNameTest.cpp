// The names wfc deploy gives Kubernetes resources (compiler/deploy/ResourceName.h, docs/deploy.md
// "Names"): a pack's id made a DNS-1123 label, or why a given name is not one.
#include "deploy/ResourceName.h"

#include <gtest/gtest.h>

#include <string>

namespace wfc::deploy {
namespace {

TEST(ResourceNameTest, APacksIdMadeALabel) {
  EXPECT_EQ(resourceName("review-gate"), "review-gate");
  EXPECT_EQ(resourceName("Review Gate v2!"), "review-gate-v2");
  EXPECT_EQ(resourceName("__search_fold.store__"), "search-fold-store");
  EXPECT_EQ(resourceName("données-2024"), "donn-es-2024");
  EXPECT_EQ(resourceName("数据"), std::nullopt);
  EXPECT_EQ(resourceName("---"), std::nullopt);
  // Cut to kMaxResourceName, never ending in '-'.
  std::string longId = std::string(39, 'a') + "-b-c";
  EXPECT_EQ(resourceName(longId), std::string(39, 'a'));
  EXPECT_EQ(resourceName(std::string(100, 'x'))->size(), kMaxResourceName);
  for (const char *id : {"Review Gate v2!", "__x__", "a--b", "9lives"})
    EXPECT_EQ(dnsLabelProblem(*resourceName(id)), std::nullopt) << id;
}

TEST(ResourceNameTest, WhyANameIsNotALabel) {
  EXPECT_EQ(dnsLabelProblem("summarize-3"), std::nullopt);
  EXPECT_EQ(dnsLabelProblem(""), "it is empty");
  EXPECT_EQ(dnsLabelProblem("Summarize"), "it may hold only lowercase letters, digits and '-'");
  EXPECT_EQ(dnsLabelProblem("a_b"), "it may hold only lowercase letters, digits and '-'");
  EXPECT_EQ(dnsLabelProblem("-a"), "it must start and end with a letter or a digit");
  EXPECT_EQ(dnsLabelProblem("a-"), "it must start and end with a letter or a digit");
  EXPECT_EQ(dnsLabelProblem(std::string(41, 'a'), kMaxResourceName), "it is longer than 40 characters");
  EXPECT_EQ(dnsLabelProblem(std::string(63, 'a')), std::nullopt);
}

}  // namespace
}  // namespace wfc::deploy
