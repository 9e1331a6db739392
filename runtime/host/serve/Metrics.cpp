#include "host/serve/Metrics.h"

#include <fmt/format.h>
#include <cmath>
#include <cstdio>

namespace wfc::serve {
namespace {

using Json = nlohmann::ordered_json;

std::string escapeLabel(const std::string &value) {
  std::string out;
  for (char c : value) {
    if (c == '\\') out += "\\\\";
    else if (c == '"') out += "\\\"";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

std::string labelText(const std::vector<std::pair<std::string, std::string>> &labels, const std::string &extra = "") {
  std::string out;
  for (const auto &[name, value] : labels) out += (out.empty() ? "" : ",") + name + "=\"" + escapeLabel(value) + "\"";
  if (!extra.empty()) out += (out.empty() ? "" : ",") + extra;
  return out.empty() ? "" : "{" + out + "}";
}

std::string number(double v) {
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  return fmt::format("{:.9g}", v);
}

std::string text(const Json &line, const char *key) {
  auto it = line.find(key);
  return it != line.end() && it->is_string() ? it->get<std::string>() : std::string();
}

double seconds(const Json &line) {
  auto it = line.find("duration_ms");
  return it != line.end() && it->is_number() ? it->get<double>() / 1000.0 : 0.0;
}

uint64_t count(const Json &line, const char *key) {
  auto it = line.find(key);
  return it != line.end() && it->is_number_unsigned() ? it->get<uint64_t>() : 0;
}

}  // namespace

void Metrics::Histogram::observe(double s) {
  size_t i = 0;
  while (i < kBuckets.size() && s > kBuckets[i]) ++i;
  if (i < kBuckets.size()) ++buckets[i];
  ++count;
  sum += s;
}

void Metrics::record(const TraceRecord &r) {
  const std::string event = r.event;
  const Json &line = r.line;
  std::lock_guard lock(mutex_);
  if (event == "run_end") {
    Labels labels = {{"status", text(line, "status")}};
    ++runsFinished_[labels];
    runDurations_[labels].observe(seconds(line));
  } else if (event == "step_end") {
    stepDurations_[{{"kind", text(line, "kind")}, {"status", text(line, "status")}}].observe(seconds(line));
  } else if (event == "llm_call") {
    std::string model = text(line, "model");
    llmDurations_[{{"gen_ai_operation_name", "chat"}, {"gen_ai_request_model", model}}].observe(seconds(line));
    tokens_[{{"type", "input"}, {"model", model}}] += count(line, "prompt_tokens");
    tokens_[{{"type", "output"}, {"model", model}}] += count(line, "completion_tokens");
    if (uint64_t cached = count(line, "cached_tokens")) tokens_[{{"type", "cached_input"}, {"model", model}}] += cached;
    // A priced call's dollars (docs/cost.md "Spend"): unpriced calls have no cost_usd to add.
    if (auto cost = line.find("cost_usd"); cost != line.end() && cost->is_number())
      costUsd_[{{"step", text(line, "step")}, {"model", model}}] += cost->get<double>();
  } else if (event == "tool_call") {
    ++toolCalls_[{{"tool", text(line, "tool")}, {"status", text(line, "status")}}];
  } else if (event == "eval") {
    ++evals_[{{"status", text(line, "status")}}];
  }
}

void Metrics::countResponse(int status) {
  std::lock_guard lock(mutex_);
  ++responses_[{{"code", std::to_string(status)}}];
}

std::string Metrics::render(const Gauges &g) const {
  std::string out;
  auto header = [&](const char *name, const char *type, const char *help) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
  };
  auto counters = [&](const char *name, const char *help, const std::map<Labels, uint64_t> &values) {
    header(name, "counter", help);
    for (const auto &[labels, value] : values) out += name + labelText(labels) + " " + std::to_string(value) + "\n";
  };
  auto histograms = [&](const char *name, const char *help, const std::map<Labels, Histogram> &values) {
    header(name, "histogram", help);
    for (const auto &[labels, h] : values) {
      uint64_t cumulative = 0;
      for (size_t i = 0; i < kBuckets.size(); ++i) {
        cumulative += h.buckets[i];
        out += std::string(name) + "_bucket" + labelText(labels, "le=\"" + number(kBuckets[i]) + "\"") + " " +
               std::to_string(cumulative) + "\n";
      }
      out += std::string(name) + "_bucket" + labelText(labels, "le=\"+Inf\"") + " " + std::to_string(h.count) + "\n";
      out += std::string(name) + "_sum" + labelText(labels) + " " + number(h.sum) + "\n";
      out += std::string(name) + "_count" + labelText(labels) + " " + std::to_string(h.count) + "\n";
    }
  };
  header("wfc_runs", "gauge", "Runs in the journal, by status.");
  using journal::RunStatus;
  for (RunStatus status :
       {RunStatus::Running, RunStatus::Succeeded, RunStatus::Failed, RunStatus::Suspended, RunStatus::Cancelled}) {
    int64_t n = 0;
    for (const auto &[s, c] : g.runsByStatus)
      if (s == status) n = c;
    out += std::string("wfc_runs{status=\"") + spell(status) + "\"} " + std::to_string(n) + "\n";
  }
  header("wfc_runs_in_progress", "gauge", "Runs this server is running now.");
  out += "wfc_runs_in_progress " + std::to_string(g.running) + "\n";
  header("wfc_runs_max", "gauge", "At most this many runs at once (--max-runs); more are refused with 429.");
  out += "wfc_runs_max " + std::to_string(g.maxRuns) + "\n";
  header("wfc_draining", "gauge", "1 while the server drains after SIGTERM or SIGINT.");
  out += std::string("wfc_draining ") + (g.draining ? "1" : "0") + "\n";
  std::lock_guard lock(mutex_);
  counters("wfc_runs_finished_total", "Runs this server ran that stopped, by status.", runsFinished_);
  histograms("wfc_run_duration_seconds", "How long runs ran in this server, by status.", runDurations_);
  histograms("wfc_step_duration_seconds", "Step attempts' durations, by step kind and status.", stepDurations_);
  histograms("gen_ai_client_operation_duration_seconds", "LLM calls' durations (OpenTelemetry GenAI).", llmDurations_);
  counters("wfc_llm_tokens_total", "Tokens of LLM calls, by type (input, output, cached_input: those of input served from the provider's prompt cache) and model.", tokens_);
  header("wfc_llm_cost_usd_total", "counter", "US dollars of priced LLM calls, by step and model (docs/cost.md).");
  for (const auto &[labels, value] : costUsd_) out += "wfc_llm_cost_usd_total" + labelText(labels) + " " + number(value) + "\n";
  counters("wfc_tool_calls_total", "Tool calls, by tool and status.", toolCalls_);
  counters("wfc_evals_total", "Evals run after steps, by status.", evals_);
  counters("wfc_http_responses_total", "HTTP responses, by status code.", responses_);
  return out;
}

}  // namespace wfc::serve
