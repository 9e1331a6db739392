// Sampling triggers (docs/evals.md "Sampling"): the draw is a hash of the eval, the place and the
// output — the same output at the same place always draws the same way (so a replayed run
// evaluates what the recorded one did), and distinct outputs spread over the share.
#include "core/evals/Sampling.h"
#include "core/evals/Threshold.h"

#include <gtest/gtest.h>

namespace wfc::evals {
namespace {

EvalDecl sampled(double percentage) {
  EvalDecl eval;
  eval.id = "quality";
  eval.samplePercentage = percentage;
  return eval;
}

TEST(EvalSamplingTest, NoneAndAllAreExact) {
  for (int i = 0; i < 200; ++i) {
    std::string output = "output " + std::to_string(i);
    EXPECT_FALSE(drawn(sampled(0), "step", std::nullopt, output));
    EXPECT_TRUE(drawn(sampled(100), "step", std::nullopt, output));
  }
}

TEST(EvalSamplingTest, TheSameOutputAtTheSamePlaceDrawsTheSameWay) {
  EvalDecl eval = sampled(50);
  for (int i = 0; i < 100; ++i) {
    std::string output = "reply " + std::to_string(i);
    bool first = drawn(eval, "summarize", 3, output);
    EXPECT_EQ(drawn(eval, "summarize", 3, output), first) << output;
  }
}

TEST(EvalSamplingTest, DistinctOutputsSpreadOverTheShare) {
  for (double share : {5.0, 25.0, 50.0}) {
    EvalDecl eval = sampled(share);
    int runs = 0;
    const int n = 4000;
    for (int i = 0; i < n; ++i) runs += drawn(eval, "summarize", std::nullopt, "reply " + std::to_string(i));
    double observed = 100.0 * runs / n;
    EXPECT_NEAR(observed, share, 2.5) << "sample_percentage " << share;
  }
}

TEST(EvalSamplingTest, ThePlaceAndTheEvalTakePartInTheDraw) {
  // Over many outputs, two steps (or two evals) do not draw identically.
  EvalDecl a = sampled(50), b = sampled(50);
  b.id = "other";
  int stepDiffers = 0, evalDiffers = 0;
  for (int i = 0; i < 200; ++i) {
    std::string output = "reply " + std::to_string(i);
    stepDiffers += drawn(a, "one", std::nullopt, output) != drawn(a, "two", std::nullopt, output);
    evalDiffers += drawn(a, "one", std::nullopt, output) != drawn(b, "one", std::nullopt, output);
  }
  EXPECT_GT(stepDiffers, 50);
  EXPECT_GT(evalDiffers, 50);
}

TEST(EvalThresholdTest, EachOperatorComparesTheScoreWithTheValue) {
  EXPECT_TRUE(meets(Compare::GreaterOrEqual, 4, 4));
  EXPECT_FALSE(meets(Compare::Greater, 4, 4));
  EXPECT_TRUE(meets(Compare::LessOrEqual, 4, 4));
  EXPECT_FALSE(meets(Compare::Less, 4, 4));
  EXPECT_TRUE(meets(Compare::Equal, 0, 0));
  EXPECT_TRUE(meets(Compare::NotEqual, 1, 0));
  EXPECT_TRUE(meets(Compare::None, 0, 5)) << "no threshold: the type's own rule decides";
  EXPECT_EQ(describe(Compare::GreaterOrEqual, 3.5), ">= 3.5");
  EXPECT_EQ(describe(Compare::None, 1), "");
}

}  // namespace
}  // namespace wfc::evals
