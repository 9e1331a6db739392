// Serve mode's streaming (docs/streaming.md), with its real parts: a run's event log
// (host/serve/RunEventLog.h) numbering the events of several threads and handing them to the
// recorder (host/serve/EventRecorder.h), which records them in a real journal before readers
// are given them; and streamed HTTP bodies (host/serve/HttpServer.h BodyStream) sent over a real
// socket to libcurl — piece by piece, dropped when the client hangs up, closed when the server
// stops. Waits are bounded generously (the machine may be loaded, sanitized): a bound is only
// ever reached when something is wrong.
#include "TestSupport.h"
#include "core/journal/JournalFile.h"
#include "core/journal/TimelineStore.h"
#include "core/trace/TraceSink.h"
#include "CurlClient.h"
#include "host/serve/EventRecorder.h"
#include "host/serve/HttpServer.h"
#include "host/serve/RunEventLog.h"
#include "wfc/value.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <future>
#include <latch>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace wfc::serve {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using journal::JournalFile;
using journal::SyncMode;
using journal::TimelineStore;
using wfc::test::TempDir;

// Longer than anything here takes when it works: reached only when a wait would never end.
constexpr auto kPatience = 30s;

nlohmann::json parsed(const RunEventLog::Event &e) { return nlohmann::json::parse(e.text); }

// A trace record as the run's trace hands it to its sinks.
void trace(RunEventLog &log, const char *event, nlohmann::ordered_json fields) {
  nlohmann::ordered_json line = {{"event", event}, {"ts_ms", 1700000000000}, {"trace_id", "t"}, {"span_id", "s"}};
  for (auto it = fields.begin(); it != fields.end(); ++it) line[it.key()] = it.value();
  log.record(TraceRecord{event, line, 1700000000000000000});
}

void token(RunEventLog &log, const std::string &step, const std::string &text) {
  DeltaRecord d;
  d.step = step;
  d.prompt = "ask";
  d.kind = "text";
  d.text = text;
  log.delta(d);
}

// What a client of GET /runs/{id}/events does: reads after the last event it has until the log
// ends (failing the test if it never does).
std::vector<RunEventLog::Event> readToTheEnd(RunEventLog &log, int64_t afterId) {
  std::vector<RunEventLog::Event> out;
  int64_t last = afterId;
  const auto deadline = Clock::now() + kPatience;
  for (;;) {
    RunEventLog::Read read = log.after(last, 1s);
    if (!read.events.empty()) {
      EXPECT_FALSE(read.ended) << "ended with events to give";
    }
    for (RunEventLog::Event &e : read.events) {
      last = e.id;
      out.push_back(std::move(e));
    }
    if (read.ended) break;
    if (Clock::now() > deadline) {
      ADD_FAILURE() << "the log never ended; read up to event " << last;
      break;
    }
  }
  return out;
}

class ServeStreamingLogTest : public ::testing::Test {
 protected:
  TempDir dir_;
  JournalFile journal_{(dir_.path() / "journal.db").string(), SyncMode::Normal};
  // After the journal (it records into it), before it goes.
  std::optional<EventRecorder> recorder_{std::in_place, journal_, "wfc-test"};

  std::shared_ptr<RunEventLog> newLog() { return std::make_shared<RunEventLog>(*recorder_); }

  std::vector<TimelineStore::Event> journalEvents(int64_t seq, int64_t afterId) {
    return journal_.timelines().eventsAfter(seq, afterId, 1'000'000);
  }
};

TEST_F(ServeStreamingLogTest, EventsFromManyThreadsAreNumberedOnRecordedAndReadInOrder) {
  const int64_t seq = 7;
  // The run ran before: the journal has its first three events.
  journal_.timelines().recordEvents({{seq, 1, R"({"event":"run_start"})"},
                                     {seq, 2, R"({"event":"step_start","step":"early"})"},
                                     {seq, 3, R"({"event":"suspended"})"}});
  const int64_t lastId = journal_.timelines().lastEventId(seq);
  ASSERT_EQ(lastId, 3);
  auto log = newLog();
  log->begin(seq, lastId);
  EXPECT_EQ(log->firstId(), 4);

  constexpr int kWriters = 4, kRounds = 200;  // each round: a step_start and a token
  std::vector<std::vector<RunEventLog::Event>> seen(2);
  std::vector<std::thread> readers;
  for (auto &s : seen) readers.emplace_back([&log, &s] { s = readToTheEnd(*log, 0); });

  std::latch go(kWriters);
  std::vector<std::thread> writers;
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&log, &go, w] {
      const std::string step = "w" + std::to_string(w);
      go.arrive_and_wait();
      for (int r = 0; r < kRounds; ++r) {
        trace(*log, "step_start", {{"step", step}, {"n", 2 * r}});
        token(*log, step, std::to_string(2 * r + 1));
        if (r % 10 == 0) {  // not events: an LLM call's tokens are counted, a tool call's span dropped
          trace(*log, "llm_call", {{"step", step}, {"prompt_tokens", 3}, {"completion_tokens", 5}});
          trace(*log, "tool_call", {{"step", step}, {"tool", "t"}});
        }
      }
    });
  }
  for (auto &t : writers) t.join();
  log->finish(Value::object({{"answer", Value::integer(42)}}), 0, "");
  for (auto &t : readers) t.join();

  const size_t total = size_t(kWriters) * kRounds * 2 + 1;
  EXPECT_EQ(log->promptTokens(), uint64_t(kWriters) * (kRounds / 10) * 3);
  EXPECT_EQ(log->completionTokens(), uint64_t(kWriters) * (kRounds / 10) * 5);
  for (size_t reader = 0; reader < seen.size(); ++reader) {
    SCOPED_TRACE("reader " + std::to_string(reader));
    const auto &events = seen[reader];
    ASSERT_EQ(events.size(), total);
    // Numbered on from the journal's, without a gap.
    for (size_t i = 0; i < events.size(); ++i) ASSERT_EQ(events[i].id, int64_t(4 + i)) << i;
    // Each thread's events in the order it traced them, every one of them.
    std::map<std::string, int> next;
    for (size_t i = 0; i + 1 < events.size(); ++i) {
      nlohmann::json e = parsed(events[i]);
      const std::string step = e.at("step").get<std::string>();
      int n;
      if (e.at("event") == "step_start") {
        n = e.at("n").get<int>();
        EXPECT_FALSE(e.contains("trace_id")) << e;
        EXPECT_FALSE(e.contains("span_id")) << e;
      } else {
        ASSERT_EQ(e.at("event"), "token") << e;
        n = std::stoi(e.at("text").get<std::string>());
      }
      EXPECT_EQ(n, next[step]++) << "event " << events[i].id << " of " << step;
    }
    ASSERT_EQ(next.size(), size_t(kWriters));
    for (const auto &[step, count] : next) EXPECT_EQ(count, 2 * kRounds) << step;
    nlohmann::json last = parsed(events.back());
    EXPECT_EQ(last.at("event"), "output");
    EXPECT_EQ(last.at("output"), nlohmann::json({{"answer", 42}}));
  }
  EXPECT_EQ(seen[0].size(), seen[1].size());
  for (size_t i = 0; i < std::min(seen[0].size(), seen[1].size()); ++i) EXPECT_EQ(seen[0][i].text, seen[1][i].text);

  // The journal holds the same events, in the same order, after the earlier ones.
  std::vector<TimelineStore::Event> stored = journalEvents(seq, 0);
  ASSERT_EQ(stored.size(), total + 3);
  EXPECT_EQ(stored[2].text, R"({"event":"suspended"})");
  for (size_t i = 0; i < total; ++i) {
    EXPECT_EQ(stored[i + 3].id, seen[0][i].id);
    EXPECT_EQ(stored[i + 3].text, seen[0][i].text);
  }
  EXPECT_EQ(journal_.timelines().lastEventId(seq), int64_t(3 + total));

  // A reader that comes late: the log still gives what it has, then says it ended.
  RunEventLog::Read late = log->after(3 + int64_t(total) - 2, 0ms);
  ASSERT_EQ(late.events.size(), 2u);
  EXPECT_FALSE(late.ended);
  EXPECT_EQ(late.events.back().id, 3 + int64_t(total));
  RunEventLog::Read atTheEnd = log->after(3 + int64_t(total), 10s);
  EXPECT_TRUE(atTheEnd.events.empty());
  EXPECT_TRUE(atTheEnd.ended);
  // Once it has ended nothing more is taken.
  trace(*log, "step_start", {{"step", "after"}});
  token(*log, "after", "x");
  recorder_.reset();  // records whatever is left
  EXPECT_EQ(journal_.timelines().lastEventId(seq), int64_t(3 + total));
}

TEST_F(ServeStreamingLogTest, AReaderWaitsAsLongAsItIsToldWhenNothingComes) {
  auto log = newLog();
  log->begin(1, 0);
  auto start = Clock::now();
  RunEventLog::Read read = log->after(0, 200ms);
  EXPECT_GE(Clock::now() - start, 150ms);
  EXPECT_TRUE(read.events.empty());
  EXPECT_FALSE(read.ended);
  // Nor does it end for having been given events: it waits for the next.
  trace(*log, "run_start", {});
  read = log->after(0, kPatience);
  ASSERT_EQ(read.events.size(), 1u);
  EXPECT_EQ(read.events[0].id, 1);
  EXPECT_EQ(parsed(read.events[0]).at("event"), "run_start");
  start = Clock::now();
  read = log->after(1, 200ms);
  EXPECT_GE(Clock::now() - start, 150ms);
  EXPECT_TRUE(read.events.empty());
  EXPECT_FALSE(read.ended);
  log->abandon();
}

TEST_F(ServeStreamingLogTest, FinishGivesAWaitingReaderTheLastEventThenTheEnd) {
  auto log = newLog();
  log->begin(2, 0);
  trace(*log, "run_start", {});
  std::promise<RunEventLog::Read> first;
  std::atomic<bool> waiting{false};
  std::thread reader([&] {
    waiting = true;
    RunEventLog::Read read = log->after(1, kPatience);  // after run_start: nothing yet
    first.set_value(std::move(read));
  });
  while (!waiting) std::this_thread::sleep_for(1ms);
  std::this_thread::sleep_for(50ms);  // most likely blocked in after() by now (either way is right)
  const auto start = Clock::now();
  log->finish(std::nullopt, 1, "the step failed");
  std::future<RunEventLog::Read> got = first.get_future();
  ASSERT_EQ(got.wait_for(kPatience), std::future_status::ready);
  reader.join();
  EXPECT_LT(Clock::now() - start, 10s);
  RunEventLog::Read read = got.get();
  ASSERT_EQ(read.events.size(), 1u);
  EXPECT_FALSE(read.ended);
  EXPECT_EQ(read.events[0].id, 2);
  nlohmann::json last = parsed(read.events[0]);
  EXPECT_EQ(last.at("event"), "error");
  EXPECT_EQ(last.at("exit_code"), 1);
  EXPECT_EQ(last.at("error"), "the step failed");
  // Then the end, at once.
  const auto before = Clock::now();
  RunEventLog::Read end = log->after(2, kPatience);
  EXPECT_LT(Clock::now() - before, 10s);
  EXPECT_TRUE(end.events.empty());
  EXPECT_TRUE(end.ended);
  // A reader from the start still gets every event first.
  RunEventLog::Read all = log->after(0, 0ms);
  ASSERT_EQ(all.events.size(), 2u);
  EXPECT_FALSE(all.ended);
}

TEST_F(ServeStreamingLogTest, AnAbandonedLogEndsWithoutALastEvent) {
  auto log = newLog();
  std::promise<RunEventLog::Read> got;
  std::thread reader([&] { got.set_value(log->after(0, kPatience)); });
  std::this_thread::sleep_for(50ms);
  log->abandon();  // the run never started (begin was never called)
  std::future<RunEventLog::Read> f = got.get_future();
  ASSERT_EQ(f.wait_for(kPatience), std::future_status::ready);
  reader.join();
  RunEventLog::Read read = f.get();
  EXPECT_TRUE(read.events.empty());
  EXPECT_TRUE(read.ended);
}

TEST_F(ServeStreamingLogTest, WakeReleasesABlockedReader) {
  auto log = newLog();
  log->begin(3, 0);
  std::promise<RunEventLog::Read> got;
  std::thread reader([&] { got.set_value(log->after(0, 60s)); });
  std::this_thread::sleep_for(50ms);
  const auto start = Clock::now();
  log->wake();  // the server stops
  std::future<RunEventLog::Read> f = got.get_future();
  ASSERT_EQ(f.wait_for(kPatience), std::future_status::ready);
  reader.join();
  EXPECT_LT(Clock::now() - start, 10s);
  RunEventLog::Read read = f.get();
  EXPECT_TRUE(read.events.empty());
  EXPECT_TRUE(read.ended);
  // Every later reader too: the server is going away.
  EXPECT_TRUE(log->after(0, 60s).ended);
  log->abandon();
}

TEST_F(ServeStreamingLogTest, PastTheCapReplyPiecesAreDroppedWithOneTruncatedEvent) {
  const int64_t seq = 4;
  // An earlier time it ran left it 1000 events short of the cap (they are not needed here: only
  // the numbering counts); this time streams 1000 pieces, then more.
  const int64_t lastId = kMaxRunEvents - 1000;
  auto log = newLog();
  log->begin(seq, lastId);
  std::vector<RunEventLog::Event> seen;
  std::thread reader([&] { seen = readToTheEnd(*log, lastId); });
  for (int i = 0; i < 1000; ++i) token(*log, "long", "p" + std::to_string(i));
  for (int i = 0; i < 10; ++i) token(*log, "long", "over" + std::to_string(i));  // past the cap
  trace(*log, "step_end", {{"step", "long"}, {"status", "succeeded"}});
  DeltaRecord call;
  call.step = "long";
  call.kind = "tool_call";
  call.toolId = "c1";
  call.toolName = "search";
  log->delta(call);  // a piece too
  for (int i = 0; i < 10; ++i) token(*log, "long", "more" + std::to_string(i));
  trace(*log, "custom", {{"step", "long"}, {"name", "note"}});
  log->finish(Value::string("done"), 0, "");
  reader.join();

  ASSERT_EQ(seen.size(), 1000u + 4);
  for (size_t i = 0; i < seen.size(); ++i) ASSERT_EQ(seen[i].id, lastId + 1 + int64_t(i)) << i;
  for (size_t i = 0; i < 1000; ++i) {
    nlohmann::json e = parsed(seen[i]);
    ASSERT_EQ(e.at("event"), "token");
    ASSERT_EQ(e.at("text"), "p" + std::to_string(i));
  }
  EXPECT_EQ(seen[999].id, kMaxRunEvents);
  int truncated = 0;
  for (const auto &e : seen) truncated += parsed(e).at("event") == "truncated";
  EXPECT_EQ(truncated, 1);
  nlohmann::json cut = parsed(seen[1000]);
  EXPECT_EQ(cut.at("event"), "truncated");
  EXPECT_NE(cut.at("message").get<std::string>().find(std::to_string(kMaxRunEvents)), std::string::npos) << cut;
  EXPECT_EQ(seen[1000].id, kMaxRunEvents + 1);
  EXPECT_EQ(parsed(seen[1001]).at("event"), "step_end");
  EXPECT_EQ(parsed(seen[1002]).at("event"), "custom");
  EXPECT_EQ(parsed(seen[1003]).at("event"), "output");
  EXPECT_EQ(parsed(seen[1003]).at("output"), "done");

  std::vector<TimelineStore::Event> stored = journalEvents(seq, 0);
  ASSERT_EQ(stored.size(), seen.size());
  for (size_t i = 0; i < stored.size(); ++i) {
    EXPECT_EQ(stored[i].id, seen[i].id);
    EXPECT_EQ(stored[i].text, seen[i].text);
  }
}

TEST_F(ServeStreamingLogTest, ARunResumedPastTheCapStillSendsItsStepsButNoPieces) {
  const int64_t seq = 5;
  auto log = newLog();
  log->begin(seq, kMaxRunEvents + 3);
  std::vector<RunEventLog::Event> seen;
  std::thread reader([&] { seen = readToTheEnd(*log, 0); });
  token(*log, "s", "dropped");
  trace(*log, "step_start", {{"step", "s"}});
  token(*log, "s", "dropped too");
  trace(*log, "step_end", {{"step", "s"}});
  log->finish(Value::integer(1), 0, "");
  reader.join();
  std::vector<std::string> kinds;
  for (const auto &e : seen) {
    if (parsed(e).at("event") == "truncated") continue;  // whether it is said again is not this test's
    kinds.push_back(parsed(e).at("event").get<std::string>());
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"step_start", "step_end", "output"}));
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.front().id, kMaxRunEvents + 4);
  EXPECT_EQ(seen.back().id, kMaxRunEvents + 3 + int64_t(seen.size()));
}

// ---- Streamed HTTP bodies --------------------------------------------------------------------

// What a test and the stream it served share (the stream itself is the server's: the test keeps
// no reference to it, so that it can see it destroyed).
struct StreamState {
  std::mutex mutex;
  std::condition_variable changed;
  int made = 0;                 // next() calls that gave a piece
  bool blocked = false;         // in next(), waiting for close()
  bool closed = false;          // close() was called
  bool destroyed = false;
  bool clientSawFirst = false;  // set by the client's onPiece
  bool gateTimedOut = false;    // the last piece was made without the client having the first

  template <typename Pred>
  bool waitFor(Pred pred, std::chrono::milliseconds limit = kPatience) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, limit, pred);
  }
  template <typename Fn>
  void update(Fn fn) {
    std::lock_guard lock(mutex);
    fn();
    changed.notify_all();
  }
};

class TestStream : public BodyStream {
 public:
  explicit TestStream(std::shared_ptr<StreamState> state) : state_(std::move(state)) {}
  ~TestStream() override {
    state_->update([&] { state_->destroyed = true; });
  }
  void close() override {
    state_->update([&] { state_->closed = true; });
  }

 protected:
  std::shared_ptr<StreamState> state_;
};

// Five pieces, a little apart; the last one only once the client has the first (or after
// kPatience, which the test then reports).
class PiecesStream final : public TestStream {
 public:
  using TestStream::TestStream;
  static constexpr int kPieces = 5;
  static std::string piece(int i) { return "data: piece " + std::to_string(i) + "\n\n"; }
  bool next(std::string &out) override {
    int i;
    {
      std::lock_guard lock(state_->mutex);
      i = state_->made;
    }
    if (i > 0) std::this_thread::sleep_for(20ms);
    if (i == kPieces - 1 && !state_->waitFor([&] { return state_->clientSawFirst; }))
      state_->update([&] { state_->gateTimedOut = true; });
    out += piece(i);
    state_->update([&] { ++state_->made; });
    return i < kPieces - 1;
  }
};

// A piece every 10 ms until closed (or for kPatience at most).
class EndlessStream final : public TestStream {
 public:
  using TestStream::TestStream;
  bool next(std::string &out) override {
    if (Clock::now() - start_ > kPatience) return false;
    std::this_thread::sleep_for(10ms);
    std::lock_guard lock(state_->mutex);
    if (state_->closed) return false;
    out += ": tick " + std::to_string(state_->made++) + "\n\n";
    state_->changed.notify_all();
    return true;
  }

 private:
  Clock::time_point start_ = Clock::now();
};

// One piece, then waits for close() (for kPatience at most) and ends.
class WaitingStream final : public TestStream {
 public:
  using TestStream::TestStream;
  bool next(std::string &out) override {
    std::unique_lock lock(state_->mutex);
    if (state_->made == 0) {
      ++state_->made;
      out += "data: first\n\n";
      state_->changed.notify_all();
      return true;
    }
    state_->blocked = true;
    state_->changed.notify_all();
    state_->changed.wait_for(lock, kPatience, [&] { return state_->closed; });
    state_->blocked = false;
    return false;
  }
};

// A server answering every request with a stream made by `make`.
class StreamingServer {
 public:
  explicit StreamingServer(std::function<std::shared_ptr<BodyStream>()> make)
      : server_(HttpServer::Options{}, [](const HttpRequest &) { return std::optional<HttpResponse>(); },
                [make = std::move(make)](HttpRequest &) {
                  HttpResponse r;
                  r.contentType = "text/event-stream";
                  r.headers.emplace_back("Cache-Control", "no-cache");
                  r.stream = make();
                  return r;
                },
                [](const HttpRequest &, size_t) {
                  HttpResponse r;
                  r.status = 413;
                  return r;
                }) {
    server_.start();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(server_.port()) + "/events"; }
  HttpServer &server() { return server_; }

 private:
  HttpServer server_;
};

TEST(ServeStreamingHttpTest, AStreamedBodyArrivesPieceByPiece) {
  auto state = std::make_shared<StreamState>();
  StreamingServer served([state] { return std::make_shared<PiecesStream>(state); });
  std::vector<std::string> pieces;
  test::HttpCall call;
  call.url = served.url();
  call.onPiece = [&](std::string_view piece) {
    pieces.emplace_back(piece);
    state->update([&] { state->clientSawFirst = true; });
    return true;
  };
  test::HttpReply reply = test::httpCall(call);
  EXPECT_EQ(reply.error, "");
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(reply.header("content-type"), "text/event-stream");
  EXPECT_EQ(reply.header("cache-control"), "no-cache");
  EXPECT_EQ(reply.header("transfer-encoding"), "chunked");
  std::string whole;
  for (int i = 0; i < PiecesStream::kPieces; ++i) whole += PiecesStream::piece(i);
  EXPECT_EQ(reply.body, whole);
  EXPECT_GE(pieces.size(), 2u) << "the body came in one piece";
  ASSERT_FALSE(pieces.empty());
  EXPECT_EQ(pieces[0].rfind(PiecesStream::piece(0), 0), 0u) << pieces[0];
  {
    std::lock_guard lock(state->mutex);
    EXPECT_FALSE(state->gateTimedOut) << "the client had no piece before the last was made";
    EXPECT_EQ(state->made, PiecesStream::kPieces);
    EXPECT_FALSE(state->closed);
  }
  EXPECT_TRUE(state->waitFor([&] { return state->destroyed; })) << "the stream outlived its response";
}

TEST(ServeStreamingHttpTest, AClientThatHangsUpMidStreamHasItsStreamDestroyed) {
  auto state = std::make_shared<StreamState>();
  StreamingServer served([state] { return std::make_shared<EndlessStream>(state); });
  test::HttpCall call;
  call.url = served.url();
  int pieces = 0;
  call.onPiece = [&](std::string_view) { return ++pieces < 2; };  // hangs up on the second piece
  test::HttpReply reply = test::httpCall(call);
  EXPECT_NE(reply.error, "") << "the client hung up";
  EXPECT_EQ(pieces, 2);
  EXPECT_TRUE(state->waitFor([&] { return state->destroyed; })) << "the stream of a client that went away lives on";
  std::lock_guard lock(state->mutex);
  EXPECT_FALSE(state->closed) << "closed only when the server stops";
  EXPECT_GE(state->made, 2);
}

TEST(ServeStreamingHttpTest, StoppingTheServerClosesAStreamWaitingInNext) {
  auto state = std::make_shared<StreamState>();
  auto served = std::make_unique<StreamingServer>([state] { return std::make_shared<WaitingStream>(state); });
  test::HttpReply reply;
  std::thread client([&] {
    test::HttpCall call;
    call.url = served->url();
    call.timeoutMs = 60'000;
    reply = test::httpCall(call);
  });
  ASSERT_TRUE(state->waitFor([&] { return state->blocked; })) << "the stream was never asked for its second piece";
  const auto start = Clock::now();
  served->server().stop();
  const auto took = Clock::now() - start;
  EXPECT_LT(took, 5s) << "stop() waited for the stream: "
                      << std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms";
  {
    std::lock_guard lock(state->mutex);
    EXPECT_TRUE(state->closed);
  }
  EXPECT_TRUE(state->waitFor([&] { return state->destroyed; }, 10'000ms));
  client.join();
  EXPECT_EQ(reply.body.rfind("data: first\n\n", 0), 0u) << reply.body << " / " << reply.error;
  served.reset();  // a second stop() is nothing
}

}  // namespace
}  // namespace wfc::serve
