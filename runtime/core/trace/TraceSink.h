// Where a run's trace events go (docs/observability.md): the --trace file (TraceFile.h), the
// OTLP exporter (host/otlp/OtlpExporter.h), and in serve mode each run's timeline and the server's
// metrics (serve/). A Trace (Trace.h) hands every event to each of its sinks, in order, as it
// happens.
#pragma once

#include "wfc/value.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace wfc {

// One trace event: its line ({"event", "ts_ms", "trace_id", …fields}, as --trace writes it),
// when it happened to the nanosecond (ts_ms alone is too coarse for span timings), and — only
// for the sinks that asked for it (wantsContent) — what the LLM was sent and answered.
struct TraceRecord {
  const char *event;
  const nlohmann::ordered_json &line;
  int64_t unixNanos;
  const nlohmann::ordered_json *content = nullptr;  // {"input_messages": [...], "output_messages": [...]}
  // step_end of an attempt that succeeded: the step's output, for the sinks that asked for
  // outputs (wantsOutputs); null otherwise.
  const Value *output = nullptr;
};

// A piece of an LLM reply as it streams in (docs/streaming.md), for the sinks that take them
// (wantsDeltas): which exchange it belongs to, and the piece.
struct DeltaRecord {
  std::string_view step;  // the step path, as step_start names it
  std::optional<int64_t> item;  // wfc.foreach item index
  unsigned round = 1, attempt = 1;
  std::string_view prompt;
  std::string_view kind;  // "text", "tool_call" (a call begins), "tool_arguments" (the next piece of its JSON)
  std::string_view text;  // text, tool_arguments
  size_t toolIndex = 0;   // tool_call, tool_arguments: which call of the reply, from 0
  std::string_view toolId, toolName;  // tool_call
};

class TraceSink {
 public:
  virtual ~TraceSink() = default;
  // Called on the thread that traced the event, possibly from several threads at once: a sink
  // does its own locking, and must be quick (the run waits for it).
  virtual void record(const TraceRecord &record) = 0;
  // Whether the sink takes prompts and replies (--otlp-content): only then are they gathered.
  virtual bool wantsContent() const { return false; }
  // Whether the sink takes steps' outputs on step_end (--stream): only then are they passed.
  virtual bool wantsOutputs() const { return false; }
  // Whether the sink takes replies as they stream (--stream): only then do LLM calls stream.
  virtual bool wantsDeltas() const { return false; }
  // One piece of a streaming reply; called as record() is, for the sinks that want deltas.
  virtual void delta(const DeltaRecord &record) { (void)record; }
};

}  // namespace wfc
