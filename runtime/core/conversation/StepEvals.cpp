#include "core/conversation/StepEvals.h"

#include "common/Pattern.h"
#include "core/conversation/Embeddings.h"
#include "core/conversation/Judge.h"
#include "core/evals/NamedEval.h"
#include "core/evals/Sampling.h"
#include "core/evals/Threshold.h"
#include "core/evals/Verdict.h"
#include "core/run/EvalRecord.h"
#include "core/run/Run.h"
#include "support/Deadlines.h"
#include "wfc/error.h"

#include <fmt/format.h>
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>

namespace wfc::evals {
namespace {

using Clock = std::chrono::steady_clock;



// Why an eval's `when` does not hold for this attempt, or "" when it does (docs/evals.md "when").
std::string unmetPrecondition(const EvalDecl &eval, const std::vector<std::string> &called) {
  if (eval.whenToolCalled && std::find(called.begin(), called.end(), eval.whenToolCalled) == called.end())
    return std::string("'when.tool_called' does not hold: the step did not call '") + eval.whenToolCalled + "'";
  if (eval.whenToolCalledPattern) {
    const Pattern &pattern = compiledPattern(eval, eval.whenToolCalledPattern);
    bool any = false;
    for (const std::string &name : called) any = any || pattern.search(name);
    if (!any)
      return std::string("'when.tool_called_pattern' does not hold: the step called no tool matching /") +
             eval.whenToolCalledPattern + "/";
  }
  if (eval.whenAnyToolCalled && called.empty()) return "'when.any_tool_called' does not hold: the step called no tool";
  if (called.size() < eval.whenMinToolCalls)
    return "'when.min_tool_calls' does not hold: the step made " + std::to_string(called.size()) + " tool calls, " +
           "fewer than " + std::to_string(eval.whenMinToolCalls);
  return "";
}

// llm_judge: the prompt scores the output; without a threshold the score is only recorded.
Verdict judge(const EvaluatedAttempt &a, const EvalDecl &eval, const Value &output, std::string &rationale) {
  // Its own exchange key (docs/recording.md): "<step>/eval:<id>", the step's item and attempt.
  std::string path = a.path + "/eval:" + eval.id;
  llm::Usage tokens;  // counted in the run's tokens, not in the step's
  llm::StepAttempt attempt{a.run, a.step, path, a.attempt, a.cancel, a.span, a.item, tokens};
  attempt.streams = false;
  if (eval.criteria) {
    // PromptKit's judge: passing_score decides, else the judge's own "passed", else score >= 0.5.
    Value reply = llm::judgeCriteria(attempt, eval, outputText(output));
    Verdict v;
    v.score = reply.get("score")->asNumber();
    std::optional<Value> passed = reply.get("passed");
    v.passed = eval.hasPassingScore ? v.score >= eval.passingScore : passed ? passed->asBool() : v.score >= 0.5;
    rationale = reply.get("reasoning")->asString();
    if (!v.passed) {
      v.message = fmt::format("the judge scored {:g}", v.score) +
                  std::string(eval.hasPassingScore ? ", under the passing score " + number(eval.passingScore) : "") +
                  (rationale.empty() ? "" : ": " + rationale);
    }
    return v;
  }
  Value reply = llm::judge(attempt, eval.prompt, output, eval.rubric);
  Verdict v;
  v.score = reply.get("score")->asNumber();
  v.passed = true;
  rationale = reply.get("rationale")->asString();
  return v;
}

void writeTrace(const EvaluatedAttempt &a, const EvalRecord &r) {
  Trace *trace = a.run.trace();
  if (!trace) return;
  nlohmann::ordered_json line = {{"step", r.step}, {"eval", r.eval}, {"type", r.type}, {"span_id", trace->newSpanId()},
                                 {"parent_span_id", a.span}, {"attempt", r.attempt}};
  if (r.item) line["item"] = *r.item;
  line["status"] = r.status;
  if (r.score) line["score"] = *r.score;
  if (!r.threshold.empty()) line["threshold"] = r.threshold;
  line["gate"] = r.gate;
  if (!r.message.empty()) line["message"] = r.message;
  if (!r.rationale.empty()) line["rationale"] = r.rationale;
  line["duration_ms"] = r.durationMs;
  trace->write("eval", line);
}

}  // namespace

const char *spell(EvalType type) {
  switch (type) {
    case EvalType::Contains: return "contains";
    case EvalType::ContainsAny: return "contains_any";
    case EvalType::ContentExcludes: return "content_excludes";
    case EvalType::Regex: return "regex";
    case EvalType::JsonValid: return "json_valid";
    case EvalType::JsonSchema: return "json_schema";
    case EvalType::MinLength: return "min_length";
    case EvalType::MaxLength: return "max_length";
    case EvalType::SentenceCount: return "sentence_count";
    case EvalType::FieldPresence: return "field_presence";
    case EvalType::ToolsCalled: return "tools_called";
    case EvalType::ToolsNotCalled: return "tools_not_called";
    case EvalType::LatencyBudget: return "latency_budget";
    case EvalType::CostBudget: return "cost_budget";
    case EvalType::LlmJudge: return "llm_judge";
    case EvalType::Named: return "eval";
  }
  return "eval";
}

const char *spell(const EvalDecl &eval) {
  return eval.type == EvalType::Named && eval.typeName ? eval.typeName : spell(eval.type);
}

Verdict scoreEval(const EvaluatedAttempt &a, const EvalDecl &eval, const Value &output, const std::string &text,
                  std::string &rationale) {
  Verdict v;
  switch (eval.type) {
    case EvalType::Contains: v = checkContains(eval, text); break;
    case EvalType::ContainsAny: v = checkContainsAny(eval, text); break;
    case EvalType::ContentExcludes: v = checkContentExcludes(eval, text); break;
    case EvalType::Regex: v = checkRegex(eval, text); break;
    case EvalType::JsonValid: v = checkJsonValid(eval, text); break;
    case EvalType::JsonSchema: v = checkJsonSchema(a.run, eval, output); break;
    case EvalType::MinLength: v = checkMinLength(eval, text); break;
    case EvalType::MaxLength: v = checkMaxLength(eval, text); break;
    case EvalType::SentenceCount: v = checkSentenceCount(eval, text); break;
    case EvalType::FieldPresence: v = checkFieldPresence(eval, text); break;
    case EvalType::ToolsCalled: v = checkToolsCalled(eval, succeededCalls(a.calls)); break;
    case EvalType::ToolsNotCalled: v = checkToolsNotCalled(eval, succeededCalls(a.calls)); break;
    case EvalType::LatencyBudget: v = checkLatency(eval, a.durationMs); break;
    case EvalType::CostBudget: v = checkCostBudget(eval, a.spend ? *a.spend : cost::Spend{}); break;
    case EvalType::LlmJudge: v = judge(a, eval, output, rationale); break;
    case EvalType::Named: {
      NamedEvalHandler handler = findNamedEval(eval.typeName ? eval.typeName : "");
      if (!handler)
        throw Error(ErrorKind::StepFailed, std::string("no runtime defines eval type '") + spell(eval) + "'");
      static const std::vector<TranscriptMessage> kNoTranscript;
      static const Value kNoVariables = Value::object({});
      // The judged types ask the run's judge, keyed and traced as llm_judge's exchanges are.
      JudgeCall judgeCall = [&](const JudgeAsk &ask) {
        std::string path = a.path + "/eval:" + eval.id;
        llm::Usage tokens;  // counted in the run's tokens, not in the step's
        llm::StepAttempt attempt{a.run, a.step, path, a.attempt, a.cancel, a.span, a.item, tokens};
        attempt.streams = false;
        return llm::judgeContent(attempt, eval.id, ask);
      };
      // cosine_similarity asks the run's provider for embeddings, keyed and traced the same way.
      EmbedCall embedCall = [&](const std::string &model, const std::vector<std::string> &texts) {
        std::string path = a.path + "/eval:" + eval.id;
        llm::Usage tokens;
        llm::StepAttempt attempt{a.run, a.step, path, a.attempt, a.cancel, a.span, a.item, tokens};
        attempt.streams = false;
        return llm::embedTexts(attempt, eval.id, model, texts);
      };
      // tool_exec runs a tool of the pack as the run binds it, keyed under the eval.
      ToolRunner runTool = [&](const std::string &name, const Value &args, long timeoutMs) {
        const ProgramDecl &program = a.run.program();
        int tool = -1;
        for (size_t i = 0; i < program.tools.size() && tool < 0; ++i)
          if (name == program.tools[i].name) tool = int(i);
        if (tool < 0) throw Error(ErrorKind::StepFailed, "'" + name + "' is not a tool of the pack");
        if (!a.run.isBound(tool))
          throw Error(ErrorKind::StepFailed, "tool '" + name + "' is bound to nothing (give it a binding: --bindings)");
        CancellationToken token = a.cancel.child();
        uint64_t deadline = a.run.deadlines().schedule(Deadlines::Clock::now() + std::chrono::milliseconds(timeoutMs),
                                                       token, "tool_exec's timeout_seconds");
        try {
          Value result = a.run.callTool(tool, args, true, a.path, a.attempt, token, a.span, std::string("eval:") + eval.id);
          a.run.deadlines().cancel(deadline);
          return result;
        } catch (...) {
          a.run.deadlines().cancel(deadline);
          throw;
        }
      };
      try {
        v = handler({eval, namedEvalParams(eval), output, text, a.calls, a.verdicts, a.workflow,
                     a.transcript ? *a.transcript : kNoTranscript, a.variables ? *a.variables : kNoVariables,
                     judgeCall, embedCall, runTool, &a.run.compositionRecord(), a.cancel, rationale});
      } catch (const nlohmann::json::exception &e) {
        // What a scorer or a tool sent that the handler could not read: the eval could not run.
        throw Error(ErrorKind::StepFailed, std::string("eval type '") + spell(eval) + "' could not read what it got: " +
                                               e.what());
      }
      break;
    }
  }
  return v;
}

std::vector<std::string> succeededCalls(const std::vector<ToolCallRecord> &calls) {
  std::vector<std::string> names;
  for (const ToolCallRecord &c : calls)
    if (c.ok()) names.push_back(c.name);
  return names;
}

void runStepEvals(const EvaluatedAttempt &a, const Value &output) {
  const ProgramDecl &program = a.run.program();
  const std::vector<std::string> called = succeededCalls(a.calls);
  const std::string text = outputText(output);
  std::optional<std::string> gateFailure;
  for (int index : a.step.evals) {
    const EvalDecl &eval = program.evals[index];
    Clock::time_point start = Clock::now();
    EvalRecord r;
    r.step = a.path;
    r.eval = eval.id;
    r.type = spell(eval);
    r.attempt = a.attempt;
    r.item = a.item;
    r.gate = eval.gate;
    r.threshold = describe(eval.threshold, eval.thresholdValue);
    std::string unmet = unmetPrecondition(eval, called);
    if (eval.type == EvalType::Named && !findNamedEval(eval.typeName ? eval.typeName : "")) {
      // A PromptKit host's own type (docs/promptkit.md "Eval and validator types").
      r.status = "skipped";
      r.message = std::string("no runtime defines eval type '") + spell(eval) + "' (a PromptKit host may): not evaluated";
    } else if (!unmet.empty()) {
      r.status = "skipped";
      r.message = unmet;
    } else if (!drawn(eval, a.path, a.item, text)) {
      r.status = "skipped";
      r.message = fmt::format("not drawn by sampling (sample_percentage {:g})", eval.samplePercentage);
    } else {
      Verdict v;
      try {
        v = scoreEval(a, eval, output, text, r.rationale);
        if (v.skipped) {
          r.status = "skipped";
          r.message = v.message;
          r.durationMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
          writeTrace(a, r);
          a.run.recordEval(std::move(r));
          continue;
        }
        r.score = v.score;
        // A threshold decides instead of the type's own rule (latency_budget has none).
        if (eval.threshold != Compare::None && eval.type != EvalType::LatencyBudget) {
          v.passed = meets(eval.threshold, v.score, eval.thresholdValue);
          if (!v.passed) {
            v.message = fmt::format("score {:g} does not meet the threshold {}", v.score, r.threshold) +
                        (v.message.empty() ? "" : ": " + v.message);
          }
        }
        r.status = v.passed ? "passed" : "failed";
        r.message = v.message;
        // The pack's own words come first (PromptKit reports `message` on failure).
        if (!v.passed && eval.message) r.message = std::string(eval.message) + (v.message.empty() ? "" : " (" + v.message + ")");
      } catch (const Error &e) {
        if (e.kind() == ErrorKind::Cancelled || a.cancel.cancelled()) throw;
        r.status = "error";  // the judge could not answer: the eval did not pass
        r.message = e.what();
      }
    }
    r.durationMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    writeTrace(a, r);
    if (r.status == "failed" || r.status == "error") {
      std::string what = "eval '" + r.eval + "' (" + r.type + ") " + (r.status == "error" ? "could not run" : "failed") +
                         ": " + r.message;
      if (eval.gate) {
        if (!gateFailure) gateFailure = what;
      } else {
        // One write per line: steps on other threads may warn at the same time.
        std::string line = std::string(program_invocation_short_name) + ": warning: " + a.step.location + ": step '" +
                           a.path + "'" + (a.attempt > 1 ? " (attempt " + std::to_string(a.attempt) + ")" : "") + ": " +
                           what + "\n";
        a.run.clearProgress();
        std::fputs(line.c_str(), stderr);
      }
    }
    a.run.recordEval(std::move(r));
  }
  if (gateFailure) throw Error(ErrorKind::StepFailed, *gateFailure);
}

}  // namespace wfc::evals
