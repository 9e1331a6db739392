#include "core/trace/RunEvents.h"

#include <chrono>
#include <string_view>

namespace wfc {
namespace {

// The trace events a stream carries; the rest (LLM and tool calls' spans, evals, …) are --trace's.
bool streamed(std::string_view event) {
  return event == "run_start" || event == "step_start" || event == "step_end" || event == "step_skip" ||
         event == "state_start" || event == "state_end" || event == "transition" || event == "custom";
}

// The trace's span ids say nothing a stream's reader needs: the step path ties lines together.
bool kept(std::string_view field) { return field != "trace_id" && field != "span_id" && field != "parent_span_id"; }

}  // namespace

std::optional<nlohmann::ordered_json> runEventOf(const TraceRecord &record) {
  if (!streamed(record.event)) return std::nullopt;
  nlohmann::ordered_json line = nlohmann::ordered_json::object();
  for (auto it = record.line.begin(); it != record.line.end(); ++it)
    if (kept(it.key())) line[it.key()] = it.value();
  if (record.output) line["output"] = record.output->json();
  return line;
}

nlohmann::ordered_json runEventOf(const DeltaRecord &record) {
  using namespace std::chrono;
  int64_t ms = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  nlohmann::ordered_json line = {{"event", record.kind == "text" ? "token" : record.kind}, {"ts_ms", ms}, {"step", record.step}};
  if (record.item) line["item"] = *record.item;
  line["round"] = record.round;
  line["attempt"] = record.attempt;
  if (record.kind == "text") {
    line["text"] = record.text;
  } else {
    line["index"] = record.toolIndex;
    if (record.kind == "tool_call") {
      line["id"] = record.toolId;
      line["name"] = record.toolName;
    } else {
      line["text"] = record.text;
    }
  }
  return line;
}

nlohmann::ordered_json finalRunEvent(const std::optional<Value> &output, int exitCode, const std::string &error) {
  nlohmann::ordered_json line;
  if (exitCode == 4) {
    line = {{"event", "suspended"}, {"exit_code", exitCode}, {"message", error}};
  } else if (output) {
    line = {{"event", "output"}};
    if (exitCode != 0) {
      line["status"] = "failed";
      line["exit_code"] = exitCode;
      line["error"] = error;
    }
    line["output"] = output->json();
  } else {
    line = {{"event", "error"}, {"exit_code", exitCode}, {"error", error}};
  }
  return line;
}

std::string runEventText(const nlohmann::ordered_json &event) {
  return event.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace wfc
