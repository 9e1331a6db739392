#include "core/journal/RunJournal.h"

#include "support/Sha256.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>

namespace wfc::journal {

RunJournal::RunJournal(JournalFile &file, int64_t seq, std::string runId, ProgramIdentity identity,
                       std::optional<RunHistory> history, uint64_t toolCallsBefore, CancellationToken run)
    : file_(file),
      seq_(seq),
      runId_(std::move(runId)),
      identity_(std::move(identity)),
      history_(std::move(history)),
      toolCallsBefore_(toolCallsBefore),
      run_(std::move(run)) {}

unsigned RunJournal::failedAttempts(const std::string &path) const {
  const unsigned *n = find(history_ ? &history_->failedAttempts : nullptr, path);
  return n ? *n : 0;
}

template <typename Fn>
void RunJournal::record(Fn &&fn) {
  try {
    fn();
  } catch (const Error &e) {
    run_.cancel(std::string(kJournalReason) + ": " + e.what());
    throw Error(ErrorKind::Cancelled, e.what());
  }
}

void RunJournal::recordStep(const std::string &path, const StepRow &step, const std::optional<std::string> &cacheKey,
                            const ToolCallRow *call) {
  record([&] { file_.runs().recordStep(seq_, path, step, cacheKey, call); });
}

void RunJournal::recordFailedAttempt(const std::string &path, unsigned attempt, const std::string &kind,
                                     const std::string &error, const ToolCallRow *call) {
  record([&] { file_.runs().recordFailedAttempt(seq_, path, attempt, kind, error, call); });
}

void RunJournal::recordExchange(const std::string &key, const std::string &step, std::optional<int64_t> item,
                                unsigned round, unsigned attempt, const std::string &prompt, const std::string &reply) {
  record([&] { file_.runs().recordExchange(seq_, key, step, item, round, attempt, prompt, reply); });
}

void RunJournal::recordToolCall(const ToolCallRow &call) {
  record([&] { file_.runs().recordToolCall(seq_, call); });
}

void RunJournal::recordChatTurn(const ChatTurnRow &turn) {
  record([&] { file_.runs().recordChatTurn(seq_, turn); });
}

void RunJournal::endChatTurn(unsigned turn, bool ok) {
  record([&] { file_.runs().endChatTurn(seq_, turn, ok); });
}

void RunJournal::recordVisit(const std::string &path, const std::string &state, unsigned visit, const VisitRow &row) {
  record([&] { file_.runs().recordVisit(seq_, path, state, visit, row); });
}

std::optional<Value> RunJournal::cached(const std::string &cacheKey) {
  std::optional<std::string> text;
  record([&] { text = file_.runs().findCached(cacheKey); });
  if (!text) return std::nullopt;
  return Value::parse(*text);
}

std::string cacheKey(const char *definition, const std::string &context, const Value &input) {
  // nlohmann::json (unlike the ordered_json values hold) keeps object members sorted by key.
  nlohmann::json canonical = nlohmann::json::parse(input.dump());  // json-reader: internal (a Value's own dump)
  return sha256(std::string(definition ? definition : "") + "\n" + context + "\n" + canonical.dump());
}

const char *spellErrorKind(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::StepFailed: return "failed";
    case ErrorKind::InvalidJson: return "invalid_json";
    case ErrorKind::Usage: return "usage";
    case ErrorKind::Exhausted: return "exhausted";
    case ErrorKind::Cancelled: return "cancelled";
    case ErrorKind::Stopped: return "stopped";
  }
  return "failed";
}

ErrorKind parseErrorKind(const std::string &kind) {
  if (kind == "invalid_json") return ErrorKind::InvalidJson;
  if (kind == "usage") return ErrorKind::Usage;
  if (kind == "exhausted") return ErrorKind::Exhausted;
  if (kind == "cancelled") return ErrorKind::Cancelled;
  return ErrorKind::StepFailed;
}

}  // namespace wfc::journal
