// A run's trace (docs/executable.md "--trace", docs/observability.md): events — run_start,
// step_start, step_end, step_skip, llm_call, tool_call, eval, state_start, …, run_end — with
// OpenTelemetry-style ids: one 32-hex-digit trace_id, a 16-hex-digit span_id per run, state
// visit, step attempt, LLM call and tool call, and the parent's span_id. Each event goes to every
// sink (TraceSink.h): the --trace file, the OTLP exporter, a served run's timeline.
#pragma once

#include "core/trace/TraceSink.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

namespace wfc {

class Trace {
 public:
  // A trace of its own (a random trace_id), or one that continues `traceId` (32 hex digits: a
  // caller's W3C traceparent, docs/serve.md) under span `parentSpanId` of the caller's.
  explicit Trace(std::vector<std::shared_ptr<TraceSink>> sinks, std::string traceId = "",
                 std::string parentSpanId = "");
  Trace(const Trace &) = delete;
  Trace &operator=(const Trace &) = delete;

  const std::string &traceId() const { return traceId_; }
  // The caller's span the run's root span hangs under ("" for none).
  const std::string &parentSpanId() const { return parentSpanId_; }
  std::string newSpanId();
  // Whether some sink takes prompts and replies: only then do callers gather them.
  bool wantsContent() const { return wantsContent_; }
  // Whether some sink takes steps' outputs: only then do step_end events carry them.
  bool wantsOutputs() const { return wantsOutputs_; }
  // Whether some sink takes replies as they stream: only then do LLM calls stream.
  bool wantsDeltas() const { return wantsDeltas_; }

  // Writes `fields` after {"event": EVENT, "ts_ms": unix ms, "trace_id": …} to every sink;
  // `content` ({"input_messages", "output_messages"}) goes only to those that want it, `output`
  // (a step's, on step_end) likewise.
  void write(const char *event, const nlohmann::ordered_json &fields,
             const nlohmann::ordered_json *content = nullptr, const Value *output = nullptr);
  // Hands a streaming reply's piece to the sinks that want deltas.
  void delta(const DeltaRecord &record);

 private:
  std::vector<std::shared_ptr<TraceSink>> sinks_;
  std::mutex mutex_;  // random_
  std::mt19937_64 random_;
  std::string traceId_, parentSpanId_;
  bool wantsContent_ = false, wantsOutputs_ = false, wantsDeltas_ = false;
};

// Random ids for runs and spans: `bytes` random bytes as lowercase hex.
std::string randomHex(std::mt19937_64 &random, unsigned bytes);

}  // namespace wfc
