// The scheduler (runtime/core/scheduler/Frame.cpp) and the run (runtime/core/run/Run.cpp) driven without the compiler:
// the program tables are written by hand, as generated code writes them, and every step calls
// one native tool whose behaviour its arguments choose (echo, sleep, wait on the cancellation
// token, fail, fail a number of times). The tool records what happened: call order, start/end,
// how many calls were in flight at once, idempotency keys, whether it saw its token cancelled.
#include "core/tools/ToolTable.h"
#include "core/run/Run.h"
#include "core/scheduler/Frame.h"
#include "core/trace/EventStream.h"
#include "core/trace/Trace.h"
#include "TestSupport.h"

#include "wfc/error.h"
#include "wfc/program.h"
#include "wfc/tool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace wfc {
namespace {

using Clock = std::chrono::steady_clock;
using test::errorOf;

// --- The native tool and what it records ------------------------------------------------------

struct Recorder {
  std::mutex mutex;
  std::vector<std::string> events;  // "start:LABEL", "end:LABEL", "LABEL:cancelled", "LABEL:finished"
  std::vector<std::string> keys;    // idempotency keys, in call order
  std::map<std::string, int> calls;  // per label
  std::atomic<int> inFlight{0};
  std::atomic<int> maxInFlight{0};

  void reset() {
    std::lock_guard lock(mutex);
    events.clear();
    keys.clear();
    calls.clear();
    inFlight = 0;
    maxInFlight = 0;
  }
  void add(std::string event) {
    std::lock_guard lock(mutex);
    events.push_back(std::move(event));
  }
  bool has(const std::string &event) {
    std::lock_guard lock(mutex);
    return std::find(events.begin(), events.end(), event) != events.end();
  }
  // Position of an event, or -1.
  long indexOf(const std::string &event) {
    std::lock_guard lock(mutex);
    auto it = std::find(events.begin(), events.end(), event);
    return it == events.end() ? -1 : long(it - events.begin());
  }
  int callsOf(const std::string &label) {
    std::lock_guard lock(mutex);
    auto it = calls.find(label);
    return it == calls.end() ? 0 : it->second;
  }
  std::vector<std::string> snapshot() {
    std::lock_guard lock(mutex);
    return events;
  }
  std::vector<std::string> keySnapshot() {
    std::lock_guard lock(mutex);
    return keys;
  }
};

Recorder g;

int64_t intArg(const Value &args, const char *key) {
  auto v = args.get(key);
  return v ? v->asInteger() : 0;
}

// args: {op, label, ms, value, failures}
Value f(const Value &args, const ToolCall &call) {
  const std::string op = args.get("op")->asString();
  const std::string label = args.get("label") ? args.get("label")->asString() : std::string();
  const auto ms = std::chrono::milliseconds(intArg(args, "ms"));
  Value value = args.get("value").value_or(Value());
  int n = 0;
  {
    std::lock_guard lock(g.mutex);
    g.keys.emplace_back(call.idempotencyKey);
    n = ++g.calls[label];
    g.events.push_back("start:" + label);
  }
  int now = ++g.inFlight;
  for (int seen = g.maxInFlight.load(); now > seen && !g.maxInFlight.compare_exchange_weak(seen, now);) {}
  struct End {
    const std::string &label;
    ~End() {
      --g.inFlight;
      g.add("end:" + label);
    }
  } end{label};

  if (op == "echo") return value;
  if (op == "emit") {  // a custom event, then the value
    call.emit("progress", Value::object({{"label", Value::string(label)}}));
    return value;
  }
  if (op == "sleep") {  // ignores cancellation
    std::this_thread::sleep_for(ms);
    return value;
  }
  if (op == "wait") {  // up to `ms`, stopping early when the token is cancelled
    bool cancelled = call.cancel.waitFor(ms);
    g.add(label + (cancelled ? ":cancelled" : ":finished"));
    call.cancel.throwIfCancelled();
    return value;
  }
  if (op == "fail") {  // after `ms` (and, with `after`, once that label's call started), ignoring cancellation
    if (auto after = args.get("after")) {
      for (auto until = Clock::now() + std::chrono::seconds(5);
           !g.has("start:" + after->asString()) && Clock::now() < until;)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    std::this_thread::sleep_for(ms);
    throw Error(ErrorKind::StepFailed, label + " failed on purpose");
  }
  if (op == "flaky") {  // fails its first `failures` calls
    if (n <= intArg(args, "failures"))
      throw Error(ErrorKind::StepFailed, label + " failed on attempt " + std::to_string(n));
    return Value::integer(n);
  }
  throw Error(ErrorKind::StepFailed, "test tool: unknown op '" + op + "'");
}

Value op(const char *op, const char *label, int64_t ms = 0, Value value = Value(), int64_t failures = 0) {
  return Value::object({{"op", Value::string(op)},
                        {"label", Value::string(label)},
                        {"ms", Value::integer(ms)},
                        {"value", std::move(value)},
                        {"failures", Value::integer(failures)}});
}

Value json(const char *text) { return Value::parse(text); }

const ToolDecl kTools[] = {{.name = "t", .effect = Effect::Write, .called = true}};
constexpr int kTool = 0;

// --- The fixture: one run of a hand-written program -------------------------------------------

class SchedulerTest : public ::testing::Test {
 protected:
  void SetUp() override { g.reset(); }

  // Runs compositions[0] with `input`; keeps the run id, the step records and the wall time.
  Value run(std::span<const CompositionDecl> compositions, const Value &input, unsigned maxConcurrency = 8,
            CancellationToken token = CancellationToken()) {
    const ProgramDecl program = {.name = "scheduler-test", .version = "1", .tools = kTools,
                                 .compositions = compositions};
    wfc::Run::Options options;
    options.maxConcurrency = maxConcurrency;
    wfc::Run run(program, table_, trace_, options, token);
    runId_ = run.runId();
    Clock::time_point start = Clock::now();
    auto done = [&] {
      elapsedMs_ = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
      records_ = run.records();
    };
    try {
      Value out = wfc::runComposition(run, 0, input, token, "", "");
      done();
      return out;
    } catch (...) {
      done();
      throw;
    }
  }
  Value run(const CompositionDecl &composition, const Value &input, unsigned maxConcurrency = 8,
            CancellationToken token = CancellationToken()) {
    return run(std::span<const CompositionDecl>(&composition, 1), input, maxConcurrency, std::move(token));
  }

  const StepRecord *record(const std::string &step) const {
    for (const StepRecord &r : records_)
      if (r.step == step) return &r;
    return nullptr;
  }

  BindingsFile bindings_ = BindingsFile::parse("tools: {t: {native: f}}", "test");
  ToolTable table_{{"t"}, {"t"}, &bindings_, nullptr, ToolTable::Options{.natives = {{"f", &f}}}};
  Trace *trace_ = nullptr;
  std::string runId_;
  std::vector<StepRecord> records_;
  double elapsedMs_ = 0;
};

// --- Order: a chain ---------------------------------------------------------------------------

namespace chain {
enum { a, b, c };
Value runA(StepContext &ctx) { return ctx.callTool(kTool, op("sleep", "a", 30, ctx.input({"x"}, "${input.x}"))); }
Value runB(StepContext &ctx) {
  return ctx.callTool(kTool, op("sleep", "b", 30, Value::object({{"from_a", ctx.output(a, "${a.output}")}})));
}
Value runC(StepContext &ctx) {
  return ctx.callTool(kTool, op("sleep", "c", 30,
                                Value::object({{"from_b", ctx.output(b, {"from_a"}, "${b.output.from_a}")},
                                               {"n", Value::integer(3)}})));
}
const StepDecl kSteps[] = {
    {.id = "a", .location = "chain.yaml:3", .run = runA, .tool = kTool},
    {.id = "b", .location = "chain.yaml:4", .after = {a}, .run = runB, .tool = kTool},
    {.id = "c", .location = "chain.yaml:5", .after = {b}, .run = runC, .tool = kTool},
};
const CompositionDecl kComposition = {.name = "chain", .location = "chain.yaml:1", .steps = kSteps};
}  // namespace chain

TEST_F(SchedulerTest, ChainStepSeesItsPredecessorsOutput) {
  Value out = run(chain::kComposition, json(R"({"x":{"deep":[1,2]}})"));
  EXPECT_EQ(out.dump(), R"({"from_b":{"deep":[1,2]},"n":3})");
}

TEST_F(SchedulerTest, ChainedStepsRunOneAtATime) {
  run(chain::kComposition, json(R"({"x":1})"), /*maxConcurrency*/ 8);
  EXPECT_EQ(g.snapshot(), (std::vector<std::string>{"start:a", "end:a", "start:b", "end:b", "start:c", "end:c"}));
  EXPECT_EQ(g.maxInFlight.load(), 1);
  EXPECT_GE(elapsedMs_, 90.0);
}

// --- Branch -----------------------------------------------------------------------------------

namespace branch {
enum { pre, gate, yes, no, tail };
bool whenGate(StepContext &ctx) { return ctx.input({"flag"}, "${input.flag}").asBool(); }
Value runPre(StepContext &ctx) { return ctx.callTool(kTool, op("echo", "pre", 0, Value::string("pre"))); }
Value runYes(StepContext &ctx) { return ctx.callTool(kTool, op("echo", "yes", 0, Value::string("yes"))); }
Value runNo(StepContext &ctx) { return ctx.callTool(kTool, op("echo", "no", 0, Value::string("no"))); }
Value runTail(StepContext &ctx) {
  return ctx.callTool(kTool, op("echo", "tail", 0,
                                Value::object({{"gate", ctx.output(gate, "${gate.output}")},
                                               {"yes_ran", Value::boolean(ctx.exists(yes, {}))},
                                               {"no_ran", Value::boolean(ctx.exists(no, {}))}})));
}
// pre; gate (then yes, else no); yes; no (after yes, as codegen writes it); tail (after no).
const StepDecl kSteps[] = {
    {.id = "pre", .location = "branch.yaml:3", .run = runPre, .tool = kTool},
    {.id = "gate", .kind = StepKind::Branch, .location = "branch.yaml:4", .after = {pre}, .predicate = whenGate,
     .thenStep = yes, .elseStep = no},
    {.id = "yes", .location = "branch.yaml:8", .after = {gate}, .guard = Guard::Then, .guardedBy = gate,
     .run = runYes, .tool = kTool},
    {.id = "no", .location = "branch.yaml:9", .after = {yes}, .guard = Guard::Else, .guardedBy = gate,
     .run = runNo, .tool = kTool},
    {.id = "tail", .location = "branch.yaml:10", .after = {no}, .run = runTail, .tool = kTool},
};
const CompositionDecl kComposition = {.name = "branch", .location = "branch.yaml:1", .steps = kSteps};
}  // namespace branch

TEST_F(SchedulerTest, BranchThenRunsThenTargetAndSkipsElse) {
  Value out = run(branch::kComposition, json(R"({"flag":true})"));
  EXPECT_EQ(out.dump(), R"({"gate":{"taken":"then"},"yes_ran":true,"no_ran":false})");
  EXPECT_EQ(g.callsOf("yes"), 1);
  EXPECT_EQ(g.callsOf("no"), 0);
  EXPECT_EQ(g.callsOf("tail"), 1);  // after the skipped 'no': still runs
  ASSERT_NE(record("no"), nullptr);
  EXPECT_EQ(record("no")->status, "skipped");
  EXPECT_LT(g.indexOf("end:yes"), g.indexOf("start:tail"));
}

TEST_F(SchedulerTest, BranchElseRunsElseTargetAndSkipsThen) {
  Value out = run(branch::kComposition, json(R"({"flag":false})"));
  EXPECT_EQ(out.dump(), R"({"gate":{"taken":"else"},"yes_ran":false,"no_ran":true})");
  EXPECT_EQ(g.callsOf("yes"), 0);
  EXPECT_EQ(g.callsOf("no"), 1);  // `after` the skipped 'yes': skipped counts as done
  EXPECT_EQ(g.callsOf("tail"), 1);
  ASSERT_NE(record("yes"), nullptr);
  EXPECT_EQ(record("yes")->status, "skipped");
  EXPECT_EQ(g.snapshot(),
            (std::vector<std::string>{"start:pre", "end:pre", "start:no", "end:no", "start:tail", "end:tail"}));
}

namespace noelse {
enum { gate, yes, tail };
Value runTail(StepContext &ctx) {
  return ctx.callTool(kTool, op("echo", "tail", 0,
                                Value::object({{"gate", ctx.output(gate, "${gate.output}")},
                                               {"yes_ran", Value::boolean(ctx.exists(yes, {}))}})));
}
const StepDecl kSteps[] = {
    {.id = "gate", .kind = StepKind::Branch, .location = "noelse.yaml:3", .predicate = branch::whenGate,
     .thenStep = yes},
    {.id = "yes", .location = "noelse.yaml:6", .after = {gate}, .guard = Guard::Then, .guardedBy = gate,
     .run = branch::runYes, .tool = kTool},
    {.id = "tail", .location = "noelse.yaml:7", .after = {yes}, .run = runTail, .tool = kTool},
};
const CompositionDecl kComposition = {.name = "noelse", .location = "noelse.yaml:1", .steps = kSteps};
}  // namespace noelse

TEST_F(SchedulerTest, BranchWithoutElseAndFalsePredicateSkipsThenTarget) {
  Value out = run(noelse::kComposition, json(R"({"flag":false})"));
  EXPECT_EQ(out.dump(), R"({"gate":{"taken":null},"yes_ran":false})");
  EXPECT_EQ(g.callsOf("yes"), 0);
  EXPECT_EQ(g.callsOf("tail"), 1);
  ASSERT_NE(record("yes"), nullptr);
  EXPECT_EQ(record("yes")->status, "skipped");

  g.reset();
  out = run(noelse::kComposition, json(R"({"flag":true})"));
  EXPECT_EQ(out.dump(), R"({"gate":{"taken":"then"},"yes_ran":true})");
  EXPECT_EQ(g.callsOf("yes"), 1);
}

namespace skippedref {
enum { gate, yes, user };
Value runUser(StepContext &ctx) {
  return ctx.callTool(kTool, op("echo", "user", 0, ctx.output(yes, "${yes.output}")));
}
const StepDecl kSteps[] = {
    {.id = "gate", .kind = StepKind::Branch, .location = "ref.yaml:3", .predicate = branch::whenGate,
     .thenStep = yes},
    {.id = "yes", .location = "ref.yaml:6", .after = {gate}, .guard = Guard::Then, .guardedBy = gate,
     .run = branch::runYes, .tool = kTool},
    {.id = "user", .location = "ref.yaml:7", .after = {yes}, .run = runUser, .tool = kTool},
};
const CompositionDecl kComposition = {.name = "ref", .location = "ref.yaml:1", .steps = kSteps};
}  // namespace skippedref

TEST_F(SchedulerTest, ReferenceToSkippedStepFailsNamingIt) {
  std::string message = errorOf([&] { run(skippedref::kComposition, json(R"({"flag":false})")); },
                                ErrorKind::StepFailed);
  EXPECT_NE(message.find("ref.yaml:7: step 'user' failed"), std::string::npos) << message;
  EXPECT_NE(message.find("${yes.output}"), std::string::npos) << message;
  EXPECT_NE(message.find("'yes'"), std::string::npos) << message;
  EXPECT_NE(message.find("skipped"), std::string::npos) << message;
  EXPECT_EQ(g.callsOf("user"), 0);

  g.reset();
  EXPECT_EQ(run(skippedref::kComposition, json(R"({"flag":true})")).dump(), R"("yes")");
}

// --- Output -----------------------------------------------------------------------------------

namespace lastran {
enum { a, gate, b, c };
Value runA(StepContext &ctx) { return ctx.callTool(kTool, op("echo", "a", 0, Value::string("a"))); }
Value runB(StepContext &ctx) { return ctx.callTool(kTool, op("echo", "b", 0, Value::string("b"))); }
Value runC(StepContext &ctx) { return ctx.callTool(kTool, op("echo", "c", 0, Value::string("c"))); }
const StepDecl kSteps[] = {
    {.id = "a", .location = "out.yaml:3", .run = runA, .tool = kTool},
    {.id = "gate", .kind = StepKind::Branch, .location = "out.yaml:4", .after = {a}, .predicate = branch::whenGate,
     .thenStep = b, .elseStep = c},
    {.id = "b", .location = "out.yaml:8", .after = {gate}, .guard = Guard::Then, .guardedBy = gate, .run = runB,
     .tool = kTool},
    {.id = "c", .location = "out.yaml:9", .after = {b}, .guard = Guard::Else, .guardedBy = gate, .run = runC,
     .tool = kTool},
};
const CompositionDecl kDefault = {.name = "out", .location = "out.yaml:1", .output = -1, .steps = kSteps};
const CompositionDecl kExplicit = {.name = "out", .location = "out.yaml:1", .output = b, .steps = kSteps};

// a; gate (then b only); b — the last step skipped leaves the branch's own output.
const StepDecl kNoElseSteps[] = {
    {.id = "a", .location = "out2.yaml:3", .run = runA, .tool = kTool},
    {.id = "gate", .kind = StepKind::Branch, .location = "out2.yaml:4", .after = {a}, .predicate = branch::whenGate,
     .thenStep = 2},
    {.id = "b", .location = "out2.yaml:8", .after = {1}, .guard = Guard::Then, .guardedBy = 1, .run = runB,
     .tool = kTool},
};
const CompositionDecl kNoElse = {.name = "out2", .location = "out2.yaml:1", .steps = kNoElseSteps};
}  // namespace lastran

TEST_F(SchedulerTest, DefaultOutputIsLastTopLevelStepThatRan) {
  EXPECT_EQ(run(lastran::kDefault, json(R"({"flag":false})")).dump(), R"("c")");
  g.reset();
  // c, the last step, was skipped: the one before it.
  EXPECT_EQ(run(lastran::kDefault, json(R"({"flag":true})")).dump(), R"("b")");
  g.reset();
  // b skipped: the branch step itself ran last.
  EXPECT_EQ(run(lastran::kNoElse, json(R"({"flag":false})")).dump(), R"({"taken":null})");
}

TEST_F(SchedulerTest, ExplicitOutputNamingSkippedStepFails) {
  EXPECT_EQ(run(lastran::kExplicit, json(R"({"flag":true})")).dump(), R"("b")");
  g.reset();
  std::string message = errorOf([&] { run(lastran::kExplicit, json(R"({"flag":false})")); }, ErrorKind::StepFailed);
  EXPECT_NE(message.find("'b'"), std::string::npos) << message;
  EXPECT_NE(message.find("skipped"), std::string::npos) << message;
  EXPECT_EQ(g.callsOf("c"), 1);
}

// --- Parallel ---------------------------------------------------------------------------------

namespace twosleepers {
enum { par, x, y };
Value runX(StepContext &ctx) { return ctx.callTool(kTool, op("sleep", "x", 100, Value::string("x"))); }
Value runY(StepContext &ctx) { return ctx.callTool(kTool, op("sleep", "y", 100, Value::string("y"))); }
const StepDecl kSteps[] = {
    {.id = "par", .kind = StepKind::Parallel, .location = "par.yaml:3", .reduce = Reduce::Barrier, .into = "r"},
    {.id = "x", .location = "par.yaml:5", .parent = par, .run = runX, .tool = kTool},
    {.id = "y", .location = "par.yaml:6", .parent = par, .run = runY, .tool = kTool},
};
const CompositionDecl kComposition = {.name = "par", .location = "par.yaml:1", .steps = kSteps};
}  // namespace twosleepers

TEST_F(SchedulerTest, ParallelBranchesRunConcurrently) {
  Value out = run(twosleepers::kComposition, json("{}"), /*maxConcurrency*/ 8);
  // The parallel step is the last top-level step: its output, not its last branch's.
  EXPECT_EQ(out.dump(), R"({"r":{"x":"x","y":"y"}})");
  EXPECT_LT(elapsedMs_, 180.0);
  EXPECT_EQ(g.maxInFlight.load(), 2);
}

namespace emitting {
enum { par, x, y };
Value runX(StepContext &ctx) { return ctx.callTool(kTool, op("emit", "x", 0, Value::string("x"))); }
Value runY(StepContext &ctx) { return ctx.callTool(kTool, op("emit", "y", 0, Value::string("y"))); }
const StepDecl kSteps[] = {
    {.id = "par", .kind = StepKind::Parallel, .location = "par.yaml:3", .reduce = Reduce::Barrier, .into = "r"},
    {.id = "x", .location = "par.yaml:5", .parent = par, .run = runX, .tool = kTool},
    {.id = "y", .location = "par.yaml:6", .parent = par, .run = runY, .tool = kTool},
};
const CompositionDecl kComposition = {.name = "par", .location = "par.yaml:1", .steps = kSteps};
}  // namespace emitting

// --stream (docs/streaming.md): each step's start and end, the end with the step's output, and a
// native tool's custom events, named by the step that called the tool — from parallel branches.
TEST_F(SchedulerTest, AStreamedRunCarriesStepOutputsAndToolsCustomEvents) {
  std::string path = testing::TempDir() + "scheduler-stream.ndjson";
  {
    Trace trace({std::make_shared<EventStream>(path)});
    trace_ = &trace;
    run(emitting::kComposition, json("{}"));
    trace_ = nullptr;
  }
  std::ifstream in(path);
  std::map<std::string, nlohmann::json> seen;  // "EVENT STEP" -> line
  std::vector<std::string> order;
  for (std::string line; std::getline(in, line);) {
    nlohmann::json event = nlohmann::json::parse(line);
    EXPECT_FALSE(event.contains("span_id")) << line;
    std::string key = event["event"].get<std::string>() + " " + event.value("step", "");
    seen[key] = event;
    order.push_back(key);
  }
  for (const char *step : {"x", "y"}) {
    std::string s = step;
    ASSERT_TRUE(seen.count("custom " + s)) << s;
    EXPECT_EQ(seen["custom " + s]["tool"], "t");
    EXPECT_EQ(seen["custom " + s]["name"], "progress");
    EXPECT_EQ(seen["custom " + s]["data"], (nlohmann::json{{"label", s}}));
    EXPECT_EQ(seen["step_end " + s]["output"], s);
    auto at = [&](const std::string &key) { return std::find(order.begin(), order.end(), key) - order.begin(); };
    EXPECT_LT(at("step_start " + s), at("custom " + s));
    EXPECT_LT(at("custom " + s), at("step_end " + s));
  }
  EXPECT_EQ(seen["step_end par"]["output"], (nlohmann::json{{"r", {{"x", "x"}, {"y", "y"}}}}));
  std::remove(path.c_str());
}

TEST_F(SchedulerTest, MaxConcurrencyOneRunsBranchesOneAtATime) {
  Value out = run(twosleepers::kComposition, json("{}"), /*maxConcurrency*/ 1);
  EXPECT_EQ(out.dump(), R"({"r":{"x":"x","y":"y"}})");
  EXPECT_GE(elapsedMs_, 200.0);
  EXPECT_EQ(g.maxInFlight.load(), 1);
}

namespace fourwide {
enum { par, b1, b2, b3, b4, next };
Value runB1(StepContext &ctx) { return ctx.callTool(kTool, op("sleep", "b1", 100, Value::integer(1))); }
Value runB2(StepContext &ctx) { return ctx.callTool(kTool, op("sleep", "b2", 100, Value::integer(2))); }
Value runB3(StepContext &ctx) { return ctx.callTool(kTool, op("sleep", "b3", 100, Value::integer(3))); }
Value runB4(StepContext &ctx) { return ctx.callTool(kTool, op("sleep", "b4", 10, Value::integer(4))); }
Value runNext(StepContext &ctx) {
  return ctx.callTool(kTool, op("echo", "next", 0, ctx.output(par, {"r"}, "${par.output.r}")));
}
const StepDecl kSteps[] = {
    {.id = "par", .kind = StepKind::Parallel, .location = "w.yaml:3", .reduce = Reduce::Append, .into = "r"},
    {.id = "b1", .location = "w.yaml:5", .parent = par, .run = runB1, .tool = kTool},
    {.id = "b2", .location = "w.yaml:6", .parent = par, .run = runB2, .tool = kTool},
    {.id = "b3", .location = "w.yaml:7", .parent = par, .run = runB3, .tool = kTool},
    {.id = "b4", .location = "w.yaml:8", .parent = par, .run = runB4, .tool = kTool},
    {.id = "next", .location = "w.yaml:9", .after = {par}, .run = runNext, .tool = kTool},
};
const CompositionDecl kComposition = {.name = "w", .location = "w.yaml:1", .steps = kSteps};
}  // namespace fourwide

TEST_F(SchedulerTest, MaxConcurrencyBoundsInFlightBranches) {
  Value out = run(fourwide::kComposition, json("{}"), /*maxConcurrency*/ 2);
  EXPECT_EQ(out.dump(), "[1,2,3,4]");
  EXPECT_EQ(g.maxInFlight.load(), 2);
  EXPECT_GE(elapsedMs_, 200.0);
  EXPECT_LT(elapsedMs_, 300.0 + 150.0);  // generous: two rounds of 100 ms, not four
}

TEST_F(SchedulerTest, StepAfterParallelWaitsForEveryBranch) {
  Value out = run(fourwide::kComposition, json("{}"), /*maxConcurrency*/ 8);
  EXPECT_EQ(out.dump(), "[1,2,3,4]");
  EXPECT_EQ(g.maxInFlight.load(), 4);
  EXPECT_LT(elapsedMs_, 180.0);
  long next = g.indexOf("start:next");
  for (const char *b : {"end:b1", "end:b2", "end:b3", "end:b4"}) EXPECT_LT(g.indexOf(b), next) << b;
}

namespace skippedparallel {
enum { gate, par, x, y, tail };
Value runX(StepContext &ctx) { return ctx.callTool(kTool, op("echo", "x", 0, Value::string("x"))); }
Value runY(StepContext &ctx) { return ctx.callTool(kTool, op("echo", "y", 0, Value::string("y"))); }
Value runTail(StepContext &ctx) { return ctx.callTool(kTool, op("echo", "tail", 0, Value::string("tail"))); }
Value runUser(StepContext &ctx) { return ctx.callTool(kTool, op("echo", "user", 0, ctx.output(x, "${x.output}"))); }
// gate (then par); par {x, y}; tail (after par).
const StepDecl kSteps[] = {
    {.id = "gate", .kind = StepKind::Branch, .location = "sp.yaml:3", .predicate = branch::whenGate, .thenStep = par},
    {.id = "par", .kind = StepKind::Parallel, .location = "sp.yaml:6", .after = {gate}, .guard = Guard::Then,
     .guardedBy = gate, .reduce = Reduce::Barrier, .into = "r"},
    {.id = "x", .location = "sp.yaml:8", .parent = par, .run = runX, .tool = kTool},
    {.id = "y", .location = "sp.yaml:9", .parent = par, .run = runY, .tool = kTool},
    {.id = "tail", .location = "sp.yaml:10", .after = {par}, .run = runTail, .tool = kTool},
};
const CompositionDecl kComposition = {.name = "sp", .location = "sp.yaml:1", .steps = kSteps};
const StepDecl kUserSteps[] = {
    kSteps[0], kSteps[1], kSteps[2], kSteps[3],
    {.id = "user", .location = "sp.yaml:10", .after = {par}, .run = runUser, .tool = kTool},
};
const CompositionDecl kUser = {.name = "sp", .location = "sp.yaml:1", .steps = kUserSteps};
}  // namespace skippedparallel

TEST_F(SchedulerTest, SkippedParallelStepSkipsItsBranches) {
  EXPECT_EQ(run(skippedparallel::kComposition, json(R"({"flag":false})")).dump(), R"("tail")");
  EXPECT_EQ(g.callsOf("x") + g.callsOf("y"), 0);
  for (const char *step : {"par", "x", "y"}) {
    ASSERT_NE(record(step), nullptr) << step;
    EXPECT_EQ(record(step)->status, "skipped") << step;
  }
  g.reset();
  EXPECT_EQ(run(skippedparallel::kComposition, json(R"({"flag":true})")).dump(), R"("tail")");
  EXPECT_EQ(g.callsOf("x") + g.callsOf("y"), 2);
  EXPECT_LT(g.indexOf("end:x"), g.indexOf("start:tail"));
  EXPECT_LT(g.indexOf("end:y"), g.indexOf("start:tail"));

  g.reset();
  std::string message = errorOf([&] { run(skippedparallel::kUser, json(R"({"flag":false})")); }, ErrorKind::StepFailed);
  EXPECT_NE(message.find("names step 'x', which was skipped"), std::string::npos) << message;
  EXPECT_NE(message.find("parallel step 'par'"), std::string::npos) << message;
}

namespace reducers {
enum { par, first, second, third };
// The first branch is the slowest and the third the fastest: completion order is the reverse of
// declaration order.
Value runFirst(StepContext &ctx) { return ctx.callTool(kTool, op("sleep", "first", 150, json("[1,2]"))); }
Value runSecond(StepContext &ctx) { return ctx.callTool(kTool, op("sleep", "second", 75, Value::string("two"))); }
Value runThird(StepContext &ctx) { return ctx.callTool(kTool, op("sleep", "third", 0, json(R"({"three":3})"))); }
constexpr StepDecl parallel(Reduce reduce) {
  return {.id = "par", .kind = StepKind::Parallel, .location = "red.yaml:3", .reduce = reduce, .into = "all"};
}
const StepDecl kFirst = {.id = "first", .location = "red.yaml:5", .parent = par, .run = runFirst, .tool = kTool};
const StepDecl kSecond = {.id = "second", .location = "red.yaml:6", .parent = par, .run = runSecond, .tool = kTool};
const StepDecl kThird = {.id = "third", .location = "red.yaml:7", .parent = par, .run = runThird, .tool = kTool};
const StepDecl kBarrier[] = {parallel(Reduce::Barrier), kFirst, kSecond, kThird};
const StepDecl kAppend[] = {parallel(Reduce::Append), kFirst, kSecond, kThird};
const StepDecl kReplace[] = {parallel(Reduce::Replace), kFirst, kSecond, kThird};
const CompositionDecl kBarrierComposition = {.name = "barrier", .location = "red.yaml:1", .steps = kBarrier};
const CompositionDecl kAppendComposition = {.name = "append", .location = "red.yaml:1", .steps = kAppend};
const CompositionDecl kReplaceComposition = {.name = "replace", .location = "red.yaml:1", .steps = kReplace};
}  // namespace reducers

class ReducerTest : public SchedulerTest {
 protected:
  void expectCompletedInReverse() {
    // The premise: completion order is the reverse of declaration order.
    EXPECT_LT(g.indexOf("end:third"), g.indexOf("end:second"));
    EXPECT_LT(g.indexOf("end:second"), g.indexOf("end:first"));
  }
};

TEST_F(ReducerTest, BarrierIsObjectOfBranchOutputsInDeclarationOrder) {
  Value out = run(reducers::kBarrierComposition, json("{}"));
  EXPECT_EQ(out.dump(), R"({"all":{"first":[1,2],"second":"two","third":{"three":3}}})");
  expectCompletedInReverse();
}

TEST_F(ReducerTest, AppendSplicesArraysInDeclarationOrder) {
  Value out = run(reducers::kAppendComposition, json("{}"));
  EXPECT_EQ(out.dump(), R"({"all":[1,2,"two",{"three":3}]})");
  expectCompletedInReverse();
}

TEST_F(ReducerTest, ReplaceKeepsLastDeclaredBranchNotLastFinished) {
  Value out = run(reducers::kReplaceComposition, json("{}"));
  EXPECT_EQ(out.dump(), R"({"all":{"three":3}})");
  expectCompletedInReverse();
}

// --- Parallel failure -------------------------------------------------------------------------

namespace failures {
Value failSlow(StepContext &ctx) { return ctx.callTool(kTool, op("fail", "b1", 80)); }
Value failFast(StepContext &ctx) { return ctx.callTool(kTool, op("fail", "b2", 0)); }
// Fails 30 ms after b1's tool call started: b1 is surely in flight, not refused before its call.
Value failSoon(StepContext &ctx) {
  Value args = Value::object({{"op", Value::string("fail")}, {"label", Value::string("b2")},
                              {"ms", Value::integer(30)}, {"after", Value::string("b1")}});
  return ctx.callTool(kTool, args);
}
Value waitLong(StepContext &ctx) { return ctx.callTool(kTool, op("wait", "b1", 5000, Value::string("b1"))); }
Value waitShort(StepContext &ctx) { return ctx.callTool(kTool, op("wait", "b1", 150, Value::string("b1"))); }
Value echoNext(StepContext &ctx) {
  g.add("step:next");
  return ctx.callTool(kTool, op("echo", "next", 0, Value::string("next")));
}
// These record that the step itself started: a tool call would be refused anyway once the token
// is cancelled, which would hide a step started by mistake.
Value echoS1(StepContext &ctx) {
  g.add("step:s1");
  return ctx.callTool(kTool, op("echo", "s1"));
}
Value echoS2(StepContext &ctx) {
  g.add("step:s2");
  return ctx.callTool(kTool, op("echo", "s2"));
}

// par {b1: fails after 80 ms, b2: fails at once}; next. b2 fails first, b1 is declared first.
// b1 is a write step, so b2's failure cannot stop it (a none step could be refused its tool call
// once b2 has failed: then it was cancelled, not failed, and b2 would rightly decide).
const StepDecl kFirstDecides[] = {
    {.id = "par", .kind = StepKind::Parallel, .location = "f.yaml:3", .into = "r"},
    {.id = "b1", .effect = Effect::Write, .location = "f.yaml:5", .parent = 0, .run = failSlow, .tool = kTool},
    {.id = "b2", .location = "f.yaml:6", .parent = 0, .run = failFast, .tool = kTool},
    {.id = "next", .location = "f.yaml:7", .after = {0}, .run = echoNext, .tool = kTool},
};
const CompositionDecl kFirstDecidesComposition = {.name = "f", .location = "f.yaml:1", .steps = kFirstDecides};

// par {b1 (none): waits up to 5 s on its token, b2: fails after 30 ms}.
const StepDecl kCancelNone[] = {
    {.id = "par", .kind = StepKind::Parallel, .location = "g.yaml:3", .into = "r"},
    {.id = "b1", .effect = Effect::None, .location = "g.yaml:5", .parent = 0, .run = waitLong, .tool = kTool},
    {.id = "b2", .location = "g.yaml:6", .parent = 0, .run = failSoon, .tool = kTool},
};
const CompositionDecl kCancelNoneComposition = {.name = "g", .location = "g.yaml:1", .steps = kCancelNone};

// par {b1 (write): waits 150 ms on its token, b2: fails after 30 ms}.
const StepDecl kWriteFinishes[] = {
    {.id = "par", .kind = StepKind::Parallel, .location = "h.yaml:3", .into = "r"},
    {.id = "b1", .effect = Effect::Write, .location = "h.yaml:5", .parent = 0, .run = waitShort, .tool = kTool},
    {.id = "b2", .location = "h.yaml:6", .parent = 0, .run = failSoon, .tool = kTool},
};
const CompositionDecl kWriteFinishesComposition = {.name = "h", .location = "h.yaml:1", .steps = kWriteFinishes};

// par {b2: fails at once, s1, s2}: with one thread, s1 and s2 are ready but never start.
const StepDecl kNothingNew[] = {
    {.id = "par", .kind = StepKind::Parallel, .location = "i.yaml:3", .into = "r"},
    {.id = "b2", .location = "i.yaml:5", .parent = 0, .run = failFast, .tool = kTool},
    {.id = "s1", .location = "i.yaml:6", .parent = 0, .run = echoS1, .tool = kTool},
    {.id = "s2", .location = "i.yaml:7", .parent = 0, .run = echoS2, .tool = kTool},
};
const CompositionDecl kNothingNewComposition = {.name = "i", .location = "i.yaml:1", .steps = kNothingNew};
}  // namespace failures

TEST_F(SchedulerTest, ParallelFailureFirstInDeclarationOrderDecides) {
  std::string message = errorOf([&] { run(failures::kFirstDecidesComposition, json("{}")); }, ErrorKind::StepFailed);
  EXPECT_NE(message.find("f.yaml:5: step 'b1' failed: b1 failed on purpose"), std::string::npos) << message;
  EXPECT_EQ(message.find("b2"), std::string::npos) << message;
  // The premise: b2 failed first.
  EXPECT_LT(g.indexOf("end:b2"), g.indexOf("end:b1"));
  EXPECT_FALSE(g.has("step:next"));
  EXPECT_EQ(g.callsOf("next"), 0);
}

TEST_F(SchedulerTest, ParallelFailureCancelsInFlightNoneBranch) {
  std::string message = errorOf([&] { run(failures::kCancelNoneComposition, json("{}")); }, ErrorKind::StepFailed);
  EXPECT_NE(message.find("step 'b2' failed: b2 failed on purpose"), std::string::npos) << message;
  EXPECT_TRUE(g.has("b1:cancelled")) << ::testing::PrintToString(g.snapshot());
  EXPECT_FALSE(g.has("b1:finished"));
  EXPECT_LT(elapsedMs_, 2000.0);
  ASSERT_NE(record("b1"), nullptr);
  EXPECT_EQ(record("b1")->status, "cancelled");
  ASSERT_NE(record("b2"), nullptr);
  EXPECT_EQ(record("b2")->status, "failed");
}

TEST_F(SchedulerTest, ParallelFailureLetsWriteBranchFinish) {
  std::string message =
      errorOf([&] { run(failures::kWriteFinishesComposition, json("{}")); }, ErrorKind::StepFailed);
  EXPECT_NE(message.find("step 'b2' failed: b2 failed on purpose"), std::string::npos) << message;
  EXPECT_TRUE(g.has("b1:finished")) << ::testing::PrintToString(g.snapshot());
  EXPECT_FALSE(g.has("b1:cancelled"));
  // The run waited for the write work, which ended after the failure.
  EXPECT_LT(g.indexOf("end:b2"), g.indexOf("end:b1"));
  EXPECT_GE(elapsedMs_, 145.0);
  ASSERT_NE(record("b1"), nullptr);
  EXPECT_EQ(record("b1")->status, "ok");
}

TEST_F(SchedulerTest, ParallelFailureStartsNothingNew) {
  std::string message =
      errorOf([&] { run(failures::kNothingNewComposition, json("{}"), /*maxConcurrency*/ 1); }, ErrorKind::StepFailed);
  EXPECT_NE(message.find("step 'b2' failed"), std::string::npos) << message;
  EXPECT_FALSE(g.has("step:s1"));
  EXPECT_FALSE(g.has("step:s2"));
  EXPECT_EQ(g.callsOf("s1"), 0);
  EXPECT_EQ(g.callsOf("s2"), 0);
}

// --- Retries, timeouts, cancellation ----------------------------------------------------------

namespace retry {
Value runFlaky(StepContext &ctx) { return ctx.callTool(kTool, op("flaky", "flaky", 0, Value(), /*failures*/ 2)); }
Value runHopeless(StepContext &ctx) {
  return ctx.callTool(kTool, op("flaky", "hopeless", 0, Value(), /*failures*/ 100));
}
const StepDecl kSteps[] = {{.id = "flaky", .location = "r.yaml:3", .run = runFlaky, .maxAttempts = 3, .tool = kTool}};
const CompositionDecl kComposition = {.name = "r", .location = "r.yaml:1", .steps = kSteps};
const StepDecl kHopelessSteps[] = {
    {.id = "hopeless", .location = "r.yaml:9", .run = runHopeless, .maxAttempts = 2, .tool = kTool}};
const CompositionDecl kHopeless = {.name = "r2", .location = "r.yaml:7", .steps = kHopelessSteps};
}  // namespace retry

TEST_F(SchedulerTest, RetrySucceedsOnThirdAttemptWithAttemptNumberedKeys) {
  Value out = run(retry::kComposition, json("{}"));
  EXPECT_EQ(out.dump(), "3");
  ASSERT_FALSE(runId_.empty());
  EXPECT_EQ(g.keySnapshot(),
            (std::vector<std::string>{runId_ + "/flaky/1", runId_ + "/flaky/2", runId_ + "/flaky/3"}));
  ASSERT_NE(record("flaky"), nullptr);
  EXPECT_EQ(record("flaky")->attempts, 3u);
  EXPECT_EQ(record("flaky")->status, "ok");
}

TEST_F(SchedulerTest, RetryGivesUpAfterMaxAttempts) {
  std::string message = errorOf([&] { run(retry::kHopeless, json("{}")); }, ErrorKind::StepFailed);
  EXPECT_EQ(message, "r.yaml:9: step 'hopeless' failed after 2 attempts: hopeless failed on attempt 2");
  EXPECT_EQ(g.callsOf("hopeless"), 2);
}

namespace timeout {
Value runSlow(StepContext &ctx) { return ctx.callTool(kTool, op("wait", "slow", 5000)); }
Value runAfter(StepContext &ctx) {
  g.add("step:after");
  return ctx.callTool(kTool, op("echo", "after"));
}
const StepDecl kSteps[] = {
    {.id = "slow", .location = "t.yaml:3", .run = runSlow, .timeoutMs = 50, .tool = kTool},
    {.id = "after", .location = "t.yaml:4", .after = {0}, .run = runAfter, .tool = kTool},
};
const CompositionDecl kComposition = {.name = "t", .location = "t.yaml:1", .steps = kSteps};
}  // namespace timeout

TEST_F(SchedulerTest, StepTimeoutIsExhausted) {
  std::string message = errorOf([&] { run(timeout::kComposition, json("{}")); }, ErrorKind::Exhausted);
  EXPECT_NE(message.find("step 'slow' failed: timed out after 50 ms"), std::string::npos) << message;
  EXPECT_TRUE(g.has("slow:cancelled"));
  EXPECT_FALSE(g.has("step:after"));
  EXPECT_EQ(g.callsOf("after"), 0);
  EXPECT_GE(elapsedMs_, 45.0);
  EXPECT_LT(elapsedMs_, 2000.0);
}

namespace signal {
Value runWaitNone(StepContext &ctx) { return ctx.callTool(kTool, op("wait", "s1", 5000)); }
Value runSleep(StepContext &ctx) { return ctx.callTool(kTool, op("sleep", "s1", 100)); }
Value runNext(StepContext &ctx) {
  g.add("step:s2");
  return ctx.callTool(kTool, op("echo", "s2"));
}
const StepDecl kNoneSteps[] = {
    {.id = "s1", .effect = Effect::None, .location = "s.yaml:3", .run = runWaitNone, .tool = kTool},
    {.id = "s2", .location = "s.yaml:4", .after = {0}, .run = runNext, .tool = kTool},
};
const StepDecl kWriteSteps[] = {
    {.id = "s1", .effect = Effect::Write, .location = "s.yaml:3", .run = runWaitNone, .tool = kTool},
    {.id = "s2", .location = "s.yaml:4", .after = {0}, .run = runNext, .tool = kTool},
};
// s1 ignores its token: the signal arrives while it runs, and s2 must not start after it.
const StepDecl kBetweenSteps[] = {
    {.id = "s1", .location = "s.yaml:3", .run = runSleep, .tool = kTool},
    {.id = "s2", .location = "s.yaml:4", .after = {0}, .run = runNext, .tool = kTool},
};
const CompositionDecl kNone = {.name = "s", .location = "s.yaml:1", .steps = kNoneSteps};
const CompositionDecl kWrite = {.name = "s", .location = "s.yaml:1", .steps = kWriteSteps};
const CompositionDecl kBetween = {.name = "s", .location = "s.yaml:1", .steps = kBetweenSteps};
}  // namespace signal

class SignalTest : public SchedulerTest, public ::testing::WithParamInterface<const CompositionDecl *> {};

TEST_P(SignalTest, OuterCancelIsCancelled) {
  CancellationToken token;
  std::thread signaller([token] {
    std::this_thread::sleep_for(std::chrono::milliseconds(40));
    token.cancel("SIGINT");
  });
  std::string message = errorOf([&] { run(*GetParam(), json("{}"), 8, token); }, ErrorKind::Cancelled);
  signaller.join();
  EXPECT_NE(message.find("SIGINT"), std::string::npos) << message;
  EXPECT_EQ(g.callsOf("s1"), 1);
  EXPECT_FALSE(g.has("step:s2"));
  EXPECT_EQ(g.callsOf("s2"), 0);
  EXPECT_LT(elapsedMs_, 2000.0);
}

INSTANTIATE_TEST_SUITE_P(Scheduler, SignalTest,
                         ::testing::Values(&signal::kNone, &signal::kWrite, &signal::kBetween),
                         [](const auto &info) {
                           return std::string(info.index == 0   ? "NoneStepWaiting"
                                              : info.index == 1 ? "WriteStepWaiting"
                                                                : "BetweenSteps");
                         });

// --- Subflow ----------------------------------------------------------------------------------

namespace subflow {
Value runInner(StepContext &ctx) {
  return ctx.callTool(kTool, op("echo", "inner", 0, Value::object({{"got", ctx.input({"n"}, "${input.n}")}})));
}
Value runCall(StepContext &ctx) { return ctx.callComposition(1, ctx.input({"sub"}, "${input.sub}")); }
const StepDecl kInnerSteps[] = {{.id = "inner", .location = "sub.yaml:12", .run = runInner, .tool = kTool}};
const StepDecl kMainSteps[] = {
    {.id = "call", .kind = StepKind::Subflow, .location = "sub.yaml:3", .run = runCall, .callee = 1}};
const CompositionDecl kCompositions[] = {
    {.name = "main", .location = "sub.yaml:1", .steps = kMainSteps},
    {.name = "sub",
     .location = "sub.yaml:10",
     .inputSchema = R"({"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]})",
     .steps = kInnerSteps},
};
}  // namespace subflow

TEST_F(SchedulerTest, SubflowRunsTheCalledComposition) {
  Value out = run(subflow::kCompositions, json(R"({"sub":{"n":5}})"));
  EXPECT_EQ(out.dump(), R"({"got":5})");
  EXPECT_EQ(g.keySnapshot(), (std::vector<std::string>{runId_ + "/call__inner/1"}));
}

TEST_F(SchedulerTest, SubflowInputIsCheckedAgainstInputSchema) {
  std::string message =
      errorOf([&] { run(subflow::kCompositions, json(R"({"sub":{"n":"five"}})")); }, ErrorKind::StepFailed);
  EXPECT_NE(message.find("step 'call' failed"), std::string::npos) << message;
  EXPECT_NE(message.find("composition 'sub'"), std::string::npos) << message;
  EXPECT_NE(message.find("input_schema"), std::string::npos) << message;
  EXPECT_EQ(g.callsOf("inner"), 0);
}

// --- A long chain -----------------------------------------------------------------------------

namespace longchain {
constexpr size_t kLength = 1000;
// Each step's `after` list, with static storage like generated tables.
template <size_t I>
struct After {
  static inline const std::initializer_list<int> list = {int(I) - 1};
};
Value runNoop(StepContext &ctx) { return ctx.callTool(kTool, op("echo", "")); }
const std::vector<std::string> &ids() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (size_t i = 0; i < kLength; ++i) v.push_back("s" + std::to_string(i));
    return v;
  }();
  return names;
}
template <size_t... I>
std::vector<StepDecl> makeSteps(std::index_sequence<I...>) {
  return {StepDecl{.id = ids()[I].c_str(),
                   .location = "long.yaml:1",
                   .after = I == 0 ? std::initializer_list<int>{} : After<I>::list,
                   .run = runNoop,
                   .tool = kTool}...};
}
const std::vector<StepDecl> &steps() {
  static const std::vector<StepDecl> table = makeSteps(std::make_index_sequence<kLength>());
  return table;
}
}  // namespace longchain

TEST_F(SchedulerTest, ThousandStepChainCompletes) {
  const CompositionDecl composition = {.name = "long", .location = "long.yaml:1", .steps = longchain::steps()};
  Value out = run(composition, json("{}"));
  EXPECT_TRUE(out.isNull());
  std::vector<std::string> keys = g.keySnapshot();
  ASSERT_EQ(keys.size(), longchain::kLength);
  for (size_t i = 0; i < keys.size(); ++i)
    ASSERT_EQ(keys[i], runId_ + "/s" + std::to_string(i) + "/1") << "call " << i << " out of chain order";
  EXPECT_EQ(g.maxInFlight.load(), 1);
  EXPECT_EQ(records_.size(), longchain::kLength);
  std::cout << "[ info     ] 1000-step chain: " << elapsedMs_ << " ms, " << elapsedMs_ * 1000.0 / longchain::kLength
            << " us per step\n";
}

}  // namespace
}  // namespace wfc
