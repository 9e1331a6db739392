#include "core/run/Run.h"

#include "core/journal/RunJournal.h"
#include "core/journal/RunStore.h"
#include "core/tools/ToolTable.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <random>

namespace wfc {
namespace {

}  // namespace

const SchemaValidator *LazySchema::get() const {
  if (!json_) return nullptr;
  std::call_once(once_, [&] { validator_ = std::make_unique<SchemaValidator>(Value::parse(json_)); });
  return validator_.get();
}

Run::Run(const ProgramDecl &program, const ToolTable &tools, Trace *trace, Options options, CancellationToken cancel)
    : program_(program),
      trace_(trace),
      cancel_(std::move(cancel)),
      pool_(options.maxConcurrency > 0 ? options.maxConcurrency - 1 : 0),
      progress_(options.progress),
      keepRecords_(options.keepRecords),
      onStep_(std::move(options.onStep)),
      provider_(options.provider),
      model_(options.model),
      journal_(options.journal) {
  toolCalls_ = options.toolCallsBefore;
  spend_ = options.spendBefore;
  budget_ = options.budget;
  prices_ = options.prices;
  agentTools_ = options.agentTools;
  if (!options.runId.empty()) {
    runId_ = options.runId;
  } else {
    std::mt19937_64 random(std::random_device{}());
    runId_ = randomHex(random, 16);
  }
  workflow_ = Value::object({{"context", Value()}, {"artifacts", Value::object({})}});
  for (const CompositionDecl &c : program.compositions) {
    inputSchemas_.emplace_back(c.inputSchema);
    outputSchemas_.emplace_back(c.outputSchema);
  }
  for (const ToolDecl &t : program.tools) {
    toolSchemas_.emplace_back(t.parameters);
    bindings_.push_back(tools.find(t.name));
  }
}

std::optional<std::string> Run::checkInput(int composition, const Value &input) const {
  const SchemaValidator *schema = inputSchemas_[composition].get();
  if (!schema) return std::nullopt;
  return schema->validate(input);
}

void Run::checkOutput(int composition, const Value &output) const {
  if (const SchemaValidator *schema = outputSchemas_[composition].get()) {
    const CompositionDecl &decl = program_.compositions[composition];
    if (auto problem = schema->validate(output))
      throw Error(ErrorKind::StepFailed, std::string(decl.location) + ": the output of composition '" + decl.name +
                                             "' does not match its output_schema: " + *problem);
  }
}

Value Run::callTool(int tool, const Value &args, bool checkArgs, const std::string &stepPath, unsigned attempt,
                    const CancellationToken &cancel, const std::string &parentSpan, const std::string &keySuffix,
                    std::unique_ptr<journal::ToolCallRow> *deferred, const std::string &modelCallId,
                    std::string_view workingDir) {
  const ToolDecl &decl = program_.tools[tool];
  const tools::ToolBinding *binding = bindings_[tool];
  if (!binding)
    throw Error(ErrorKind::StepFailed, std::string("tool '") + decl.name +
                                           "' is not bound (the executable was built with --allow-unbound); "
                                           "bind it in a file given with --bindings");
  if (const SchemaValidator *schema = checkArgs ? toolSchemas_[tool].get() : nullptr) {
    if (auto problem = schema->validate(args)) {
      std::string reason = std::string("the arguments of tool '") + decl.name + "' do not match its parameters: " + *problem;
      // A model's call that is refused never becomes a tool_call: the trace says why it did not
      // run (the model is told the same; docs/executable.md "--trace").
      if (trace_ && !modelCallId.empty())
        trace_->write("tool_call_rejected", {{"step", stepPath}, {"parent_span_id", parentSpan}, {"attempt", attempt},
                                             {"tool_call_id", modelCallId}, {"tool", decl.name}, {"reason", reason}});
      throw Error(ErrorKind::StepFailed, reason);
    }
  }
  cancel.throwIfCancelled();
  std::string key;
  key.reserve(runId_.size() + stepPath.size() + 8);
  key.append(runId_).append(1, '/').append(stepPath).append(1, '/').append(std::to_string(attempt));
  if (!keySuffix.empty()) key.append(1, '/').append(keySuffix);
  // A call completed before the run resumed is not made again: its result (or its error) is
  // the journal's (docs/journal.md). It counted towards the budget when it was made.
  if (journal_ && journal_->resuming())
    if (const journal::ToolCallRow *done = journal_->toolCall(key)) {
      if (trace_) {
        nlohmann::ordered_json fields = {{"step", stepPath},       {"tool", decl.name},
                                         {"span_id", trace_->newSpanId()}, {"parent_span_id", parentSpan},
                                         {"attempt", attempt},     {"idempotency_key", key},
                                         {"status", done->ok ? "ok" : "failed"}, {"journal", true},
                                         {"duration_ms", 0}};
        if (!modelCallId.empty()) fields["tool_call_id"] = modelCallId;
        if (!done->ok) fields["error"] = done->error;
        trace_->write("tool_call", fields);
      }
      if (done->ok) return Value::parse(done->result);
      throw Error(journal::parseErrorKind(done->errorKind), done->error);
    }
  if (program_.maxToolCalls && toolCalls_.load() >= program_.maxToolCalls) {
    // A run-wide limit: it stops the whole run (no wfc.on_error can absorb it), exit 3.
    std::string reason = "engine.budget.max_tool_calls (" + std::to_string(program_.maxToolCalls) +
                         ") exhausted: tool '" + decl.name + "' would be call " +
                         std::to_string(program_.maxToolCalls + 1);
    cancel_.cancel(std::string(kBudgetReason) + ": " + reason);
    throw Error(ErrorKind::Cancelled, reason);
  }
  ++toolCalls_;
  auto start = std::chrono::steady_clock::now();
  auto traceCall = [&](const char *status, const std::string &error, const Value *result) {
    if (!trace_) return;
    nlohmann::ordered_json fields = {
        {"step", stepPath},
        {"tool", decl.name},
        {"binding", binding->describe()},
        {"span_id", trace_->newSpanId()},
        {"parent_span_id", parentSpan},
        {"attempt", attempt},
        {"idempotency_key", key},
        {"status", status},
        {"duration_ms", std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count()}};
    if (!modelCallId.empty()) fields["tool_call_id"] = modelCallId;
    if (!error.empty()) fields["error"] = error;
    // The arguments and the result only for the sinks that take content (--otlp-content).
    nlohmann::ordered_json content;
    if (trace_->wantsContent()) {
      content = {{"arguments", args.json()}};
      if (result) content["result"] = result->json();
    }
    trace_->write("tool_call", fields, content.is_null() ? nullptr : &content);
  };
  // A tool's custom events are trace events of the step that called it (docs/streaming.md).
  class TracedEvents final : public ToolEvents {
   public:
    TracedEvents(Trace *trace, const std::string &step) : trace_(trace), step_(step) {}
    void emit(std::string_view tool, std::string_view name, const Value &data) const override {
      trace_->write("custom", {{"step", step_}, {"tool", tool}, {"name", name}, {"data", data.json()}});
    }

   private:
    Trace *trace_;
    const std::string &step_;
  } events(trace_, stepPath);
  try {
    Value result = binding->call(args, ToolCall{decl.name, key, cancel, workingDir, trace_ ? &events : nullptr});
    traceCall("ok", "", &result);
    // A journal that cannot record the call throws a cancellation, traced as the call's end.
    if (journal_) journalCall(key, stepPath, decl, args, &result, nullptr, deferred);
    return result;
  } catch (const Error &e) {
    traceCall("failed", e.what(), nullptr);
    if (journal_ && e.kind() != ErrorKind::Cancelled && !cancel.cancelled())
      journalCall(key, stepPath, decl, args, nullptr, &e, deferred);
    throw;
  } catch (const std::exception &e) {
    traceCall("failed", e.what(), nullptr);
    if (journal_ && !cancel.cancelled()) {
      Error failure(ErrorKind::StepFailed, e.what());
      journalCall(key, stepPath, decl, args, nullptr, &failure, deferred);
    }
    throw;
  }
}

void Run::journalCall(const std::string &key, const std::string &stepPath, const ToolDecl &tool, const Value &args,
                      const Value *result, const Error *error, std::unique_ptr<journal::ToolCallRow> *deferred) {
  // A deferred call's result is its step's output, recorded with it: not serialized twice.
  auto row = std::make_unique<journal::ToolCallRow>(journal::ToolCallRow{
      key, stepPath, tool.name, args.dump(), !error, result && !deferred ? result->dump() : "",
      error ? journal::spellErrorKind(error->kind()) : "", error ? error->what() : ""});
  if (deferred) *deferred = std::move(row);
  else journal_->recordToolCall(*row);
}

const SchemaValidator *Run::schema(const char *json) {
  if (!json) return nullptr;
  LazySchema *lazy;
  {
    std::lock_guard lock(schemasMutex_);
    auto &slot = schemas_[json];
    if (!slot) slot = std::make_unique<LazySchema>(json);
    lazy = slot.get();
  }
  return lazy->get();
}

void Run::record(StepRecord record) {
  if (!recording()) return;  // the common case: nothing asked for them
  std::lock_guard lock(recordsMutex_);
  ++recorded_;
  if (progress_)
    std::fprintf(stderr, "\r\033[K%s: %zu steps done, last '%s' (%s)", program_.name, recorded_,
                 record.step.c_str(), record.status.c_str());
  // Under the lock, so that the counts reach the callback in order.
  if (onStep_) onStep_(record, recorded_);
  if (keepRecords_) records_.push_back(std::move(record));
}

void Run::clearProgress() const {
  if (progress_) std::fputs("\r\033[K", stderr);
}

std::vector<StepRecord> Run::records() const {
  std::lock_guard lock(recordsMutex_);
  return records_;
}

}  // namespace wfc
