// PromptKit's cosine_similarity eval type as wfc runs it (docs/evals.md "cosine_similarity"): the
// output embedded by the run's provider and compared with a reference vector, or with a reference
// text embedded in the same request; PromptKit's score (the similarity) and messages; passing at
// min_similarity. The provider here is a function standing in for the embeddings exchange.
#include "NamedEvalFixture.h"
#include "core/evals/NamedEval.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

namespace wfc::evals {
namespace {

using Json = nlohmann::ordered_json;

struct Fixture : NamedEvalFixture {
  // What the eval asked: the model and texts of each request.
  std::vector<std::pair<std::string, std::vector<std::string>>> asked;
  std::map<std::string, std::vector<double>> vectors = {
      {"a compiler", {1, 0, 0}}, {"a compiler too", {0.8, 0.6, 0}}, {"bananas", {0, 0, 1}}, {"opposite", {-1, 0, 0}}};

  Fixture() {
    embed = [this](const std::string &model, const std::vector<std::string> &texts) {
      asked.emplace_back(model, texts);
      std::vector<std::vector<double>> out;
      for (const std::string &t : texts) out.push_back(vectors.at(t));
      return out;
    };
  }
  Verdict run(const std::string &reply, Json p) { return evaluate("cosine_similarity", std::move(p), reply); }
};

TEST(CosineSimilarityEvalTest, AReferenceTextIsEmbeddedWithTheOutput) {
  Fixture f;
  Verdict v = f.run("a compiler too", {{"reference", "a compiler"}, {"min_similarity", 0.75}});
  EXPECT_TRUE(v.passed);
  EXPECT_DOUBLE_EQ(v.score, 0.8);
  EXPECT_EQ(f.rationale, "cosine similarity 0.8000 vs threshold 0.7500");
  ASSERT_EQ(f.asked.size(), 1u) << "one request for both texts";
  EXPECT_EQ(f.asked[0].first, "text-embedding-3-small") << "the default model";
  EXPECT_EQ(f.asked[0].second, (std::vector<std::string>{"a compiler too", "a compiler"}));

  v = f.run("bananas", {{"reference", "a compiler"}, {"min_similarity", 0.5}, {"model", "text-embedding-3-large"}});
  EXPECT_FALSE(v.passed);
  EXPECT_DOUBLE_EQ(v.score, 0);
  EXPECT_EQ(v.message, "cosine similarity 0.0000 vs threshold 0.5000");
  EXPECT_EQ(f.asked[1].first, "text-embedding-3-large");
  v = f.run("opposite", {{"reference", "a compiler"}, {"min_similarity", -0.5}});
  EXPECT_FALSE(v.passed);
  EXPECT_DOUBLE_EQ(v.score, -1) << "the similarity as it is, as PromptKit scores it";
}

TEST(CosineSimilarityEvalTest, AReferenceVectorIsComparedAsGiven) {
  Fixture f;
  Verdict v = f.run("a compiler too", {{"reference", {0.8, 0.6, 0}}, {"min_similarity", 0.99}});
  EXPECT_TRUE(v.passed);
  EXPECT_NEAR(v.score, 1.0, 1e-12);
  EXPECT_EQ(f.asked[0].second, (std::vector<std::string>{"a compiler too"})) << "only the output is embedded";
  v = f.run("a compiler", {{"reference", {1, 0}}, {"min_similarity", 0.5}});
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.message, "dimension mismatch: reference=2, target=3");
  v = f.run("a compiler", {{"reference", {0, 0, 0}}, {"min_similarity", 0}});
  EXPECT_TRUE(v.passed) << "a zero vector's similarity is 0, as PromptKit computes it";
  EXPECT_DOUBLE_EQ(v.score, 0);
}

// The PromptPack spec's form names reference embeddings a host supplies: skipped, nothing sent.
TEST(CosineSimilarityEvalTest, HostSuppliedReferenceEmbeddingsAreSkipped) {
  Fixture f;
  Verdict v = f.run("a compiler", {{"reference_embeddings", "brand_voice_v2"}, {"min_similarity", 0.85}});
  EXPECT_TRUE(v.skipped);
  EXPECT_EQ(v.message, "reference embeddings \"brand_voice_v2\" are a PromptKit host's, and wfc has none: give "
                       "params.reference (a text or an embedding) to run this eval");
  EXPECT_TRUE(f.asked.empty());
}

TEST(CosineSimilarityEvalTest, AnEmptyOutputIsNotSent) {
  Fixture f;
  Verdict v = f.run("", {{"reference", "a compiler"}, {"min_similarity", 0.5}});
  EXPECT_FALSE(v.passed);
  EXPECT_EQ(v.message, "the output is empty: there is nothing to embed");
  EXPECT_TRUE(f.asked.empty());
}

}  // namespace
}  // namespace wfc::evals
