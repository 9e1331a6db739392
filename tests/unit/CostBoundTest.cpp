// The static cost bound (docs/cost.md "The static bound"): `wfc check --cost`, `wfc build
// --emit=cost` and `--max-cost` — the rules on small packs (retries, loops, foreach items, agent
// rounds, workflow visits, subflow calls), the symbolic and infinite cases with their messages,
// and the gate. That the bound is never below what a run uses is tests/e2e/CostE2ETest.cpp's.
#include "Process.h"
#include "TestUtil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;
using test::ProcessResult;
using test::TempDir;

ProcessResult wfc(const std::vector<std::string> &args) {
  ProcessResult r = test::runProcess(WFC_BINARY, args, 20.0);
  EXPECT_TRUE(r.started) << r.err;
  EXPECT_FALSE(r.timedOut) << "wfc hung: " << r.describe();
  return r;
}

// A pack of one composition `main` whose steps are `steps` (YAML), with prompts p (max_tokens
// 100, system "Answer briefly." = 15 bytes) and open (no max_tokens: PromptKit's 4,096), tool t.
std::string pack(const std::string &steps) {
  return "id: cost\nname: Cost\nversion: 1.0.0\n"
         "template_engine: {version: v1, syntax: \"{{variable}}\"}\n"
         "prompts:\n"
         "  p: {id: p, name: P, version: 1.0.0, system_template: \"Answer briefly.\", parameters: {max_tokens: 100}}\n"
         "  open: {id: open, name: Open, version: 1.0.0, system_template: \"Go on.\"}\n"
         "  agent: {id: agent, name: Agent, version: 1.0.0, system_template: \"Use t.\", tools: [t],\n"
         "          tool_policy: {max_rounds: 3, max_tool_calls_per_turn: 2}, parameters: {max_tokens: 50}}\n"
         "tools:\n"
         "  t: {name: t, description: Looks up., parameters: {type: object, properties: {}}}\n"
         "compositions:\n"
         "  main:\n"
         "    version: 1\n"
         "    input_schema: input.json\n"
         "    steps:\n" + steps;
}

// The input schema, beside the pack as input.json.
const char *kInputSchema = R"({"type": "object", "properties": {"q": {"type": "string", "maxLength": 10},
  "doc": {"type": "string"}, "docs": {"type": "array", "items": {"type": "string", "maxLength": 5}}}})";

// Writes the pack (and its input schema) into `dir`; returns the pack's path.
std::string writePack(TempDir &dir, const std::string &name, const std::string &yaml) {
  dir.write("input.json", kInputSchema);
  return dir.write(name, yaml);
}

Json emitCost(TempDir &dir, const std::string &yaml, std::vector<std::string> extra = {}) {
  std::string file = writePack(dir, "pack.yaml", yaml);
  std::vector<std::string> args = {"build", file, "--emit=cost", "--allow-unbound"};
  args.insert(args.end(), extra.begin(), extra.end());
  ProcessResult r = wfc(args);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  return r.exitCode == 0 ? Json::parse(r.out) : Json();
}

TEST(CostBoundTest, APromptStepIsItsBytesAndOverheadsAndItsMaxTokens) {
  TempDir dir;
  Json cost = emitCost(dir, pack("      - {id: a, kind: prompt, prompt_task: p, input: \"${input.q}\"}\n"));
  ASSERT_EQ(cost["steps"].size(), 1u);
  // 16 (request) + 16 + 15 (system) + 16 + 4 × 10 (a maxLength-10 string: 4 bytes a character).
  EXPECT_EQ(cost["steps"][0]["input_tokens"], 16 + 16 + 15 + 16 + 40);
  EXPECT_EQ(cost["steps"][0]["output_tokens"], 100);
  EXPECT_EQ(cost["steps"][0]["calls"], 1);
  EXPECT_EQ(cost["total"]["calls"], 1);
  EXPECT_TRUE(cost["unbounded"].empty());
}

// A wfc.foreach over input.docs (no maxItems; items of maxLength 5) whose step runs prompt p on
// each item, with `extra` after its input (", modifiers: {…}").
std::string foreachPack(const std::string &extra = "") {
  return pack("      - id: each\n"
              "        kind: wfc.foreach\n"
              "        items: \"${input.docs}\"\n"
              "        reduce: {strategy: append, into: out}\n"
              "        step: {id: a, kind: prompt, prompt_task: p, input: \"${item}\"" + extra + "}\n");
}

TEST(CostBoundTest, RetriesLoopsAndForeachItemsMultiply) {
  TempDir dir;
  Json cost = emitCost(dir, foreachPack(", modifiers: {retry: {max_attempts: 3}}"));
  ASSERT_EQ(cost["steps"].size(), 1u) << cost;
  // No maxItems: the count is symbolic, times the three attempts.
  EXPECT_EQ(cost["steps"][0]["calls"], "3 × items(input.docs)") << cost;
  EXPECT_EQ(cost["steps"][0]["output_tokens"], "300 × items(input.docs)") << cost;
}

TEST(CostBoundTest, AForeachItemIsBoundByItsItemsSchema) {
  TempDir dir;
  Json cost = emitCost(dir, foreachPack());
  // Each item is a maxLength-5 string: 4 × 5 bytes, not a symbol of its own.
  EXPECT_EQ(cost["steps"][0]["input_tokens"], "83 × items(input.docs)") << cost;
}

TEST(CostBoundTest, AVariableRendersItsDefaultWhenTheInputCannotHaveTheKey) {
  TempDir dir;
  std::string yaml = pack("      - {id: a, kind: prompt, prompt_task: v, input: \"${input.q}\"}\n"
                          "      - {id: b, kind: prompt, prompt_task: v, input: \"${input}\"}\n");
  yaml.replace(yaml.find("tools:\n"), 0,
               "  v: {id: v, name: V, version: 1.0.0, system_template: \"Tone: {{tone}}\", parameters: {max_tokens: 10},\n"
               "      variables: [{name: tone, type: string, required: false, default: \"formal\"}]}\n");
  Json cost = emitCost(dir, yaml);
  ASSERT_EQ(cost["steps"].size(), 2u) << cost;
  // a: a string input has no key 'tone', so the default renders: 6 + 6 bytes of system text.
  EXPECT_EQ(cost["steps"][0]["input_tokens"], 16 + 16 + 12 + 16 + 40) << cost;
  // b: an object input may have 'tone' (no schema bounds it) or not (the default): both count,
  // 16 + 16 + 12 + 16 and the input itself.
  EXPECT_EQ(cost["steps"][1]["input_tokens"], "60 + len(input) + len(input.tone)") << cost;
}

TEST(CostBoundTest, AnAgentsRoundsSendEverythingBeforeThemAgain) {
  TempDir dir;
  Json cost = emitCost(dir, pack("      - {id: a, kind: agent, prompt_task: agent, input: \"${input.q}\", termination: {max_steps: 3}}\n"));
  ASSERT_EQ(cost["steps"].size(), 1u);
  EXPECT_EQ(cost["steps"][0]["calls"], 3);  // termination.max_steps
  EXPECT_EQ(cost["steps"][0]["output_tokens"], 150);
  // The tool's results are the input's to bound: symbolic, two calls seen by two later rounds.
  EXPECT_NE(cost["steps"][0]["input_tokens"].get<std::string>().find("4 × result(t)"), std::string::npos) << cost;
}

TEST(CostBoundTest, AnUnboundedBoundNamesTheDeclarationThatMakesItSo) {
  // A PromptPack prompt always has a token limit (PromptKit's 4,096 when it sets none); a workflow
  // state that may be visited without end does not.
  TempDir dir;
  std::string file = dir.write("pack.yaml",
                               "id: cost\nname: Cost\nversion: 1.0.0\n"
                               "template_engine: {version: v1, syntax: \"{{variable}}\"}\n"
                               "prompts:\n"
                               "  p: {id: p, name: P, version: 1.0.0, system_template: \"Answer briefly.\", parameters: {max_tokens: 100}}\n"
                               "  open: {id: open, name: Open, version: 1.0.0, system_template: \"Go on.\"}\n"
                               "workflow:\n"
                               "  version: 1\n"
                               "  entry: ask\n"
                               "  states:\n"
                               "    ask: {prompt_task: open, on_event: {again: ask, done: end}}\n"
                               "    end: {prompt_task: p, terminal: true, max_visits: 1}\n");
  ProcessResult r = wfc({"check", "--cost", file});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("state 'ask' (" + file + ":12:5): ∞ calls, ∞ input tokens, ∞ output tokens"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("state 'end' (" + file + ":13:5): 5 calls,"), std::string::npos) << r.out;  // max_rounds 5
  EXPECT_NE(r.out.find("unbounded: state 'ask' sets no max_visits and the workflow no engine.budget.max_total_visits (" +
                       file + ":12:5)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("no cost: no model is known for the default provider (give --cost-model NAME)"), std::string::npos)
      << r.out;
  // And --max-cost refuses it, on check and on build.
  for (const char *command : {"check", "build"}) {
    ProcessResult gated = wfc({command, file, "--max-cost", "5", "--allow-unbound", "-o", (dir / "out").string()});
    if (std::string(command) == "check") gated = wfc({"check", file, "--max-cost", "5"});
    EXPECT_EQ(gated.exitCode, 1) << command << ": " << gated.err;
    EXPECT_NE(gated.err.find("--max-cost $5.00: the cost bound is infinite: state 'ask' sets no max_visits"),
              std::string::npos)
        << gated.err;
  }
}

TEST(CostBoundTest, MaxCostPassesABoundItCanProveAndFailsOneItCannot) {
  TempDir dir;
  std::string prices = dir.write("prices.yaml", "prices:\n  m: {input: 1000000, output: 1000000}\n");  // $1 a token
  std::string file = writePack(dir, "pack.yaml", pack("      - {id: a, kind: prompt, prompt_task: p, input: \"${input.q}\"}\n"));
  // 103 input + 100 output tokens: $203 at most.
  EXPECT_EQ(wfc({"check", file, "--cost-model", "m", "--prices", prices, "--max-cost", "203"}).exitCode, 0);
  ProcessResult over = wfc({"check", file, "--cost-model", "m", "--prices", prices, "--max-cost", "202.5"});
  EXPECT_EQ(over.exitCode, 1);
  EXPECT_NE(over.err.find("--max-cost $202.50: one run may cost up to $203.00"), std::string::npos) << over.err;
  // Unpriced: the gate cannot pass it.
  ProcessResult unpriced = wfc({"check", file, "--cost-model", "other", "--prices", prices, "--max-cost", "1000"});
  EXPECT_EQ(unpriced.exitCode, 1);
  EXPECT_NE(unpriced.err.find("model 'other' has no price"), std::string::npos) << unpriced.err;
  // Symbolic: an input without maxLength decides.
  std::string open = writePack(dir, "open.yaml", pack("      - {id: a, kind: prompt, prompt_task: p, input: \"${input.doc}\"}\n"));
  ProcessResult symbolic = wfc({"check", open, "--cost-model", "m", "--prices", prices, "--max-cost", "1000"});
  EXPECT_EQ(symbolic.exitCode, 1);
  EXPECT_NE(symbolic.err.find("the cost bound depends on the input ($163.00 + $1.00 × len(input.doc))"), std::string::npos)
      << symbolic.err;
  // Bad values are usage errors.
  EXPECT_EQ(wfc({"check", file, "--max-cost", "five"}).exitCode, 2);
}

}  // namespace
}  // namespace wfc
