// Versions (docs/journal.md "Versions"): the rule a journaled run resumes under another version of
// its program by, tested as mutations. A pack with every kind of progress a run makes (a tool
// step, a foreach of prompts, a prompt, a parallel block, an agent, a last tool step) is edited in
// each of the ways a release edits packs — a prompt's text, a step's arguments, its retry policy,
// a reordered parallel block, a step added before or after, a step removed, a tool's binding —
// and each edit is tried against a run stopped at every frontier, completed and in flight. The
// run must be refused exactly when the edit touched a step it reached: never resumed over a
// changed step, never refused for a change it has not reached.
#include "PackUnderTest.h"

#include "codegen/JournalIdentity.h"
#include "common/StepVersions.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace wfc {
namespace {

const char *const kBase = R"(id: versions
name: Versions
version: 1.0.0
template_engine: {version: v1, syntax: "{{variable}}"}
prompts:
  sum: {id: sum, name: Sum, version: 1.0.0, system_template: "Summarize."}
  draft: {id: draft, name: Draft, version: 1.0.0, system_template: "Draft."}
  agent: {id: agent, name: Agent, version: 1.0.0, system_template: "Use t.", tools: [t]}
tools:
  t: {name: t, description: Looks up., parameters: {type: object, properties: {}, additionalProperties: true}}
  u: {name: u, description: Stores., parameters: {type: object, properties: {}, additionalProperties: true}}
compositions:
  main:
    version: 1
    steps:
      - id: fetch
        kind: tool
        tool: u
        args: {q: "${input.q}"}
      - id: each
        kind: wfc.foreach
        items: "${input.docs}"
        reduce: {strategy: append, into: all}
        step: {id: summarize, kind: prompt, prompt_task: sum, input: "${item}"}
      - id: draft
        kind: prompt
        prompt_task: draft
        input: "${fetch.output}"
      - id: probes
        kind: parallel
        branches:
          - {id: p1, kind: tool, tool: u, args: {branch: 1}}
          - {id: p2, kind: tool, tool: u, args: {branch: 2}}
        reduce: {strategy: barrier, into: all}
      - id: ask
        kind: agent
        prompt_task: agent
        input: "${draft.output}"
        tools: [t]
        termination: {max_steps: 3}
      - id: store
        kind: tool
        tool: u
        args: {d: "${draft.output}", a: "${ask.output}"}
)";

std::string replaced(const std::string &text, const std::string &from, const std::string &to) {
  size_t at = text.find(from);
  if (at == std::string::npos) throw std::runtime_error("no '" + from + "' in the pack");
  return text.substr(0, at) + to + text.substr(at + from.size());
}

// The step table of `yaml` at -O1: its composition main's, or its workflow's.
versions::StepTable tableOf(const std::string &yaml) {
  test::PackUnderTest pack(yaml, 1);
  if (!pack.ok()) throw std::runtime_error(pack.diagnostics());
  const ir::Module &module = pack.module();
  std::string text = module.workflow ? codegen::stepTable(nullptr, &*module.workflow, [](llvm::SMLoc) { return 0u; })
                                     : codegen::stepTable(&pack.composition("main"), nullptr, [](llvm::SMLoc) { return 0u; });
  return versions::parseStepTable(text, "").value();
}

struct Mutation {
  std::string name;
  std::string yaml;                        // the edited pack
  versions::Bindings bindings;             // the new version's bindings
  std::set<std::string> touched;           // the patterns whose steps the edit changed
};

const versions::Bindings kBindings = {{"t", "t-binding"}, {"u", "u-binding"}};

std::vector<Mutation> mutations() {
  const std::string base = kBase;
  auto edit = [&](std::string name, std::string from, std::string to, std::set<std::string> touched) {
    return Mutation{std::move(name), replaced(base, from, to), kBindings, std::move(touched)};
  };
  std::vector<Mutation> out = {
      edit("sum's text", "\"Summarize.\"", "\"Summarize in a line.\"", {"each", "each[]__summarize"}),
      edit("each's items", "items: \"${input.docs}\"", "items: \"${input.others}\"", {"each"}),
      edit("draft's text", "\"Draft.\"", "\"Draft it.\"", {"draft"}),
      edit("the agent's text", "\"Use t.\"", "\"Use t twice.\"", {"ask"}),
      edit("fetch's args", "args: {q: \"${input.q}\"}", "args: {q: \"${input.q}\", n: 1}", {"fetch"}),
      edit("store's args", "args: {d: \"${draft.output}\", a: \"${ask.output}\"}",
           "args: {d: \"${draft.output}\", a: \"${ask.output}\", v: 2}", {"store"}),
      edit("probes reordered",
           "          - {id: p1, kind: tool, tool: u, args: {branch: 1}}\n"
           "          - {id: p2, kind: tool, tool: u, args: {branch: 2}}\n",
           "          - {id: p2, kind: tool, tool: u, args: {branch: 2}}\n"
           "          - {id: p1, kind: tool, tool: u, args: {branch: 1}}\n",
           {"probes"}),
      edit("p2's args", "args: {branch: 2}", "args: {branch: 22}", {"probes", "p2"}),
      edit("draft's retry", "        prompt_task: draft\n", "        prompt_task: draft\n        modifiers: {retry: {max_attempts: 3}}\n",
           {"draft"}),
      edit("a step added before draft", "      - id: draft\n",
           "      - id: extra\n        kind: tool\n        tool: u\n        args: {x: 1}\n      - id: draft\n", {}),
      edit("a step added at the end", "        args: {d: \"${draft.output}\", a: \"${ask.output}\"}\n",
           "        args: {d: \"${draft.output}\", a: \"${ask.output}\"}\n      - id: last\n        kind: tool\n"
           "        tool: u\n        args: {x: 1}\n",
           {}),
      edit("store removed",
           "      - id: store\n        kind: tool\n        tool: u\n        args: {d: \"${draft.output}\", a: \"${ask.output}\"}\n",
           "", {"store"}),
  };
  out.push_back({"t's binding", base, {{"t", "t-binding-2"}, {"u", "u-binding"}}, {"ask"}});
  out.push_back({"u's binding", base, {{"t", "t-binding"}, {"u", "u-binding-2"}},
                 {"fetch", "probes", "p1", "p2", "store"}});
  return out;
}

// What a run has recorded at each frontier, in the order it runs: paths as the journal keeps them
// (foreach items indexed), some steps in flight (an item of two, one branch of two, the agent's
// first exchange). A parallel block records nothing of its own: only its branches.
std::vector<std::vector<std::string>> frontiers() {
  std::vector<std::vector<std::string>> out = {{}};
  for (const std::vector<std::string> &more :
       std::vector<std::vector<std::string>>{{"fetch"},
                                             {"each[0]__summarize"},
                                             {"each[1]__summarize", "each"},
                                             {"draft"},
                                             {"p1"},
                                             {"p2"},
                                             {"ask"},
                                             {"store"}}) {
    std::vector<std::string> next = out.back();
    next.insert(next.end(), more.begin(), more.end());
    out.push_back(next);
  }
  return out;
}

TEST(StepVersionsTest, ARunIsRefusedExactlyWhenAnEditTouchedAStepItReached) {
  const versions::StepTable old = tableOf(kBase);
  unsigned refused = 0, resumed = 0;
  for (const Mutation &m : mutations()) {
    const versions::StepTable next = tableOf(m.yaml);
    for (const std::vector<std::string> &paths : frontiers()) {
      // Reached: what the run recorded, and the steps enclosing those (the test's own account).
      static const std::map<std::string, std::string> kEnclosing = {
          {"each[]__summarize", "each"}, {"p1", "probes"}, {"p2", "probes"}};
      std::set<std::string> reached;
      for (const std::string &p : paths) {
        std::string pattern = versions::pathPattern(p);
        reached.insert(pattern);
        if (auto it = kEnclosing.find(pattern); it != kEnclosing.end()) reached.insert(it->second);
      }
      bool touched = false;
      for (const std::string &t : m.touched) touched |= reached.count(t) > 0;
      std::vector<versions::Blocker> blockers = versions::blockers(old, kBindings, next, &m.bindings, paths);
      std::string at = "edit: " + m.name + "; recorded: " + std::to_string(paths.size()) + " paths";
      EXPECT_EQ(!blockers.empty(), touched) << at << "; blockers: " << versions::describe(blockers);
      for (const versions::Blocker &b : blockers)
        EXPECT_TRUE(m.touched.count(b.pattern) && reached.count(b.pattern))
            << at << ": blocked by an untouched or unreached step " << b.pattern;
      (blockers.empty() ? resumed : refused)++;
    }
  }
  // Both outcomes are exercised, many times each.
  EXPECT_GT(refused, 30u);
  EXPECT_GT(resumed, 30u);
}

// The same rule over a workflow's states: a composition state's steps, an external state's
// prompt, a visit recorded once the state ends.
const char *const kWorkflow = R"(id: flow
name: Flow
version: 1.0.0
template_engine: {version: v1, syntax: "{{variable}}"}
prompts:
  approver: {id: approver, name: Approver, version: 1.0.0, system_template: "Summarize for a human."}
tools:
  store: {name: store, description: Stores., parameters: {type: object, properties: {}, additionalProperties: true}}
  route: {name: route, description: Routes., parameters: {type: object, properties: {}, additionalProperties: true}}
workflow:
  version: 1
  entry: intake
  states:
    intake: {orchestration: composition, composition: intake, on_event: {review: review}}
    review: {orchestration: external, prompt_task: approver, on_event: {approve: publish, revise: intake}}
    publish: {orchestration: composition, composition: publish, terminal: true}
compositions:
  intake:
    version: 1
    output: route
    steps:
      - {id: record, kind: tool, tool: store, args: {stage: intake}}
      - {id: route, kind: tool, tool: route, args: {seen: "${record.output}"}}
  publish:
    version: 1
    steps:
      - {id: release, kind: tool, tool: store, args: {stage: publish}}
)";

TEST(StepVersionsTest, AWorkflowRunIsRefusedExactlyWhenAnEditTouchedAStateOrStepItReached) {
  const std::string base = kWorkflow;
  const versions::Bindings bindings = {{"store", "s"}, {"route", "r"}};
  auto edit = [&](std::string from, std::string to, std::set<std::string> touched) {
    return Mutation{from + " → " + to, replaced(base, from, to), bindings, std::move(touched)};
  };
  std::vector<Mutation> edits = {
      edit("Summarize for a human.", "Summarize it for a person.", {"review"}),
      edit("args: {stage: intake}", "args: {stage: intake, v: 2}", {"intake", "intake:record"}),
      edit("args: {stage: publish}", "args: {stage: publish, v: 2}", {"publish", "publish:release"}),
      edit("{approve: publish, revise: intake}", "{approve: publish, revise: intake, drop: publish}", {"review"}),
      // Where a state may go later is not what it did: max_visits, like a transition's target, is free.
      edit("{orchestration: external, prompt_task: approver,", "{orchestration: external, prompt_task: approver, max_visits: 3,",
           {}),
  };
  edits.push_back({"route's binding", base, {{"store", "s"}, {"route", "r2"}}, {"intake:route"}});
  edits.push_back({"store's binding", base, {{"store", "s2"}, {"route", "r"}}, {"intake:record", "publish:release"}});
  // Recorded as a run goes: intake's steps, its visit, review's prompt (the run suspends there),
  // publish's step. A composition state's steps are reached inside it.
  const std::vector<std::vector<std::string>> frontiers = {
      {},
      {"intake:record"},
      {"intake:record", "intake:route", "intake"},
      {"intake:record", "intake:route", "intake", "review"},
      {"intake:record", "intake:route", "intake", "review", "publish:release"}};
  const std::map<std::string, std::string> enclosing = {
      {"intake:record", "intake"}, {"intake:route", "intake"}, {"publish:release", "publish"}};
  const versions::StepTable old = tableOf(base);
  unsigned refused = 0, resumed = 0;
  for (const Mutation &m : edits) {
    const versions::StepTable next = tableOf(m.yaml);
    for (const std::vector<std::string> &paths : frontiers) {
      std::set<std::string> reached(paths.begin(), paths.end());
      for (const std::string &p : paths)
        if (auto it = enclosing.find(p); it != enclosing.end()) reached.insert(it->second);
      bool touched = false;
      for (const std::string &t : m.touched) touched |= reached.count(t) > 0;
      std::vector<versions::Blocker> blockers = versions::blockers(old, bindings, next, &m.bindings, paths);
      EXPECT_EQ(!blockers.empty(), touched) << "edit: " << m.name << "; recorded: " << paths.size()
                                            << " paths; blockers: " << versions::describe(blockers);
      (blockers.empty() ? resumed : refused)++;
    }
  }
  EXPECT_GT(refused, 10u);
  EXPECT_GT(resumed, 10u);
}

TEST(StepVersionsTest, TheSamePackAtBothLevelsHasTheSameStepsWithoutSubflows) {
  test::PackUnderTest o0(kBase, 0), o1(kBase, 1);
  ASSERT_TRUE(o0.ok() && o1.ok());
  auto location = [](llvm::SMLoc) { return 0u; };
  EXPECT_EQ(codegen::stepTable(&o0.composition("main"), nullptr, location),
            codegen::stepTable(&o1.composition("main"), nullptr, location));
}

TEST(StepVersionsTest, PathsLoseTheirIterationIndicesAndVisitCounts) {
  EXPECT_EQ(versions::pathPattern("each[3]__summarize"), "each[]__summarize");
  EXPECT_EQ(versions::pathPattern("outer[12]__inner[0]__x"), "outer[]__inner[]__x");
  EXPECT_EQ(versions::pathPattern("review@2"), "review");
  EXPECT_EQ(versions::pathPattern("intake@3:call__fetch"), "intake:call__fetch");
  EXPECT_EQ(versions::pathPattern("block__step"), "block__step");
  EXPECT_EQ(versions::pathPattern("a[x]"), "a[x]");
}

TEST(StepVersionsTest, ABlockerSaysWhatChangedAndWhere) {
  versions::StepTable old = {{"a", {"h1", {"t"}, {}, "p.yaml:3"}}, {"b", {"h2", {}, {}, "p.yaml:5"}}};
  versions::StepTable next = {{"a", {"h1", {"t"}, {}, "p.yaml:4"}}};
  versions::Bindings before = {{"t", "x"}}, after = {{"t", "y"}};
  std::vector<versions::Blocker> blockers = versions::blockers(old, before, next, &after, {"a", "b"});
  EXPECT_EQ(versions::describe(blockers),
            "'a' (p.yaml:4): the binding of tool 't' changed; 'b' (p.yaml:5): it is not in this program");
  // Without the new bindings (wfc compat without --bindings) only definitions are compared.
  EXPECT_EQ(versions::blockers(old, before, next, nullptr, {"a"}).size(), 0u);
  EXPECT_FALSE(versions::parseStepTable("[1, 2]", ""));
  EXPECT_FALSE(versions::parseStepTable("{\"a\": {\"tools\": []}}", ""));
  // A line is shown in the pack given, or as a line of the version that wrote the run.
  std::optional<versions::StepTable> t = versions::parseStepTable(R"({"a": {"hash": "h", "line": 7}})", "p.yaml");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->at("a").at, "p.yaml:7");
  EXPECT_EQ(versions::parseStepTable(R"({"a": {"hash": "h", "line": 7}})", "")->at("a").at, "line 7");
}

}  // namespace
}  // namespace wfc
