// --trace FILE (docs/executable.md): one JSON object per line per event — run_start, step_start, step_end,
// step_skip, tool_call, run_end — with OpenTelemetry-style ids: one 32-hex-digit trace_id per
// run, a 16-hex-digit span_id per run, step attempt and tool call, and the parent's span_id.
// Lines are written whole and flushed as they happen, so a killed run leaves a readable trace.
#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <mutex>
#include <random>
#include <string>

namespace wfc {

class Trace {
 public:
  // Opens (truncates) `path`; throws wfc::Error(Usage) when it cannot.
  explicit Trace(const std::string &path);
  ~Trace();
  Trace(const Trace &) = delete;
  Trace &operator=(const Trace &) = delete;

  const std::string &traceId() const { return traceId_; }
  std::string newSpanId();

  // Writes `fields` as one line after {"event": EVENT, "ts_ms": unix ms, "trace_id": …}.
  void write(const char *event, const nlohmann::ordered_json &fields);

 private:
  std::mutex mutex_;
  std::FILE *file_ = nullptr;
  std::mt19937_64 random_;
  std::string traceId_;
};

// Random ids for runs and spans: `bytes` random bytes as lowercase hex.
std::string randomHex(std::mt19937_64 &random, unsigned bytes);

}  // namespace wfc
