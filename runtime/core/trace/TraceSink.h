// Where a run's trace events go (docs/observability.md): the --trace file (TraceFile.h), the
// OTLP exporter (host/otlp/OtlpExporter.h), and in serve mode each run's timeline and the server's
// metrics (serve/). A Trace (Trace.h) hands every event to each of its sinks, in order, as it
// happens.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>

namespace wfc {

// One trace event: its line ({"event", "ts_ms", "trace_id", …fields}, as --trace writes it),
// when it happened to the nanosecond (ts_ms alone is too coarse for span timings), and — only
// for the sinks that asked for it (wantsContent) — what the LLM was sent and answered.
struct TraceRecord {
  const char *event;
  const nlohmann::ordered_json &line;
  int64_t unixNanos;
  const nlohmann::ordered_json *content = nullptr;  // {"input_messages": [...], "output_messages": [...]}
};

class TraceSink {
 public:
  virtual ~TraceSink() = default;
  // Called on the thread that traced the event, possibly from several threads at once: a sink
  // does its own locking, and must be quick (the run waits for it).
  virtual void record(const TraceRecord &record) = 0;
  // Whether the sink takes prompts and replies (--otlp-content): only then are they gathered.
  virtual bool wantsContent() const { return false; }
};

}  // namespace wfc
