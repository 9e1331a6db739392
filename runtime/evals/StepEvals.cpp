#include "evals/StepEvals.h"

#include "Run.h"
#include "evals/EvalRecord.h"
#include "evals/Sampling.h"
#include "evals/Threshold.h"
#include "evals/Verdict.h"
#include "llm/Judge.h"
#include "wfc/error.h"

#include <cerrno>
#include <chrono>
#include <cstdio>

namespace wfc::evals {
namespace {

using Clock = std::chrono::steady_clock;

const char *spell(EvalType type) {
  switch (type) {
    case EvalType::Contains: return "contains";
    case EvalType::Regex: return "regex";
    case EvalType::JsonValid: return "json_valid";
    case EvalType::JsonSchema: return "json_schema";
    case EvalType::LatencyBudget: return "latency_budget";
    case EvalType::LlmJudge: return "llm_judge";
  }
  return "eval";
}

// llm_judge: the prompt scores the output; without a threshold the score is only recorded.
Verdict judge(const EvaluatedAttempt &a, const EvalDecl &eval, const Value &output, std::string &rationale) {
  // Its own exchange key (docs/recording.md): "<step>/eval:<id>", the step's item and attempt.
  std::string path = a.path + "/eval:" + eval.id;
  llm::Usage tokens;  // counted in the run's tokens, not in the step's
  llm::StepAttempt attempt{a.run, a.step, path, a.attempt, a.cancel, a.span, a.item, tokens};
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

void runStepEvals(const EvaluatedAttempt &a, const Value &output) {
  const ProgramDecl &program = a.run.program();
  const std::string text = outputText(output);
  std::optional<std::string> gateFailure;
  for (int index : a.step.evals) {
    const EvalDecl &eval = program.evals[index];
    Clock::time_point start = Clock::now();
    EvalRecord r;
    r.step = a.path;
    r.eval = eval.id;
    r.type = spell(eval.type);
    r.attempt = a.attempt;
    r.item = a.item;
    r.gate = eval.gate;
    r.threshold = describe(eval.threshold, eval.thresholdValue);
    if (!drawn(eval, a.path, a.item, text)) {
      r.status = "skipped";
      char share[64];
      std::snprintf(share, sizeof share, "not drawn by sampling (sample_percentage %g)", eval.samplePercentage);
      r.message = share;
    } else {
      Verdict v;
      try {
        switch (eval.type) {
          case EvalType::Contains: v = checkContains(eval, text); break;
          case EvalType::Regex: v = checkRegex(eval, text); break;
          case EvalType::JsonValid: v = checkJsonValid(text); break;
          case EvalType::JsonSchema: v = checkJsonSchema(a.run, eval, output); break;
          case EvalType::LatencyBudget: v = checkLatency(eval, a.durationMs); break;
          case EvalType::LlmJudge: v = judge(a, eval, output, r.rationale); break;
        }
        r.score = v.score;
        // A threshold decides instead of the type's own rule (latency_budget has none).
        if (eval.threshold != Compare::None && eval.type != EvalType::LatencyBudget) {
          v.passed = meets(eval.threshold, v.score, eval.thresholdValue);
          if (!v.passed) {
            char score[64];
            std::snprintf(score, sizeof score, "score %g does not meet the threshold %s", v.score, r.threshold.c_str());
            v.message = score + (v.message.empty() ? "" : ": " + v.message);
          }
        }
        r.status = v.passed ? "passed" : "failed";
        r.message = v.message;
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
