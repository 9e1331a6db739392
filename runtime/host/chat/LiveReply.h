// A chat on a terminal (docs/streaming.md "Chats"): the model's reply printed as it streams in,
// token by token, rather than when it is whole. A trace sink that takes the replies' text
// pieces; the conversation loop asks it, after each turn, what is left to print.
#pragma once

#include "core/trace/TraceSink.h"

#include <cstdio>
#include <mutex>
#include <string>

namespace wfc::chat {

class LiveReply final : public TraceSink {
 public:
  explicit LiveReply(std::FILE *out) : out_(out) {}

  void record(const TraceRecord &record) override { (void)record; }
  bool wantsDeltas() const override { return true; }
  // Prints a text piece at once; another exchange of the turn (a round after tool calls, an
  // attempt after a failed one) starts a new line.
  void delta(const DeltaRecord &record) override;

  // After a turn whose reply is `reply`: what to print so the terminal ends up showing it — the
  // line's end when it streamed as it is, else the reply on a line of its own (a validator
  // replaced it, or it did not stream). Starts the next turn afresh.
  std::string rest(const std::string &reply);
  // After a turn that failed: what ends its line, if anything was printed. Starts afresh.
  std::string abandon();
  // While a journaled conversation's earlier turns are replayed (their replies printed before):
  // nothing is printed.
  void mute(bool muted) {
    std::lock_guard lock(mutex_);
    muted_ = muted;
  }

 private:
  std::mutex mutex_;
  std::FILE *out_;
  std::string exchange_;  // which exchange the printed text is of: step, item, round, attempt
  std::string round_;     // the text printed of that exchange
  bool printed_ = false;  // something was printed this turn
  bool muted_ = false;
};

}  // namespace wfc::chat
