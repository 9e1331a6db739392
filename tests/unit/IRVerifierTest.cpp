// The IR verifier must reject IR that breaks an invariant (sema never produces such IR, so
// these modules are built by hand), and accept what sema produces.
#include "ir/IRVerifier.h"

#include <gtest/gtest.h>

namespace wfc::ir {
namespace {

std::unique_ptr<Step> toolStep(const std::string &id, const Tool *tool, unsigned index, Step *parent = nullptr) {
  auto s = std::make_unique<Step>();
  s->id = id;
  s->kind = StepKind::Tool;
  s->tool = tool;
  s->index = index;
  s->parent = parent;
  return s;
}

struct Fixture {
  Module module;
  Composition *comp = nullptr;
  Tool *tool = nullptr;

  Fixture() {
    auto t = std::make_unique<Tool>();
    t->name = t->providerName = "t";
    tool = t.get();
    module.tools.push_back(std::move(t));
    auto c = std::make_unique<Composition>();
    c->name = "main";
    comp = c.get();
    module.compositions.push_back(std::move(c));
    comp->steps.push_back(toolStep("a", tool, 0));
    comp->steps.push_back(toolStep("b", tool, 1));
    comp->steps[1]->after.push_back(comp->steps[0].get());
  }
  Step &step(size_t i) { return *comp->steps[i]; }
  std::string problems() {
    std::string out;
    for (const VerifierProblem &p : verifyModule(module)) out += p.message + "\n";
    return out;
  }
};

TEST(IRVerifierTest, WellFormedModulePasses) {
  Fixture f;
  EXPECT_EQ(f.problems(), "");
}

TEST(IRVerifierTest, DuplicateIds) {
  Fixture f;
  f.step(1).id = "a";
  EXPECT_NE(f.problems().find("step id 'a' is not unique"), std::string::npos) << f.problems();
}

TEST(IRVerifierTest, EdgeToAStepOfAnotherComposition) {
  Fixture f;
  Step stranger;
  stranger.id = "x";
  f.step(1).after.push_back(&stranger);
  EXPECT_NE(f.problems().find("predecessor 'x' is not a step of this composition"), std::string::npos) << f.problems();
}

TEST(IRVerifierTest, Cycle) {
  Fixture f;
  f.step(0).dataDeps.push_back(&f.step(1));
  EXPECT_NE(f.problems().find("the step graph has a cycle"), std::string::npos) << f.problems();
}

TEST(IRVerifierTest, WrongIndexAndParent) {
  Fixture f;
  f.step(1).index = 5;
  f.step(0).parent = &f.step(1);
  std::string p = f.problems();
  EXPECT_NE(p.find("step 'b' has index 5, not 1"), std::string::npos) << p;
  EXPECT_NE(p.find("step 'a' has the wrong parent"), std::string::npos) << p;
}

TEST(IRVerifierTest, ToolStepWithoutTool) {
  Fixture f;
  f.step(0).tool = nullptr;
  EXPECT_NE(f.problems().find("step 'a' has no tool"), std::string::npos);
}

TEST(IRVerifierTest, BranchTargetMustBeLaterAndGuarded) {
  Fixture f;
  Step &b = f.step(1);
  b.kind = StepKind::Branch;
  b.thenStep = &f.step(0);  // earlier, and not marked guarded
  std::string p = f.problems();
  EXPECT_NE(p.find("target 'a' is not a later step of the same list"), std::string::npos) << p;
  EXPECT_NE(p.find("target 'a' is not guarded by it"), std::string::npos) << p;
}

TEST(IRVerifierTest, ParallelNeedsTwoBranchesAndAReducer) {
  Fixture f;
  Step &p = f.step(1);
  p.kind = StepKind::Parallel;
  p.children.push_back(toolStep("c", f.tool, 0, &p));
  std::string out = f.problems();
  EXPECT_NE(out.find("step 'b' has fewer than two branches"), std::string::npos) << out;
  EXPECT_NE(out.find("step 'b' has no reducer"), std::string::npos) << out;
}

TEST(IRVerifierTest, BlockEffectCoversInnerSteps) {
  Fixture f;
  Step &p = f.step(1);
  p.kind = StepKind::Parallel;
  p.reduce = Reducer{};
  p.children.push_back(toolStep("c", f.tool, 0, &p));
  p.children.push_back(toolStep("d", f.tool, 1, &p));
  p.children[1]->effect = Effect::Write;
  EXPECT_NE(f.problems().find("weaker effect than its inner step 'd'"), std::string::npos) << f.problems();
}

TEST(IRVerifierTest, ReferenceMustBeResolved) {
  Fixture f;
  Value v;
  v.kind = Value::Kind::Reference;
  v.ref.root = RefRoot::StepOutput;
  v.ref.text = "a.output";
  v.ref.step = nullptr;
  f.step(1).args = v;
  EXPECT_NE(f.problems().find("reference ${a.output} is null"), std::string::npos) << f.problems();
}

TEST(IRVerifierTest, WorkflowEntryAndTargets) {
  Fixture f;
  Workflow w;
  w.entry = "nowhere";
  State s;
  s.name = "start";
  s.kind = State::Kind::Composition;
  s.composition = f.comp;
  s.onEvent.push_back({"go", "missing", {}, {}});
  w.states.push_back(s);
  f.module.workflow = w;
  std::string p = f.problems();
  EXPECT_NE(p.find("entry state 'nowhere' does not exist"), std::string::npos) << p;
  EXPECT_NE(p.find("event 'go' targets unknown state 'missing'"), std::string::npos) << p;
}

}  // namespace
}  // namespace wfc::ir
