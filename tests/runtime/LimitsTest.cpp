// The ceilings on what reaches a run from outside (docs/limits.md): the bounded readers, a run's
// input at its real ceiling, an LLM reply over its ceiling from a real HTTP server, and a reply
// asking for more tool calls than one reply may carry.
#include "support/Limits.h"
#include "ProviderTestSupport.h"
#include "host/session/RunSetup.h"
#include "TestFiles.h"

#include "core/llm/OpenAiProvider.h"

#include <fstream>
#include <sstream>

namespace wfc {
namespace {

using namespace llm::provider_test;
using llm::Json;

TEST(Limits, DescribeBytesAsTheDocsWriteThem) {
  EXPECT_EQ(limits::describeBytes(size_t(256) << 20), "256 MiB");
  EXPECT_EQ(limits::describeBytes(size_t(64) << 10), "64 KiB");
  EXPECT_EQ(limits::describeBytes(100), "100 bytes");
  EXPECT_EQ(limits::describeBytes(1), "1 byte");
}

TEST(Limits, ReadAtMostTakesUpToTheLimitAndRefusesOneByteMore) {
  std::istringstream exact(std::string(10, 'x'));
  EXPECT_EQ(limits::readAtMost(exact, 10, "the input"), std::string(10, 'x'));
  std::istringstream over(std::string(11, 'x'));
  Error e = errorOf([&] { limits::readAtMost(over, 10, "the input file 'in.json'"); });
  EXPECT_EQ(e.kind(), ErrorKind::Usage);
  EXPECT_EQ(std::string(e.what()), "the input file 'in.json' is larger than 10 bytes, the most a run reads "
                                   "(docs/limits.md)");
}

TEST(Limits, ReadLineAtMostSplitsLinesAndNamesTheOneTooLong) {
  std::istringstream in("one\n\nthree\nlast");
  std::string line;
  std::vector<std::string> lines;
  while (limits::readLineAtMost(in, line, 5, "f")) lines.push_back(line);
  EXPECT_EQ(lines, (std::vector<std::string>{"one", "", "three", "last"}));

  std::istringstream ends("a\n");
  lines.clear();
  while (limits::readLineAtMost(ends, line, 5, "f")) lines.push_back(line);
  EXPECT_EQ(lines, (std::vector<std::string>{"a"})) << "the newline that ends the file starts no line";

  std::istringstream longLine("ok\n123456\n");
  ASSERT_TRUE(limits::readLineAtMost(longLine, line, 5, "events.txt:1"));
  Error e = errorOf([&] { limits::readLineAtMost(longLine, line, 5, "events.txt:2"); });
  EXPECT_EQ(e.kind(), ErrorKind::Usage);
  EXPECT_EQ(std::string(e.what()), "events.txt:2: the line is longer than 5 bytes, the most wfc reads as one line "
                                   "(docs/limits.md)");
}

TEST(Limits, ARunsInputOverItsCeilingIsExitTwoNotOutOfMemory) {
  test::TempDir dir;
  std::string path = (dir / "big.json").string();
  {
    // A sparse file: its size is the ceiling and one byte, without writing 256 MiB.
    std::ofstream file(path, std::ios::binary);
    file.seekp(std::streamoff(limits::kMaxRunInputBytes));
    file.put('}');
  }
  CommandLine cl;
  cl.input = path;
  Error e = errorOf([&] { readRunInput(cl); });
  EXPECT_EQ(e.kind(), ErrorKind::Usage);
  EXPECT_NE(std::string(e.what()).find("the input file '" + path + "' is larger than 256 MiB"), std::string::npos)
      << e.what();
}

TEST(Limits, AnLlmReplyOverItsCeilingFailsTheStepWithoutRetrying) {
  const std::string huge(limits::kMaxLlmReplyBytes + 1, ' ');
  TestServer server([&](const httplib::Request &, httplib::Response &response, size_t) { answer(response, 200, huge); });
  // 64 MiB over loopback takes seconds on a loaded machine: the request's own timeout must not be
  // what stops it.
  llm::EndpointOptions o = options(server);
  o.timeoutMs = 50'000;  // under the test's own 60 s
  llm::OpenAiProvider provider(o);
  Error e = errorOf([&] { complete(provider, userRequest("hi")); });
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  EXPECT_NE(std::string(e.what()).find("is larger than " + std::to_string(limits::kMaxLlmReplyBytes) + " bytes"),
            std::string::npos)
      << e.what();
  EXPECT_EQ(server.seen().size(), 1u) << "a reply over the ceiling is not asked for again";
}

TEST(Limits, MoreToolCallsThanOneReplyMayCarryFailTheStep) {
  auto reply = [](size_t calls) {
    Json toolCalls = Json::array();
    for (size_t i = 0; i < calls; ++i)
      toolCalls.push_back({{"id", "call_" + std::to_string(i)},
                           {"type", "function"},
                           {"function", {{"name", "lookup"}, {"arguments", "{}"}}}});
    Json message = {{"role", "assistant"}, {"content", nullptr}, {"tool_calls", toolCalls}};
    return Json{{"choices", Json::array({{{"index", 0}, {"message", message}, {"finish_reason", "tool_calls"}}})}}.dump();
  };
  size_t calls = limits::kMaxToolCallsPerReply;
  TestServer server([&](const httplib::Request &, httplib::Response &response, size_t) { answer(response, 200, reply(calls)); });
  llm::OpenAiProvider provider(options(server));
  EXPECT_EQ(complete(provider, userRequest("hi")).toolCalls.size(), limits::kMaxToolCallsPerReply) << "the ceiling itself is taken";
  calls = limits::kMaxToolCallsPerReply + 1;
  Error e = errorOf([&] { complete(provider, userRequest("hi")); });
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  EXPECT_NE(std::string(e.what()).find("the model's reply asks for 129 tool calls at once; wfc takes at most 128 in one "
                                       "reply (docs/limits.md)"),
            std::string::npos)
      << e.what();
}

}  // namespace
}  // namespace wfc
