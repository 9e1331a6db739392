// A run's trace events as spans with the OpenTelemetry GenAI conventions' names and attributes
// (docs/observability.md "Spans"): run_start…run_end is the run's `invoke_workflow` span,
// state_start…state_end a state's, step_start…step_end a step attempt's (an agent step's is
// `invoke_agent`); llm_call (`chat MODEL`), tool_call (`execute_tool TOOL`) and eval are written
// when they end, with their duration. A span is complete when its end arrives, or when its run's
// ends (a step cut short by a crash or a drain).
#pragma once

#include "core/trace/TraceSink.h"
#include "host/otlp/Span.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace wfc::otlp {

class SpanAssembler {
 public:
  // `provider`: gen_ai.provider.name of LLM calls ("openai", "anthropic"); `withContent`: put
  // prompts, replies and tool arguments and results on the spans (--otlp-content).
  SpanAssembler(std::string provider, bool withContent) : provider_(std::move(provider)), withContent_(withContent) {}

  // The spans this event completes (none, its own, or with a run's end the ones it left open).
  // Not thread-safe: the exporter serializes calls.
  std::vector<Span> add(const TraceRecord &record);
  // Spans begun and not ended (a run still going, or cut short).
  size_t open() const { return open_.size(); }

 private:
  std::vector<Span> finish(Span span);

  std::string provider_;
  std::vector<Span> cut_;  // ended by a run's end, handed out with its span
  bool withContent_;
  struct Open {
    Span span;
    std::string root;  // the span id of the run it belongs to
  };
  std::map<std::pair<std::string, std::string>, Open> open_;  // by (trace id, span id)
};

}  // namespace wfc::otlp
