// One run's view of the journal (docs/journal.md): where the run's steps, attempts, LLM
// exchanges, tool calls and state visits are recorded as they complete, and — when the run
// resumes — what it had recorded before, so that nothing completed runs again.
//
// Lookups read what was loaded when the run (re)started (immutable afterwards, so they take no
// lock); records go straight to the file, each committed before it returns. A record that cannot
// be written stops the whole run — its token is cancelled with a reason starting with
// kJournalReason, which the executable reports as exit 1 naming the journal — because going on
// would do work the journal could not account for on a resume.
#pragma once

#include "core/journal/JournalFile.h"
#include "core/journal/RunStore.h"
#include "wfc/cancellation.h"
#include "wfc/error.h"
#include "wfc/value.h"

#include <optional>
#include <vector>
#include <string>

namespace wfc::journal {

// Cancellation reasons that start with this are a journal that cannot be written (exit 1).
inline constexpr const char *kJournalReason = "journal";

class RunJournal {
 public:
  // `history`: what the run recorded before (a resumed run), or nullopt (a new run);
  // `toolCallsBefore`: how many tool calls it had completed (engine.budget.max_tool_calls).
  RunJournal(JournalFile &file, int64_t seq, std::string runId, ProgramIdentity identity,
             std::optional<RunHistory> history, uint64_t toolCallsBefore, CancellationToken run);

  const std::string &runId() const { return runId_; }
  const std::string &path() const { return file_.path(); }
  const ProgramIdentity &identity() const { return identity_; }
  JournalFile &file() { return file_; }
  int64_t seq() const { return seq_; }
  uint64_t toolCallsBefore() const { return toolCallsBefore_; }

  // Whether the run resumes: only then is there anything to look up.
  bool resuming() const { return history_.has_value(); }
  // What the run recorded before this process (null / 0 when nothing, or when not resuming).
  const StepRow *step(const std::string &path) const { return find(history_ ? &history_->steps : nullptr, path); }
  unsigned failedAttempts(const std::string &path) const;
  const std::string *exchange(const std::string &key) const {
    return find(history_ ? &history_->exchanges : nullptr, key);
  }
  const ToolCallRow *toolCall(const std::string &key) const {
    return find(history_ ? &history_->toolCalls : nullptr, key);
  }
  const VisitRow *visit(const std::string &path) const { return find(history_ ? &history_->visits : nullptr, path); }
  // A journaled conversation's turns (docs/journal.md "Journaled chats"), in order; empty when
  // not resuming.
  const std::vector<ChatTurnRow> &chatTurns() const {
    static const std::vector<ChatTurnRow> none;
    return history_ ? history_->chatTurns : none;
  }

  // Records; each throws wfc::Error(Cancelled) after stopping the run when it cannot be written.
  void recordStep(const std::string &path, const StepRow &step, const std::optional<std::string> &cacheKey,
                  const ToolCallRow *call);
  void recordFailedAttempt(const std::string &path, unsigned attempt, const std::string &kind,
                           const std::string &error, const ToolCallRow *call);
  void recordExchange(const std::string &key, const std::string &step, std::optional<int64_t> item, unsigned round,
                      unsigned attempt, const std::string &prompt, const std::string &reply);
  void recordToolCall(const ToolCallRow &call);
  void recordVisit(const std::string &path, const std::string &state, unsigned visit, const VisitRow &row);
  void recordChatTurn(const ChatTurnRow &turn);
  void endChatTurn(unsigned turn, bool ok);

  // wfc.cache: the output recorded (by any run of the journal) under `cacheKey`, if any.
  std::optional<Value> cached(const std::string &cacheKey);

 private:
  template <typename Map>
  static const typename Map::mapped_type *find(const Map *map, const std::string &key) {
    if (!map) return nullptr;
    auto it = map->find(key);
    return it == map->end() ? nullptr : &it->second;
  }
  template <typename Fn>
  void record(Fn &&fn);

  JournalFile &file_;
  int64_t seq_;
  std::string runId_;
  ProgramIdentity identity_;
  std::optional<RunHistory> history_;
  uint64_t toolCallsBefore_;
  CancellationToken run_;
};

// The wfc.cache key of a step attempt (docs/journal.md): a hash of the step's definition (a
// hash codegen emits), what else decides its output (`context`: the tool's binding, the model),
// and the resolved input, its object members in sorted order (so the same value built in
// another order has the same key).
std::string cacheKey(const char *definition, const std::string &context, const Value &input);

// An ErrorKind as the journal spells it ("failed", "exhausted", …), and back.
const char *spellErrorKind(ErrorKind kind);
ErrorKind parseErrorKind(const std::string &kind);

}  // namespace wfc::journal
