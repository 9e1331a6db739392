// The optimizer's dependence analysis (passes/DependenceGraph) and the static plan codegen emits
// (ir/ExecutionPlan), on small packs taken through the front end.
#include "PackUnderTest.h"

#include "ir/ExecutionPlan.h"
#include "passes/DependenceGraph.h"

#include <gtest/gtest.h>

namespace wfc {
namespace {

using passes::DependenceGraph;
using passes::DependenceKind;
using test::PackUnderTest;

const std::string kHeader = R"(id: plan
name: plan
version: 1.0.0
template_engine: {version: v1, syntax: "{{variable}}"}
tools:
  get: {name: get, description: Reads., extensions: {wfc: {effects: read}}}
  put: {name: put, description: Writes.}
  pure: {name: pure, description: Pure., extensions: {wfc: {effects: none}}}
)";

std::string ids(const std::vector<const ir::Step *> &steps) {
  std::string out;
  for (const ir::Step *s : steps) out += (out.empty() ? "" : " ") + s->id;
  return out;
}

// "a:data b:effect": each predecessor with its reason.
std::string reasons(const DependenceGraph &g, const ir::Step &s) {
  std::string out;
  for (const auto &[p, kind] : g.predecessors(&s)) out += (out.empty() ? "" : " ") + p->id + ":" + passes::spell(kind);
  return out;
}

TEST(DependenceGraphTest, EachEdgeHasItsReason) {
  PackUnderTest pack(kHeader + R"(compositions:
  main:
    version: 1
    steps:
      - {id: r, kind: tool, tool: get, args: {}}
      - {id: w, kind: tool, tool: put, args: {}}
      - {id: uses, kind: tool, tool: pure, args: {x: "${r.output}"}}
      - {id: late, kind: tool, tool: pure, args: {}, depends_on: [uses]}
      - {id: pick, kind: branch, predicate: {path: "${r.output.ok}", op: equals, value: true}, then: target}
      - {id: target, kind: tool, tool: pure, args: {}}
      - {id: reread, kind: tool, tool: get, args: {}}
)");
  ASSERT_TRUE(pack.ok()) << pack.diagnostics();
  DependenceGraph g(pack.composition("main").steps, false);
  EXPECT_EQ(ids(g.steps()), "r w uses late pick target reread");
  EXPECT_EQ(reasons(g, pack.step("main", "r")), "");
  EXPECT_EQ(reasons(g, pack.step("main", "w")), "r:effect");                // a write after everything before it
  EXPECT_EQ(reasons(g, pack.step("main", "uses")), "r:data");               // a pure step: only what it uses
  EXPECT_EQ(reasons(g, pack.step("main", "late")), "uses:depends_on");      // never relaxed
  EXPECT_EQ(reasons(g, pack.step("main", "target")), "pick:control");       // a branch target waits for its branch
  EXPECT_EQ(reasons(g, pack.step("main", "reread")), "w:effect");           // a read after the last write
}

TEST(DependenceGraphTest, EssentialPredecessorsAreTheTransitiveReduction) {
  PackUnderTest pack(kHeader + R"(compositions:
  main:
    version: 1
    steps:
      - {id: a, kind: tool, tool: pure, args: {}}
      - {id: b, kind: tool, tool: pure, args: {x: "${a.output}"}}
      - {id: c, kind: tool, tool: pure, args: {x: "${a.output}", y: "${b.output}"}}
)");
  ASSERT_TRUE(pack.ok()) << pack.diagnostics();
  DependenceGraph g(pack.composition("main").steps, false);
  EXPECT_EQ(reasons(g, pack.step("main", "c")), "a:data b:data");
  // a → b → c makes the edge a → c redundant.
  EXPECT_EQ(ids(g.essentialPredecessors(&pack.step("main", "c"))), "b");
  std::vector<std::vector<const ir::Step *>> levels = g.levels();
  ASSERT_EQ(levels.size(), 3u);
  EXPECT_EQ(ids(levels[0]), "a");
  EXPECT_EQ(ids(levels[2]), "c");
}

TEST(DependenceGraphTest, AToolCallBudgetKeepsToolCallersInOrder) {
  std::string steps = R"(compositions:
  main:
    version: 1
    steps:
      - {id: x, kind: tool, tool: pure, args: {}}
      - {id: y, kind: tool, tool: pure, args: {}}
)";
  PackUnderTest pack(kHeader + steps);
  ASSERT_TRUE(pack.ok()) << pack.diagnostics();
  EXPECT_EQ(reasons(DependenceGraph(pack.composition("main").steps, false), pack.step("main", "y")), "");
  EXPECT_EQ(reasons(DependenceGraph(pack.composition("main").steps, true), pack.step("main", "y")), "x:budget");
}

TEST(DependenceGraphTest, ABlockStandsForEverythingInsideIt) {
  PackUnderTest pack(kHeader + R"(compositions:
  main:
    version: 1
    steps:
      - {id: a, kind: tool, tool: pure, args: {}}
      - id: both
        kind: parallel
        reduce: {strategy: barrier, into: r}
        branches:
          - {id: left, kind: tool, tool: pure, args: {x: "${a.output}"}}
          - {id: right, kind: tool, tool: pure, args: {}}
      - {id: after, kind: tool, tool: pure, args: {x: "${left.output}"}}
)");
  // `after` reads a branch of `both` (allowed once the block is done): the edge is from the block.
  ASSERT_TRUE(pack.ok()) << pack.diagnostics();
  DependenceGraph g(pack.composition("main").steps, false);
  EXPECT_EQ(ids(g.steps()), "a both after");
  EXPECT_EQ(reasons(g, pack.step("main", "both")), "a:data");
  EXPECT_EQ(reasons(g, pack.step("main", "after")), "both:data");
}

TEST(ExecutionPlanTest, UnscheduledEachStepWaitsForThePreviousOne) {
  PackUnderTest pack(kHeader + R"(compositions:
  main:
    version: 1
    steps:
      - {id: a, kind: tool, tool: pure, args: {}}
      - {id: b, kind: tool, tool: pure, args: {}}
      - id: both
        kind: parallel
        reduce: {strategy: append, into: r}
        branches:
          - {id: left, kind: tool, tool: pure, args: {}}
          - {id: right, kind: tool, tool: pure, args: {}}
)");
  ASSERT_TRUE(pack.ok()) << pack.diagnostics();
  ir::ExecutionPlan plan(pack.composition("main"));
  EXPECT_EQ(ids(plan.of(pack.step("main", "a")).waitsFor), "");
  EXPECT_EQ(ids(plan.of(pack.step("main", "b")).waitsFor), "a");
  EXPECT_EQ(ids(plan.of(pack.step("main", "both")).waitsFor), "b");
  EXPECT_EQ(plan.of(pack.step("main", "both")).order, 2u);
  // A parallel's branches start with it: no predecessors, its order.
  EXPECT_EQ(ids(plan.of(pack.step("main", "left")).waitsFor), "");
  EXPECT_EQ(plan.of(pack.step("main", "right")).order, 2u);
}

TEST(ExecutionPlanTest, ScheduledStepsWaitForWhatTheAnalysisKept) {
  PackUnderTest pack(kHeader + R"(compositions:
  main:
    version: 1
    steps:
      - {id: a, kind: tool, tool: get, args: {}}
      - {id: b, kind: tool, tool: get, args: {}}
      - {id: c, kind: tool, tool: pure, args: {x: "${a.output}", y: "${b.output}"}}
      - id: again
        kind: wfc.loop
        max_iterations: 2
        until: {path: "${loop.iteration}", op: greater_than_or_equals, value: 1}
        steps:
          - {id: i1, kind: tool, tool: pure, args: {}}
          - {id: i2, kind: tool, tool: pure, args: {}}
)",
                     /*optLevel=*/1);
  ASSERT_TRUE(pack.ok()) << pack.diagnostics();
  ASSERT_TRUE(pack.composition("main").scheduled);
  ir::ExecutionPlan plan(pack.composition("main"));
  EXPECT_EQ(ids(plan.of(pack.step("main", "b")).waitsFor), "");
  EXPECT_EQ(ids(plan.of(pack.step("main", "c")).waitsFor), "a b");
  EXPECT_EQ(plan.of(pack.step("main", "c")).order, 2u);
  // A loop's steps are a list of their own, planned like the top level.
  EXPECT_EQ(ids(plan.of(pack.step("main", "i2")).waitsFor), "");
  EXPECT_EQ(plan.of(pack.step("main", "i2")).order, 1u);
}

}  // namespace
}  // namespace wfc
