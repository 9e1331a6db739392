// Recordings: what --record writes (no credentials, failures included) and what --replay reads
// back, keyed by logical position; malformed files are usage errors naming the line.
#include "core/llm/Recording.h"
#include "wfc/error.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace wfc::llm {
namespace {

namespace fs = std::filesystem;

// A provider that answers from a fixed reply, or fails.
class FixedProvider final : public Provider {
 public:
  explicit FixedProvider(std::optional<Error> error = std::nullopt) : error_(std::move(error)) {}
  Reply complete(const Request &, const ExchangeKey &key, const CancellationToken &, const DeltaSink *) override {
    if (error_) throw *error_;
    Reply r;
    r.content = "answer for " + key.str();
    r.toolCalls.push_back({"call_1", "kb_search", R"({"query":"x"})"});
    r.usage = {12, 3};
    return r;
  }
  std::string describe() const override { return "fixed"; }

 private:
  std::optional<Error> error_;
};

class RecordingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("wfc-recording-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const char *name) { return (dir_ / name).string(); }
  std::string write(const char *name, const std::string &text) {
    std::ofstream(path(name)) << text;
    return path(name);
  }
  static std::string read(const std::string &p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static std::string usageErrorOf(const std::string &file) {
    try {
      ReplayProvider replay(file);
    } catch (const Error &e) {
      EXPECT_EQ(e.kind(), ErrorKind::Usage);
      return e.what();
    }
    return "";
  }
  fs::path dir_;
  CancellationToken cancel_;
};

Request aRequest() {
  Request r;
  r.model = "m";
  r.messages.push_back({Message::Role::System, "be brief", {}, {}});
  r.messages.push_back({Message::Role::User, "hi", {}, {}});
  r.tools.push_back({"kb_search", "Searches.", Json::object()});
  return r;
}

TEST_F(RecordingTest, RecordThenReplayAnswersByLogicalPosition) {
  std::string file = path("run.jsonl");
  {
    RecordingProvider recorder(std::make_unique<FixedProvider>(), file, {{"workflow", "w"}, {"model", "m"}});
    recorder.complete(aRequest(), {"summarize", std::nullopt, 1, 1, "p"}, cancel_, nullptr);
    recorder.complete(aRequest(), {"call__agent", 3, 2, 1, "p"}, cancel_, nullptr);
  }
  ReplayProvider replay(file);
  EXPECT_EQ(replay.header()["model"], "m");
  Reply a = replay.complete(Request(), {"call__agent", 3, 2, 1, "p"}, cancel_, nullptr);
  EXPECT_EQ(a.content, "answer for call__agent|3|2|1");
  ASSERT_EQ(a.toolCalls.size(), 1u);
  EXPECT_EQ(a.toolCalls[0].arguments, R"({"query":"x"})");
  EXPECT_EQ(a.usage.promptTokens, 12u);
  EXPECT_EQ(replay.complete(Request(), {"summarize", std::nullopt, 1, 1, "p"}, cancel_, nullptr).content,
            "answer for summarize|-|1|1");
}

TEST_F(RecordingTest, MissNamesStepPromptRoundAndAttempt) {
  std::string file = path("run.jsonl");
  { RecordingProvider recorder(std::make_unique<FixedProvider>(), file, Json::object()); }
  ReplayProvider replay(file);
  try {
    replay.complete(Request(), {"assess", std::nullopt, 2, 3, "doc_assessor"}, cancel_, nullptr);
    FAIL() << "no miss";
  } catch (const Error &e) {
    EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
    EXPECT_NE(std::string(e.what()).find("has no exchange for step 'assess' (prompt 'doc_assessor', round 2, attempt 3)"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(RecordingTest, FailedExchangesAreRecordedAndReplayedAsFailures) {
  std::string file = path("run.jsonl");
  {
    RecordingProvider recorder(std::make_unique<FixedProvider>(Error(ErrorKind::Exhausted, "timed out after 5 ms")),
                               file, Json::object());
    EXPECT_THROW(recorder.complete(aRequest(), {"s", std::nullopt, 1, 1, "p"}, cancel_, nullptr), Error);
  }
  ReplayProvider replay(file);
  try {
    replay.complete(Request(), {"s", std::nullopt, 1, 1, "p"}, cancel_, nullptr);
    FAIL() << "replayed a success";
  } catch (const Error &e) {
    EXPECT_EQ(e.kind(), ErrorKind::Exhausted);
    EXPECT_NE(std::string(e.what()).find("timed out after 5 ms (replayed)"), std::string::npos);
  }
}

TEST_F(RecordingTest, CancelledExchangesAreNotRecorded) {
  std::string file = path("run.jsonl");
  {
    RecordingProvider recorder(std::make_unique<FixedProvider>(Error(ErrorKind::Cancelled, "SIGINT")), file,
                               Json::object());
    EXPECT_THROW(recorder.complete(aRequest(), {"s", std::nullopt, 1, 1, "p"}, cancel_, nullptr), Error);
  }
  std::string text = read(file);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;  // the header only
}

TEST_F(RecordingTest, RequestIsSavedProviderNeutral) {
  std::string file = path("run.jsonl");
  {
    RecordingProvider recorder(std::make_unique<FixedProvider>(), file, Json::object());
    recorder.complete(aRequest(), {"s", std::nullopt, 1, 1, "p"}, cancel_, nullptr);
  }
  std::istringstream lines(read(file));
  std::string header, exchange;
  std::getline(lines, header);
  std::getline(lines, exchange);
  EXPECT_EQ(Json::parse(header)["wfc_recording"], 1);
  Json j = Json::parse(exchange);
  EXPECT_EQ(j["key"], Json::parse(R"({"step":"s","item":null,"round":1,"attempt":1})"));
  EXPECT_EQ(j["prompt"], "p");
  EXPECT_EQ(j["request"]["messages"][0], Json::parse(R"({"role":"system","content":"be brief"})"));
  EXPECT_EQ(j["request"]["tools"], Json::parse(R"(["kb_search"])"));
}

TEST_F(RecordingTest, MalformedFilesAreUsageErrorsNamingTheLine) {
  EXPECT_NE(usageErrorOf(path("missing.jsonl")).find("cannot read replay file"), std::string::npos);
  EXPECT_NE(usageErrorOf(write("empty.jsonl", "")).find("is empty"), std::string::npos);
  EXPECT_NE(usageErrorOf(write("plain.jsonl", "{\"x\": 1}\n")).find("plain.jsonl:1: not a wfc recording"),
            std::string::npos);
  EXPECT_NE(usageErrorOf(write("v2.jsonl", "{\"wfc_recording\": 2}\n")).find("recording format 2"), std::string::npos);
  EXPECT_NE(usageErrorOf(write("bad.jsonl", "{\"wfc_recording\": 1}\nnot json\n")).find("bad.jsonl:2: not a JSON line"),
            std::string::npos);
  EXPECT_NE(usageErrorOf(write("nokey.jsonl", "{\"wfc_recording\": 1}\n{\"reply\": {}}\n"))
                .find("nokey.jsonl:2: malformed exchange"),
            std::string::npos);
}

}  // namespace
}  // namespace wfc::llm
