// What a named eval handler (core/evals/NamedEval.h) is given, for tests that run one by name as
// a program does: no tool calls, verdicts or conversation unless the test adds them, and a judge,
// an embeddings call and a tool runner that fail the test if a handler asks them unexpectedly (a
// test that expects one replaces it).
#pragma once

#include "core/evals/NamedEval.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace wfc::evals {

struct NamedEvalFixture {
  nlohmann::ordered_json params;
  std::vector<ToolCallRecord> calls;
  std::vector<GuardrailVerdict> verdicts;
  std::vector<TranscriptMessage> transcript;
  Value variables = Value::object({});
  JudgeCall judge = [](const JudgeAsk &) -> JudgeAnswer { throw std::logic_error("no judge here"); };
  EmbedCall embed = [](const std::string &, const std::vector<std::string> &) -> std::vector<std::vector<double>> {
    throw std::logic_error("no embeddings here");
  };
  ToolRunner runTool = [](const std::string &, const Value &, long) -> Value { throw std::logic_error("no tools here"); };
  CancellationToken cancel;
  std::string rationale;
  EvalDecl eval;

  // Runs type `type` with `p` on a step whose output is the text `reply`; `rationale` starts empty.
  Verdict evaluate(const char *type, nlohmann::ordered_json p, const std::string &reply = "") {
    params = std::move(p);
    eval.typeName = type;
    rationale.clear();
    Value output = Value::string(reply);
    NamedEvalHandler handler = findNamedEval(type);
    EXPECT_NE(handler, nullptr) << type;
    return handler({eval, params, output, reply, calls, verdicts, nullptr, transcript, variables, judge, embed, runTool,
                    nullptr, cancel, rationale});
  }
};

}  // namespace wfc::evals
