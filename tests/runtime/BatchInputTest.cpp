// A batch's input and result lines (docs/batch.md "Input", "Output"): InputLines reads a JSON Lines
// file line by line — CRLF, a byte order mark, a last line without its newline, lines longer than
// the limit skipped without being kept, every line numbered — and hashes what it read; lineInput
// says why a line is not an input; resultLine writes the contract's shape; the progress line and
// the summary.
#include "host/batch/BatchLine.h"
#include "host/batch/BatchProgress.h"
#include "host/batch/InputLines.h"
#include "support/Sha256.h"
#include "wfc/error.h"

#include "TestFiles.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

namespace wfc::batch {
namespace {

struct Read {
  std::vector<InputLine> lines;
  std::string sha256;
};

Read readAll(const std::string &text, size_t maxLineBytes = kMaxLineBytes) {
  test::TempDir dir;
  std::string path = dir.write("in.jsonl", text);
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  EXPECT_GE(fd, 0);
  InputLines lines(fd, "input file 'in.jsonl'", true, maxLineBytes);
  Read out;
  InputLine line;
  while (lines.next(line)) out.lines.push_back(line);
  out.sha256 = lines.sha256();
  return out;
}

TEST(InputLinesTest, LinesAreNumberedFromZeroCountingBlankOnes) {
  Read r = readAll("{\"a\":1}\n\n  \n{\"b\":2}\r\n{\"c\":3}");
  ASSERT_EQ(r.lines.size(), 5u);
  EXPECT_EQ(r.lines[0].text, "{\"a\":1}");
  EXPECT_TRUE(isBlank(r.lines[1].text));
  EXPECT_TRUE(isBlank(r.lines[2].text));
  EXPECT_EQ(r.lines[3].text, "{\"b\":2}") << "the CR of a CRLF is dropped";
  EXPECT_EQ(r.lines[4].text, "{\"c\":3}") << "a last line without its newline is a line";
  for (size_t i = 0; i < r.lines.size(); ++i) EXPECT_EQ(r.lines[i].index, i);
  EXPECT_EQ(r.sha256, sha256("{\"a\":1}\n\n  \n{\"b\":2}\r\n{\"c\":3}"));
}

TEST(InputLinesTest, TheFinalNewlineStartsNoLineAndAnEmptyFileHasNone) {
  EXPECT_EQ(readAll("{}\n").lines.size(), 1u);
  EXPECT_EQ(readAll("").lines.size(), 0u);
  EXPECT_EQ(readAll("\n").lines.size(), 1u);
}

TEST(InputLinesTest, AByteOrderMarkOpeningTheFileIsDropped) {
  Read r = readAll("\xEF\xBB\xBF{\"a\":1}\n\xEF\xBB\xBF{}\n");
  EXPECT_EQ(r.lines[0].text, "{\"a\":1}");
  EXPECT_EQ(r.lines[1].text, "\xEF\xBB\xBF{}") << "only at the very start";
}

TEST(InputLinesTest, LongLinesAreSkippedWithoutBeingKept) {
  std::string big(100, 'x');
  Read r = readAll("{}\n" + big + "\n{\"after\":1}\n" + big, 50);
  ASSERT_EQ(r.lines.size(), 4u);
  EXPECT_FALSE(r.lines[0].tooLong);
  EXPECT_TRUE(r.lines[1].tooLong);
  EXPECT_EQ(r.lines[1].text, "");
  EXPECT_EQ(r.lines[2].text, "{\"after\":1}");
  EXPECT_EQ(r.lines[2].index, 2u);
  EXPECT_TRUE(r.lines[3].tooLong) << "a long last line without its newline";
}

TEST(InputLinesTest, LinesAcrossManyReadsAreWhole) {
  // Longer than a read's chunk (64 KiB), so lines straddle chunks.
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "{\"i\":" + std::to_string(i) + "}\n";
  Read r = readAll(text);
  ASSERT_EQ(r.lines.size(), 20000u);
  for (int i = 0; i < 20000; ++i) ASSERT_EQ(r.lines[i].text, "{\"i\":" + std::to_string(i) + "}");
  EXPECT_EQ(r.sha256, sha256(text));
}

TEST(InputLinesTest, ShardsTakeTheIndexModuloTheirCount) {
  std::optional<CommandLine::Shard> none, one = CommandLine::Shard{1, 3};
  EXPECT_TRUE(inShard(none, 7));
  EXPECT_TRUE(inShard(one, 1));
  EXPECT_TRUE(inShard(one, 4));
  EXPECT_FALSE(inShard(one, 0));
  EXPECT_FALSE(inShard(one, 5));
}

std::string whyNot(const std::string &text) {
  InputLine line;
  line.text = text;
  try {
    lineInput(line);
    return "";
  } catch (const Error &e) {
    EXPECT_EQ(e.exitCode(), 2);
    return e.what();
  }
}

TEST(BatchLineTest, ALineThatIsNotAnInputSaysWhy) {
  EXPECT_EQ(whyNot(R"({"text": "x"})"), "");
  EXPECT_EQ(whyNot("nope"), "the line is not valid JSON: parse error at line 1, column 2: syntax error while parsing "
                            "value - invalid literal; last read: 'no'");
  EXPECT_EQ(whyNot("42"), "the line must be a JSON object (the input of a run), not 42");
  EXPECT_EQ(whyNot(std::string(513, '[')), "the line nests deeper than 512 levels");
  InputLine tooLong;
  tooLong.tooLong = true;
  EXPECT_THROW(lineInput(tooLong), Error);
}

TEST(BatchLineTest, ResultLinesHaveTheContractsShape) {
  LineResult ok;
  ok.output = Value::parse(R"({"summary": "s"})");
  EXPECT_EQ(resultLine(0, ok), R"({"line":0,"status":"succeeded","output":{"summary":"s"}})");
  LineResult failed{journal::RunStatus::Failed, 2, "the line is not valid JSON: \"quoted\"", std::nullopt};
  EXPECT_EQ(resultLine(7, failed),
            R"({"line":7,"status":"failed","error":{"code":2,"message":"the line is not valid JSON: \"quoted\""}})");
  LineResult withOutput{journal::RunStatus::Failed, 1, "step 'b' failed", Value::parse(R"({"success": false})")};
  EXPECT_EQ(resultLine(3, withOutput),
            R"({"line":3,"status":"failed","error":{"code":1,"message":"step 'b' failed"},"output":{"success":false}})");
  EXPECT_EQ(lineStatus(0), journal::RunStatus::Succeeded);
  EXPECT_EQ(lineStatus(4), journal::RunStatus::Suspended);
  EXPECT_EQ(lineStatus(3), journal::RunStatus::Failed);
}

TEST(BatchProgressTest, TheProgressLineHasDoneTotalRateAndTimeLeft) {
  BatchCounts c;
  c.succeeded = 40, c.failed = 10;
  EXPECT_EQ(progressLine(c, 100, 10), "[############............] 50/100  ok 40  failed 10  5.00 lines/s  ETA 10s");
  EXPECT_EQ(progressLine(c, std::nullopt, 10), "50 lines  ok 40  failed 10  5.00 lines/s");
  c.before = 50;  // all of them from the journal: no rate yet
  EXPECT_EQ(progressLine(c, 100, 10), "[############............] 50/100  ok 40  failed 10  0.00 lines/s  ETA --");
}

TEST(BatchProgressTest, TheSummaryCountsLinesTokensAndTime) {
  BatchCounts c;
  c.succeeded = 9998, c.failed = 2, c.promptTokens = 1000, c.completionTokens = 234;
  EXPECT_EQ(summaryLine(c, 10000, 100),
            "10000 lines: 9998 succeeded, 2 failed; 1234 tokens (1000 prompt, 234 completion); 1m40s, 100.0 lines/s");
  BatchCounts partial;
  partial.succeeded = 3, partial.before = 1;
  EXPECT_EQ(summaryLine(partial, 5, 2),
            "5 lines: 3 succeeded, 0 failed, 2 not run (1 finished before this resume); 0 tokens (0 prompt, 0 "
            "completion); 2.0s, 1.0 lines/s");
  EXPECT_EQ(formatDuration(7325), "2h02m");
}

}  // namespace
}  // namespace wfc::batch
