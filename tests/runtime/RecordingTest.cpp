// Recordings: what --record writes (no credentials, failures included) and what --replay reads
// back, keyed by logical position; malformed files are usage errors naming the line.
#include "core/llm/Recording.h"
#include "wfc/error.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
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
  EmbeddingReply embed(const EmbeddingRequest &request, const ExchangeKey &, const CancellationToken &) override {
    if (error_) throw *error_;
    EmbeddingReply r;
    for (size_t i = 0; i < request.inputs.size(); ++i) r.vectors.push_back({double(i), 0.5, -1});
    r.usage.promptTokens = 9;
    r.model = "embed-1";
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

// Embeddings exchanges (docs/recording.md): keyed like a model exchange, replayed with their
// vectors and usage; a model exchange is not an embeddings one, nor the other way round.
TEST_F(RecordingTest, EmbeddingsAreRecordedAndReplayedByPosition) {
  std::string file = path("run.jsonl");
  {
    RecordingProvider recorder(std::make_unique<FixedProvider>(), file, Json::object());
    recorder.embed({"", "text-embedding-3-small", {"an answer", "a reference"}}, {"s/eval:close", 2, 1, 1, "close"}, cancel_);
    recorder.complete(aRequest(), {"s", 2, 1, 1, "p"}, cancel_, nullptr);
  }
  std::string text = read(file);
  EXPECT_NE(text.find(R"("embeddings_request":{"model":"text-embedding-3-small","input":["an answer","a reference"]})"),
            std::string::npos) << text;
  ReplayProvider replay(file);
  EmbeddingReply reply = replay.embed({"", "m", {"x", "y"}}, {"s/eval:close", 2, 1, 1, "close"}, cancel_);
  ASSERT_EQ(reply.vectors.size(), 2u);
  EXPECT_EQ(reply.vectors[1], (std::vector<double>{1, 0.5, -1}));
  EXPECT_EQ(reply.usage.promptTokens, 9u);
  EXPECT_EQ(reply.model, "embed-1");
  auto errorOf = [](const std::function<void()> &call) {
    try {
      call();
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(errorOf([&] { replay.embed({"", "m", {"x"}}, {"s/eval:close", 2, 1, 1, "close"}, cancel_); })
                .find("holds no embeddings of 1 texts"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { replay.embed({"", "m", {"x"}}, {"s", 2, 1, 1, "p"}, cancel_); }).find("holds no embeddings"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { replay.complete(Request(), {"s/eval:close", 2, 1, 1, "close"}, cancel_, nullptr); })
                .find("holds an embeddings exchange"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { replay.embed({"", "m", {"x"}}, {"other", std::nullopt, 1, 1, "o"}, cancel_); })
                .find("has no embeddings exchange for step 'other'"),
            std::string::npos);
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
