// The server-sent events parser: events come out whole however the bytes are cut, with every
// line end the format allows, comments skipped, data lines joined, the last id carried over.
#include "support/http/ServerSentEvents.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace wfc::http {
namespace {

std::vector<ServerSentEvent> parse(const std::vector<std::string> &pieces) {
  std::vector<ServerSentEvent> events;
  ServerSentEventParser parser([&](const ServerSentEvent &e) { events.push_back(e); });
  for (const std::string &piece : pieces) parser.feed(piece);
  return events;
}

const std::string kStream =
    ": a comment\r\n"
    "event: message_start\r\n"
    "data: {\"a\":1}\r\n"
    "\r\n"
    "id: 7\n"
    "data: first\n"
    "data:second\n"
    "retry: 100\n"
    "\n"
    "data: third\r"
    "\r";

void expectTheStream(const std::vector<ServerSentEvent> &events) {
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].event, "message_start");
  EXPECT_EQ(events[0].data, "{\"a\":1}");
  EXPECT_EQ(events[1].event, "");
  EXPECT_EQ(events[1].data, "first\nsecond");
  EXPECT_EQ(events[1].id, "7");
  EXPECT_EQ(events[2].data, "third");
  EXPECT_EQ(events[2].id, "7");  // the last id carries over
}

TEST(ServerSentEvents, ParsesAWholeStream) { expectTheStream(parse({kStream})); }

TEST(ServerSentEvents, ParsesTheSameStreamCutAtEveryByte) {
  for (size_t cut = 1; cut < kStream.size(); ++cut) {
    SCOPED_TRACE("cut at " + std::to_string(cut));
    expectTheStream(parse({kStream.substr(0, cut), kStream.substr(cut)}));
  }
  std::vector<std::string> bytes;
  for (char c : kStream) bytes.emplace_back(1, c);
  expectTheStream(parse(bytes));
}

TEST(ServerSentEvents, AnEventWithoutItsBlankLineIsPending) {
  std::vector<ServerSentEvent> events;
  ServerSentEventParser parser([&](const ServerSentEvent &e) { events.push_back(e); });
  parser.feed("data: [DONE]");
  EXPECT_TRUE(events.empty());
  EXPECT_TRUE(parser.pending());
  parser.feed("\n\n");
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].data, "[DONE]");
  EXPECT_FALSE(parser.pending());
}

TEST(ServerSentEvents, AByteOrderMarkOpeningTheStreamIsSkippedWhereverItIsCut) {
  const std::string stream = "\xEF\xBB\xBF" "data: a\n\n";
  for (size_t cut = 0; cut <= stream.size(); ++cut) {
    SCOPED_TRACE("cut at " + std::to_string(cut));
    std::vector<ServerSentEvent> events = parse({stream.substr(0, cut), stream.substr(cut)});
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].data, "a");
  }
}

TEST(ServerSentEvents, AnEventWithoutDataIsNone) {
  std::vector<ServerSentEvent> events = parse({"event: ping\n\ndata:\n\nevent: x\ndata: y\n\n"});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].event, "x");
  EXPECT_EQ(events[0].data, "y");
}

TEST(ServerSentEvents, CommentsAndBlankLinesAloneMakeNoEvent) {
  EXPECT_TRUE(parse({": ping\n\n\n\n: another\r\n\r\n"}).empty());
}

}  // namespace
}  // namespace wfc::http
