#include "core/conversation/Guardrails.h"

#include "core/conversation/StepEvals.h"
#include "core/run/Run.h"
#include "wfc/error.h"

#include <cctype>
#include <chrono>

namespace wfc::llm {
namespace {

using Clock = std::chrono::steady_clock;

struct Outcome {
  evals::ValidationRecord record;
  bool triggered = false;
};

// Scores `text` with the validator's eval and applies its band: below 1 (or outside
// [min_score, max_score]) triggers; an eval that cannot score triggers too (fail closed).
Outcome judge(const StepAttempt &a, const ValidatorDecl &v, const std::string &text, const char *direction,
              unsigned round) {
  const EvalDecl &eval = a.run.program().evals[v.check];
  Clock::time_point start = Clock::now();
  Outcome out;
  evals::ValidationRecord &r = out.record;
  r.step = a.path;
  r.validator = v.id;
  r.type = evals::spell(eval);
  r.direction = direction;
  r.attempt = a.attempt;
  r.round = round;
  r.item = a.item;
  // A validator sees the attempt's tool calls and the verdicts of the validators before it, as a
  // PromptKit guardrail sees the conversation's.
  const std::vector<evals::ToolCallRecord> calls = a.log ? a.log->calls() : std::vector<evals::ToolCallRecord>{};
  const std::vector<evals::GuardrailVerdict> verdicts = a.log ? a.log->verdicts() : std::vector<evals::GuardrailVerdict>{};
  std::string span = a.span;
  const std::vector<evals::TranscriptMessage> transcript =
      a.log ? a.log->transcript() : std::vector<evals::TranscriptMessage>{};
  evals::EvaluatedAttempt attempt{a.run,  a.step, a.path + "/validator:" + v.id, a.attempt, a.item, 0, a.cancel, span,
                                  calls,  verdicts, nullptr,
                                  a.run.runsWorkflow() ? &a.run.workflowProgress() : nullptr, &transcript};
  try {
    std::string rationale;
    evals::Verdict verdict = evals::scoreEval(attempt, eval, Value::string(text), text, rationale);
    r.score = verdict.score;
    bool inBand = v.hasMinScore || v.hasMaxScore
                      ? (!v.hasMinScore || verdict.score >= v.minScore) && (!v.hasMaxScore || verdict.score <= v.maxScore)
                      : verdict.score >= 1.0;
    out.triggered = !inBand;
    if (out.triggered) r.message = verdict.message.empty() ? "score " + std::to_string(verdict.score) : verdict.message;
  } catch (const Error &e) {
    if (e.kind() == ErrorKind::Cancelled || a.cancel.cancelled()) throw;
    out.triggered = true;
    r.message = std::string("the validator could not score (so it enforces): ") + e.what();
  }
  r.triggered = out.triggered;
  r.durationMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return out;
}

void record(const StepAttempt &a, const evals::ValidationRecord &r) {
  if (Trace *trace = a.run.trace()) {
    nlohmann::ordered_json line = {{"step", r.step}, {"validator", r.validator}, {"type", r.type},
                                   {"direction", r.direction}, {"parent_span_id", a.span},
                                   {"attempt", r.attempt}, {"round", r.round}};
    if (r.item) line["item"] = *r.item;
    if (r.score) line["score"] = *r.score;
    line["triggered"] = r.triggered;
    if (!r.action.empty()) line["action"] = r.action;
    if (!r.message.empty()) line["message"] = r.message;
    line["duration_ms"] = r.durationMs;
    trace->write("validation", line);
  }
  if (a.log) a.log->add(evals::GuardrailVerdict{r.validator, r.type, r.direction, r.triggered});
  a.run.recordValidation(r);
}

bool looksAt(const ValidatorDecl &v, ValidatorDecl::Direction d) {
  return v.direction == d || v.direction == ValidatorDecl::Direction::Both;
}

bool judgesPartialReplies(const StepAttempt &a, const ValidatorDecl &v) {
  if (!looksAt(v, ValidatorDecl::Direction::Output) || v.hasMinScore || v.hasMaxScore) return false;
  EvalType type = a.run.program().evals[v.check].type;
  return type == EvalType::ContentExcludes || type == EvalType::MaxLength;
}

}  // namespace

bool hasMidStreamValidators(const StepAttempt &a, const PromptDecl &prompt) {
  for (const ValidatorDecl &v : prompt.validators)
    if (judgesPartialReplies(a, v)) return true;
  return false;
}

bool triggersMidStream(const StepAttempt &a, const PromptDecl &prompt, const std::string &textSoFar) {
  for (const ValidatorDecl &v : prompt.validators) {
    if (!judgesPartialReplies(a, v)) continue;
    const EvalDecl &eval = a.run.program().evals[v.check];
    // Whole words only (banned_words): the last word may not be whole yet ("Hell" of "Hellenic"),
    // so the text is judged up to the last character no word goes through.
    std::string judged = textSoFar;
    if (eval.wordBoundary) {
      size_t end = judged.size();
      while (end > 0 && (std::isalnum(static_cast<unsigned char>(judged[end - 1])) || judged[end - 1] == '_' ||
                         static_cast<unsigned char>(judged[end - 1]) >= 0x80))
        --end;
      judged.resize(end);
    }
    std::string rationale;
    const std::vector<evals::ToolCallRecord> calls;
    const std::vector<evals::GuardrailVerdict> verdicts;
    std::string span = a.span;
    evals::EvaluatedAttempt attempt{a.run, a.step, a.path + "/validator:" + v.id, a.attempt, a.item, 0, a.cancel, span,
                                    calls, verdicts};
    if (evals::scoreEval(attempt, eval, Value::string(judged), judged, rationale).score < 1.0) return true;
  }
  return false;
}

std::optional<std::string> checkInput(const StepAttempt &a, const PromptDecl &prompt, const std::string &message,
                                      unsigned round) {
  for (const ValidatorDecl &v : prompt.validators) {
    if (!looksAt(v, ValidatorDecl::Direction::Input)) continue;
    Outcome o = judge(a, v, message, "input", round);
    if (o.triggered) o.record.action = "blocked_input";
    record(a, o.record);
    if (o.triggered) return std::string(v.message ? v.message : kBlockedMessage);
  }
  return std::nullopt;
}

void enforceOutput(const StepAttempt &a, const PromptDecl &prompt, Reply &reply, unsigned round) {
  for (const ValidatorDecl &v : prompt.validators) {
    if (!looksAt(v, ValidatorDecl::Direction::Output)) continue;
    // A reply that only calls tools has no text to judge yet.
    if (reply.content.empty() && !reply.toolCalls.empty()) continue;
    Outcome o = judge(a, v, reply.content, "output", round);
    if (o.triggered) {
      if (v.truncateTo && reply.content.size() > v.truncateTo) {
        reply.content.resize(v.truncateTo);
        o.record.action = "truncated";
      } else {
        reply.content = v.message ? v.message : kBlockedMessage;
        o.record.action = "replaced";
      }
      reply.toolCalls.clear();
      reply.finishReason = "safety";
    }
    record(a, o.record);
    if (o.triggered) return;  // the reply is settled
  }
}

}  // namespace wfc::llm
