#include "host/otlp/SpanAssembler.h"

namespace wfc::otlp {
namespace {

using Json = nlohmann::ordered_json;

std::string text(const Json &line, const char *key) {
  auto it = line.find(key);
  if (it == line.end() || it->is_null()) return "";
  return it->is_string() ? it->get<std::string>() : it->dump();
}

std::optional<int64_t> integer(const Json &line, const char *key) {
  auto it = line.find(key);
  if (it == line.end() || !it->is_number_integer()) return {};
  return it->get<int64_t>();
}

uint64_t durationNanos(const Json &line) {
  auto it = line.find("duration_ms");
  return it != line.end() && it->is_number() ? uint64_t(it->get<double>() * 1e6) : 0;
}

void add(Attributes &attrs, const char *key, AttributeValue value) { attrs.emplace_back(key, std::move(value)); }

void addText(Attributes &attrs, const char *key, const Json &line, const char *field) {
  std::string value = text(line, field);
  if (!value.empty()) add(attrs, key, value);
}

void fail(Span &span, const Json &line) {
  span.status = StatusCode::Error;
  span.statusMessage = text(line, "error");
  add(span.attributes, "error.type", text(line, "status").empty() ? "failed" : text(line, "status"));
}

Span begin(const TraceRecord &r) {
  Span s;
  s.traceId = text(r.line, "trace_id");
  s.spanId = text(r.line, "span_id");
  s.parentSpanId = text(r.line, "parent_span_id");
  s.startNanos = uint64_t(r.unixNanos);
  return s;
}

// A span written when it ends: it began `duration_ms` before.
Span ended(const TraceRecord &r) {
  Span s = begin(r);
  s.endNanos = uint64_t(r.unixNanos);
  uint64_t d = durationNanos(r.line);
  s.startNanos = d < s.endNanos ? s.endNanos - d : s.endNanos;
  return s;
}

}  // namespace

std::vector<Span> SpanAssembler::finish(Span span) {
  std::vector<Span> out = std::move(cut_);
  cut_.clear();
  out.push_back(std::move(span));
  return out;
}

std::vector<Span> SpanAssembler::add(const TraceRecord &r) {
  const std::string event = r.event;
  const Json &line = r.line;
  auto key = std::make_pair(text(line, "trace_id"), text(line, "span_id"));
  if (event == "run_start" || event == "state_start" || event == "step_start") {
    Span s = begin(r);
    Attributes &a = s.attributes;
    if (event == "run_start") {
      std::string workflow = text(line, "workflow");
      s.name = "invoke_workflow " + workflow;
      otlp::add(a, "gen_ai.operation.name", "invoke_workflow");
      otlp::add(a, "gen_ai.agent.name", workflow);
      otlp::add(a, "wfc.run.id", text(line, "run_id"));
      addText(a, "wfc.pack.version", line, "version");
      addText(a, "wfc.composition", line, "composition");
      if (line.value("resumed", false)) otlp::add(a, "wfc.run.resumed", true);
    } else if (event == "state_start") {
      s.name = "state " + text(line, "state");
      otlp::add(a, "wfc.state.name", text(line, "state"));
      addText(a, "wfc.state.kind", line, "kind");
      if (auto visit = integer(line, "visit")) otlp::add(a, "wfc.state.visit", *visit);
    } else {
      std::string step = text(line, "step"), kind = text(line, "kind");
      if (kind == "agent") {
        s.name = "invoke_agent " + step;
        otlp::add(a, "gen_ai.operation.name", "invoke_agent");
        otlp::add(a, "gen_ai.agent.name", step);
      } else {
        s.name = "step " + step;
      }
      otlp::add(a, "wfc.step.id", step);
      otlp::add(a, "wfc.step.kind", kind);
      if (auto attempt = integer(line, "attempt")) otlp::add(a, "wfc.step.attempt", *attempt);
    }
    std::string root = event == "run_start" ? s.spanId : s.parentSpanId;
    if (auto parent = open_.find({key.first, s.parentSpanId}); parent != open_.end() && event != "run_start")
      root = parent->second.root;
    open_[key] = {std::move(s), std::move(root)};
    return {};
  }
  if (event == "run_end" || event == "state_end" || event == "step_end") {
    auto it = open_.find(key);
    if (it == open_.end()) return {};
    Span s = std::move(it->second.span);
    open_.erase(it);
    s.endNanos = uint64_t(r.unixNanos);
    if (event == "run_end") {
      // What the run left open ends with it (spans of steps a crash or a drain cut short).
      for (auto o = open_.begin(); o != open_.end();) {
        if (o->first.first == key.first && o->second.root == key.second) {
          Span cut = std::move(o->second.span);
          cut.endNanos = s.endNanos;
          otlp::add(cut.attributes, "wfc.span.cut_short", true);
          cut_.push_back(std::move(cut));
          o = open_.erase(o);
        } else {
          ++o;
        }
      }
    }
    std::string status = text(line, "status");
    if (event == "run_end") {
      otlp::add(s.attributes, "wfc.run.status", status);
      if (auto code = integer(line, "exit_code")) otlp::add(s.attributes, "wfc.exit_code", *code);
      if (status == "failed" || status == "cancelled") fail(s, line);
      else if (status == "suspended") s.statusMessage = text(line, "error");
    } else if (event == "state_end") {
      addText(s.attributes, "wfc.state.event", line, "on_event");
      if (status == "failed") fail(s, line);
    } else {
      if (line.contains("tokens") && line["tokens"].is_object()) {
        otlp::add(s.attributes, "gen_ai.usage.input_tokens", line["tokens"].value("prompt", int64_t(0)));
        otlp::add(s.attributes, "gen_ai.usage.output_tokens", line["tokens"].value("completion", int64_t(0)));
      }
      addText(s.attributes, "wfc.step.cache", line, "cache");
      if (status == "failed") fail(s, line);
    }
    return finish(std::move(s));
  }
  if (event == "llm_call") {
    Span s = ended(r);
    s.kind = SpanKind::Client;
    std::string model = text(line, "model");
    // An eval's embeddings exchange (docs/evals.md "cosine_similarity") is the conventions'
    // "embeddings" operation; every other exchange is a chat.
    const std::string operation = text(line, "operation").empty() ? "chat" : text(line, "operation");
    s.name = operation + " " + model;
    Attributes &a = s.attributes;
    otlp::add(a, "gen_ai.operation.name", operation);
    otlp::add(a, "gen_ai.provider.name", provider_);
    otlp::add(a, "gen_ai.request.model", model);
    addText(a, "gen_ai.response.model", line, "response_model");
    addText(a, "gen_ai.response.id", line, "response_id");
    if (!text(line, "finish_reason").empty())
      otlp::add(a, "gen_ai.response.finish_reasons", std::vector<std::string>{text(line, "finish_reason")});
    if (auto in = integer(line, "prompt_tokens")) otlp::add(a, "gen_ai.usage.input_tokens", *in);
    if (auto out = integer(line, "completion_tokens")) otlp::add(a, "gen_ai.usage.output_tokens", *out);
    // Of the input tokens, those the provider's prompt cache served; and a priced call's dollars,
    // which the conventions have no attribute for (docs/cost.md "Spend").
    if (auto cached = integer(line, "cached_tokens")) otlp::add(a, "gen_ai.usage.cache_read.input_tokens", *cached);
    if (auto written = integer(line, "cache_write_tokens"))
      otlp::add(a, "gen_ai.usage.cache_creation.input_tokens", *written);
    if (auto cost = line.find("cost_usd"); cost != line.end() && cost->is_number())
      otlp::add(a, "wfc.llm.cost_usd", cost->get<double>());
    addText(a, "wfc.step.id", line, "step");
    addText(a, "wfc.prompt", line, "prompt");
    if (auto round = integer(line, "round")) otlp::add(a, "wfc.llm.round", *round);
    if (line.value("journal", false)) otlp::add(a, "wfc.llm.from_journal", true);
    if (withContent_ && r.content) {
      if (r.content->contains("input_messages")) otlp::add(a, "gen_ai.input.messages", (*r.content)["input_messages"].dump());
      if (r.content->contains("output_messages"))
        otlp::add(a, "gen_ai.output.messages", (*r.content)["output_messages"].dump());
    }
    if (text(line, "status") == "failed") fail(s, line);
    return finish(std::move(s));
  }
  if (event == "tool_call") {
    Span s = ended(r);
    std::string tool = text(line, "tool");
    s.name = "execute_tool " + tool;
    Attributes &a = s.attributes;
    otlp::add(a, "gen_ai.operation.name", "execute_tool");
    otlp::add(a, "gen_ai.tool.name", tool);
    otlp::add(a, "gen_ai.tool.type", "function");
    addText(a, "gen_ai.tool.call.id", line, "tool_call_id");
    addText(a, "wfc.step.id", line, "step");
    addText(a, "wfc.tool.binding", line, "binding");
    addText(a, "wfc.tool.idempotency_key", line, "idempotency_key");
    if (withContent_ && r.content) {
      if (r.content->contains("arguments")) otlp::add(a, "gen_ai.tool.call.arguments", (*r.content)["arguments"].dump());
      if (r.content->contains("result")) otlp::add(a, "gen_ai.tool.call.result", (*r.content)["result"].dump());
    }
    if (text(line, "status") == "failed") fail(s, line);
    return finish(std::move(s));
  }
  if (event == "eval") {
    Span s = ended(r);
    std::string eval = text(line, "eval");
    s.name = "eval " + eval;
    Attributes &a = s.attributes;
    otlp::add(a, "gen_ai.evaluation.name", eval);
    otlp::add(a, "gen_ai.evaluation.score.label", text(line, "status"));
    if (auto it = line.find("score"); it != line.end() && it->is_number())
      otlp::add(a, "gen_ai.evaluation.score.value", it->get<double>());
    addText(a, "wfc.eval.type", line, "type");
    addText(a, "wfc.step.id", line, "step");
    if (line.value("gate", false)) otlp::add(a, "wfc.eval.gate", true);
    if (text(line, "status") == "failed" && line.value("gate", false)) {
      s.status = StatusCode::Error;
      s.statusMessage = text(line, "message");
    }
    return finish(std::move(s));
  }
  return {};
}

}  // namespace wfc::otlp
