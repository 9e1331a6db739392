#include "host/session/ExecuteRun.h"

#include "common/JsonReader.h"
#include "core/chat/ChatSession.h"
#include "core/cost/JournaledSpend.h"
#include "core/journal/RunJournal.h"
#include "core/journal/RunStore.h"
#include "core/scheduler/Frame.h"
#include "core/trace/Trace.h"
#include "core/workflow/Suspension.h"
#include "host/session/Resume.h"
#include "host/session/RunSetup.h"
#include "support/Elapsed.h"

#include <csignal>
#include <iostream>

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;

}  // namespace

Json runsWhat(const ProgramDecl &program) {
  if (program.workflow || chat::isChatProgram(program)) return nullptr;
  return program.compositions[0].name;
}

RunOutcome executeRun(const RunEnvironment &env, RunRequest request) {
  const ProgramDecl &program = env.program;
  const CancellationToken &cancel = request.cancel;
  RunOutcome outcome;
  outcome.resumed = request.resumed.has_value();
  // Inputs left out take their schema's defaults, before the journal records the input (a resumed
  // run's has them already; a chat turn's or a custom body's input is not a composition's).
  if (!request.resumed && !request.task && !request.body) request.input = withInputDefaults(program, std::move(request.input));
  // The run in the journal: resumed (its history loaded), or a new one.
  std::unique_ptr<journal::RunJournal> runJournal;
  if (env.journal) {
    try {
      runJournal = journal::startRun(*env.journal, request.resumed, env.identity, request.input, cancel);
    } catch (const Error &e) {
      outcome.started = false, outcome.status = journal::RunStatus::Failed, outcome.code = e.exitCode(), outcome.error = e.what();
      return outcome;
    } catch (const std::exception &e) {
      outcome.started = false, outcome.status = journal::RunStatus::Failed, outcome.code = 1;
      outcome.error = std::string("internal error: ") + e.what();
      return outcome;
    }
  }
  Run::Options runOptions;
  runOptions.maxConcurrency = env.maxConcurrency;
  runOptions.progress = request.progress;
  runOptions.keepRecords = request.keepRecords;
  runOptions.provider = env.provider;
  runOptions.model = env.model;
  runOptions.journal = runJournal.get();
  runOptions.onStep = std::move(request.onStep);
  if (runJournal) {
    runOptions.runId = runJournal->runId();
    runOptions.toolCallsBefore = runJournal->toolCallsBefore();
    // A resumed run goes on against what its budget has left (docs/cost.md "Budgets").
    if (runJournal->resuming()) runOptions.spendBefore = env.journal->runs().spend(runJournal->seq());
  }
  std::optional<cost::SpendBudget> ownBudget;
  if (!request.budget && env.budget.any()) ownBudget.emplace(env.budget, runOptions.spendBefore);
  runOptions.budget = request.budget ? request.budget : ownBudget ? &*ownBudget : nullptr;
  runOptions.prices = env.prices;
  runOptions.agentTools = request.agentTools;
  Trace *trace = request.trace ? request.trace : env.trace;
  Run run(program, env.tools, trace, std::move(runOptions), cancel);
  outcome.runId = run.runId();
  if (request.onStarted) {
    try {
      request.onStarted(outcome.runId);
    } catch (const Error &e) {  // the journal could not record it: nothing runs
      outcome.status = journal::RunStatus::Failed, outcome.code = e.exitCode() == 130 ? 1 : e.exitCode(), outcome.error = e.what();
      if (runJournal)
        try {
          env.journal->runs().finish(runJournal->seq(), journal::RunStatus::Failed, std::nullopt, outcome.code, outcome.error, std::nullopt,
                                 journal::nowMs());
        } catch (const Error &) {
        }
      return outcome;
    }
  }
  if (env.timeoutMs)  // --timeout: the whole run stops, exit 3 (docs/executable.md)
    run.deadlines().schedule(request.started + std::chrono::milliseconds(env.timeoutMs), cancel,
                             std::string(kBudgetReason) + ": the run's --timeout (" + std::to_string(env.timeoutMs) +
                                 " ms) ran out");
  if (program.maxWallTimeMs)  // engine.budget.max_wall_time_sec: the whole run stops, exit 3
    run.deadlines().schedule(request.started + std::chrono::milliseconds(program.maxWallTimeMs), cancel,
                             std::string(kBudgetReason) + ": engine.budget.max_wall_time_sec (" +
                                 std::to_string(program.maxWallTimeMs / 1000) + " s) exhausted");
  std::string rootSpan = trace ? trace->newSpanId() : "";
  if (trace) {
    outcome.traceId = trace->traceId();
    nlohmann::ordered_json start = {{"run_id", run.runId()}, {"span_id", rootSpan}};
    if (!trace->parentSpanId().empty()) start["parent_span_id"] = trace->parentSpanId();
    start.update({{"workflow", program.name}, {"version", program.version}, {"composition", runsWhat(program)},
                  {"resumed", outcome.resumed}});
    trace->write("run_start", start);
  }

  int &code = outcome.code;
  std::string &error = outcome.error;
  std::optional<Value> &output = outcome.output;
  std::optional<std::string> awaiting;  // a suspended run's (docs/journal.md)
  try {
    if (request.body) {
      output = request.body(run, cancel, rootSpan);
    } else if (program.workflow) {
      output = workflow::runWorkflow(run, request.input, cancel, rootSpan, request.events ? &*request.events : nullptr,
                                     outcome.visits);
    } else if (chat::isChatProgram(program)) {
      if (!request.task) throw std::logic_error("a chat turn without a task");
      output = Value::string(chat::runTurn(run, *request.task, request.input, cancel, rootSpan, request.mediaFiles));
    } else {
      output = runComposition(run, 0, request.input, cancel, "", rootSpan);
    }
  } catch (const FailureWithOutput &e) {  // a tool composition's result object (docs/tool-composition.md)
    code = e.exitCode();
    error = e.what();
    output = e.output();
  } catch (const Error &e) {
    code = e.exitCode();
    error = e.what();
  } catch (const workflow::Suspension &s) {
    code = 4;
    awaiting = journal::awaiting(s);
    std::string list;
    for (size_t i = 0; i < s.events().size(); ++i)
      list += (i == 0 ? "" : i + 1 == s.events().size() ? " or " : ", ") + std::string("'") + s.events()[i] + "'";
    error = "run " + run.runId() + " is suspended: external state '" + s.state() + "' is waiting for " + list +
            "; continue it with --journal " + (env.journal ? env.journal->path() : std::string("FILE")) +
            " --resume " + run.runId() + " --event NAME";
    if (!outcome.visits.empty()) outcome.visits.back().status = "suspended";
  } catch (const std::exception &e) {
    code = 1;
    error = std::string("internal error: ") + e.what();
  }
  run.clearProgress();
  if (int signal = env.signals ? env.signals->signal() : 0; signal != 0) {
    code = 128 + signal;
    error = std::string("interrupted by ") + (signal == SIGINT ? "SIGINT" : "SIGTERM");
    output.reset();
  } else if (cancel.cancelled() && cancel.reason().rfind(kBudgetReason, 0) == 0) {
    code = 3;
    error = cancel.reason().substr(std::string(kBudgetReason).size() + 2);
    output.reset();
  } else if (cancel.cancelled() && cancel.reason().rfind(kSuspendReason, 0) == 0 && runJournal) {
    code = 4;  // stopped to go on later: what completed is in the journal (docs/serve.md)
    error = "run " + run.runId() + " is suspended: " + cancel.reason().substr(std::string(kSuspendReason).size() + 2);
    awaiting.reset();
    output.reset();
    if (!outcome.visits.empty()) outcome.visits.back().status = "suspended";
  } else if (cancel.cancelled() && cancel.reason().rfind(journal::kJournalReason, 0) == 0) {
    code = 1;  // the journal could not be written: the run stopped (docs/journal.md)
    error = cancel.reason().substr(std::string(journal::kJournalReason).size() + 2);
    output.reset();
  } else if (cancel.cancelled()) {
    // Stopped from outside for another reason (an MCP client's notifications/cancelled): the run
    // was cancelled, whatever its steps made of it.
    code = Error(ErrorKind::Cancelled, "").exitCode();
    error = cancel.reason();
    output.reset();
  }
  using journal::RunStatus;
  outcome.status = code == 0     ? RunStatus::Succeeded
                   : code == 4   ? RunStatus::Suspended
                   : code >= 128 ? RunStatus::Cancelled
                                 : RunStatus::Failed;
  if (runJournal) {
    try {
      env.journal->runs().finish(runJournal->seq(), outcome.status, output ? std::optional(output->dump()) : std::nullopt,
                             code, error, awaiting, journal::nowMs());
    } catch (const Error &e) {
      // The journal cannot say how the run ended: it stays 'running' there, and a resume
      // finishes it. A run the journal does not know as done is not reported as done.
      if (code == 0 || code == 4) {
        code = 1;
        outcome.status = journal::RunStatus::Failed;
        output.reset();
        error = e.what();
      } else if (error.find(e.what()) == std::string::npos) {
        std::cerr << env.self << ": warning: the run's end is not recorded: " << e.what() << "\n";
      }
    }
  }
  outcome.durationMs = millisSince(request.started);
  if (trace) {
    Json end = {{"run_id", run.runId()}, {"span_id", rootSpan}, {"status", spell(outcome.status)}, {"exit_code", code},
                {"duration_ms", outcome.durationMs}};
    if (!error.empty()) end["error"] = error;
    end["spend"] = cost::spendReport(run.spend());
    trace->write("run_end", end);
  }
  outcome.toolCalls = run.toolCalls();
  outcome.promptTokens = run.promptTokens();
  outcome.completionTokens = run.completionTokens();
  outcome.spend = run.spend();
  if (request.keepRecords) {
    outcome.steps = run.records();
    outcome.evals = run.evalRecords();
    outcome.validations = run.validationRecords();
  }
  return outcome;
}

Json runReport(const RunEnvironment &env, const RunOutcome &outcome) {
  const ProgramDecl &program = env.program;
  Json steps = Json::array();
  for (const StepRecord &r : outcome.steps) {
    Json s = {{"step", r.step}, {"kind", r.kind}, {"status", r.status}, {"attempts", r.attempts},
              {"duration_ms", r.durationMs}};
    if (r.resumed) s["resumed"] = true;
    if (*r.cache) s["cache"] = r.cache;
    if (!r.error.empty()) s["error"] = r.error;
    steps.push_back(s);
  }
  Json report = {{"run_id", outcome.runId},
                 {"workflow", program.name},
                 {"version", program.version},
                 {"composition", runsWhat(program)},
                 {"status", spell(outcome.status)},
                 {"exit_code", outcome.code},
                 {"duration_ms", outcome.durationMs},
                 {"resumed", outcome.resumed},
                 {"tool_calls", outcome.toolCalls},
                 {"tokens", {{"prompt", outcome.promptTokens}, {"completion", outcome.completionTokens}}},
                 {"spend", cost::spendReport(outcome.spend)},
                 {"steps", steps}};
  if (!outcome.evals.empty()) {
    Json list = Json::array();
    for (const evals::EvalRecord &r : outcome.evals) {
      Json e = {{"step", r.step}, {"eval", r.eval}, {"type", r.type}, {"attempt", r.attempt}};
      if (r.item) e["item"] = *r.item;
      e["status"] = r.status;
      if (r.score) e["score"] = *r.score;
      if (!r.threshold.empty()) e["threshold"] = r.threshold;
      e["gate"] = r.gate;
      if (!r.message.empty()) e["message"] = r.message;
      if (!r.rationale.empty()) e["rationale"] = r.rationale;
      e["duration_ms"] = r.durationMs;
      list.push_back(std::move(e));
    }
    report["evals"] = std::move(list);
  }
  if (!outcome.validations.empty()) {
    Json list = Json::array();
    for (const evals::ValidationRecord &r : outcome.validations) {
      Json v = {{"step", r.step}, {"validator", r.validator}, {"type", r.type}, {"direction", r.direction},
                {"attempt", r.attempt}, {"round", r.round}};
      if (r.item) v["item"] = *r.item;
      if (r.score) v["score"] = *r.score;
      v["triggered"] = r.triggered;
      if (!r.action.empty()) v["action"] = r.action;
      if (!r.message.empty()) v["message"] = r.message;
      v["duration_ms"] = r.durationMs;
      list.push_back(std::move(v));
    }
    report["validations"] = std::move(list);
  }
  if (program.workflow) {
    Json states = Json::array();
    for (const workflow::VisitRecord &v : outcome.visits) {
      Json s = {{"state", v.state}, {"kind", v.kind}, {"visit", v.visit}, {"status", v.status},
                {"duration_ms", v.durationMs}};
      if (!v.event.empty()) s["event"] = v.event, s["next"] = v.next;
      if (v.resumed) s["resumed"] = true;
      if (!v.error.empty()) s["error"] = v.error;
      states.push_back(s);
    }
    report["states"] = states;
  }
  if (program.governance) report["governance"] = readJson(program.governance);
  if (!outcome.traceId.empty()) report["trace_id"] = outcome.traceId;
  if (!outcome.error.empty()) report["error"] = outcome.error;
  return report;
}

}  // namespace wfc
