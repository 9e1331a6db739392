// A run's events as --stream writes them and serve's GET /runs/{id}/events sends them
// (docs/streaming.md): one JSON object per event. The trace events a reader of a run needs
// (steps and states starting and ending, an ending step with its output, custom events), the
// pieces of the model's replies as they stream in, and last the run's output or how it ended.
#pragma once

#include "core/trace/TraceSink.h"
#include "wfc/value.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace wfc {

// The event of a trace record, or nullopt for the trace events a stream does not carry (LLM
// and tool calls' spans, evals, …). Span ids are left out: the step path ties events together.
std::optional<nlohmann::ordered_json> runEventOf(const TraceRecord &record);

// A piece of a reply: {"event": "token" | "tool_call" | "tool_arguments", "ts_ms", "step", …}.
nlohmann::ordered_json runEventOf(const DeltaRecord &record);

// The last event: {"event": "output", "output": …} when the run produced one (with
// "status": "failed" beside it for a failure that still has an output), else
// {"event": "error", "exit_code": N, "error": MESSAGE} — or "suspended" for exit code 4.
nlohmann::ordered_json finalRunEvent(const std::optional<Value> &output, int exitCode, const std::string &error);

// One event as a line of text (no newline). Strings are made UTF-8 where they enter; `replace`
// keeps a stray byte from costing the line (a token may end inside a character: providers cut
// text anywhere).
std::string runEventText(const nlohmann::ordered_json &event);

}  // namespace wfc
