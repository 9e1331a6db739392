// --stream FILE|- (docs/streaming.md): a run's events as JSON lines, as they happen — steps
// starting and ending (an ending step with its output), the model's replies piece by piece, the
// custom events native tools emit — and, last, the run's output or how it ended. Each line is
// written whole and flushed at once, so a reader sees every event when it happens and a killed
// run leaves only whole lines. A reader that goes away ends the stream, not the run (the
// executable ignores SIGPIPE while it streams to stdout).
//
// It is a trace sink: the run's events reach it as they reach --trace, besides the replies'
// pieces (wantsDeltas, which makes the run's LLM calls stream) and the steps' outputs
// (wantsOutputs). Lines from parallel branches interleave; each names its step.
#pragma once

#include "core/trace/TraceSink.h"
#include "wfc/value.h"

#include <cstdio>
#include <mutex>
#include <optional>
#include <string>

namespace wfc {

class EventStream final : public TraceSink {
 public:
  // Opens (truncates) `path`, or takes standard output for "-"; throws wfc::Error(Usage) when it
  // cannot.
  explicit EventStream(const std::string &path);
  ~EventStream() override;
  EventStream(const EventStream &) = delete;
  EventStream &operator=(const EventStream &) = delete;

  void record(const TraceRecord &record) override;
  bool wantsOutputs() const override { return true; }
  bool wantsDeltas() const override { return true; }
  void delta(const DeltaRecord &record) override;

  // The last line: {"event": "output", "output": …} when the run produced one (with
  // "status": "failed" beside it for a failure that still has an output), else
  // {"event": "error", "exit_code": N, "error": MESSAGE} — or "suspended" for exit code 4.
  void finish(const std::optional<Value> &output, int exitCode, const std::string &error);

  // Whether the stream is standard output (then it is the run's standard output).
  bool toStdout() const { return toStdout_; }

  // A line of the caller's own: a chat turn's reply.
  void write(const nlohmann::ordered_json &line) { writeLine(line); }

 private:
  void writeLine(const nlohmann::ordered_json &line);
  std::mutex mutex_;
  std::FILE *file_ = nullptr;
  bool toStdout_ = false;
  bool broken_ = false;  // a write failed: nothing more is written
};

}  // namespace wfc
