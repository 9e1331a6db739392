#include "support/DiagnosticEngine.h"

#include <gtest/gtest.h>
#include <llvm/Support/MemoryBuffer.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace wfc {
namespace {

class DiagnosticEngineTest : public ::testing::Test {
 protected:
  DiagnosticEngineTest() : os_(out_), diags_(sm_, os_) {}

  // Adds a buffer named `name` holding `text`; returns its start.
  const char *addBuffer(const std::string &text, const std::string &name = "name.yaml") {
    unsigned id = sm_.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name),
                                         llvm::SMLoc());
    return sm_.getMemoryBuffer(id)->getBufferStart();
  }
  // The location of the first occurrence of `needle` in the buffer starting at `start`.
  static llvm::SMLoc at(const char *start, const std::string &needle, size_t from = 0) {
    std::string text(start);
    size_t pos = text.find(needle, from);
    EXPECT_NE(pos, std::string::npos) << needle;
    return llvm::SMLoc::getFromPointer(start + pos);
  }
  std::string output() {
    os_.flush();
    return out_;
  }

  llvm::SourceMgr sm_;
  std::string out_;
  llvm::raw_string_ostream os_;
  DiagnosticEngine diags_;
};

TEST_F(DiagnosticEngineTest, TextFormatWithSourceLineAndCaret) {
  const char *b = addBuffer("id: demo\nsteps: 3\nname: x\n");
  diags_.error(at(b, "3"), "'steps' must be a list");
  EXPECT_EQ(output(),
            "name.yaml:2:8: error: 'steps' must be a list\n"
            "steps: 3\n"
            "       ^\n");
  EXPECT_EQ(diags_.errorCount(), 1u);
  EXPECT_EQ(diags_.warningCount(), 0u);
  EXPECT_TRUE(diags_.hasErrors());
}

TEST_F(DiagnosticEngineTest, CaretAtColumnOneAndOnLastLineWithoutNewline) {
  const char *b = addBuffer("first\nlast");
  diags_.error(at(b, "first"), "one");
  diags_.error(at(b, "st", 7), "two");
  EXPECT_EQ(output(),
            "name.yaml:1:1: error: one\n"
            "first\n"
            "^\n"
            "name.yaml:2:3: error: two\n"
            "last\n"
            "  ^\n");
}

TEST_F(DiagnosticEngineTest, TabCountsAsOneColumnAndIsReproducedInCaretLine) {
  const char *b = addBuffer("top:\n\tkey: value\n");
  diags_.error(at(b, "value"), "tabs");
  EXPECT_EQ(output(),
            "name.yaml:2:7: error: tabs\n"
            "\tkey: value\n"
            "\t     ^\n");
}

TEST_F(DiagnosticEngineTest, CaretCountsCharactersNotBytes) {
  const char *b = addBuffer("title: \"h\xC3\xA9llo\", n: x\n");
  diags_.error(at(b, "x\n"), "bad");
  std::string out = output();
  // The caret line: one space per character before the column.
  EXPECT_NE(out.find("\ntitle: \"h\xC3\xA9llo\", n: x\n"
                     "                   ^\n"),
            std::string::npos)
      << out;
}

TEST_F(DiagnosticEngineTest, ColumnNumberCountsCharactersNotBytes) {
  const char *b = addBuffer("title: \"h\xC3\xA9llo\", n: x\n");
  ResolvedLocation r = diags_.resolve(at(b, "x\n"));
  EXPECT_EQ(r.line, 1u);
  EXPECT_EQ(r.column, 20u);
  diags_.error(at(b, "x\n"), "bad");
  EXPECT_EQ(output().substr(0, 32), "name.yaml:1:20: error: bad\ntitle");
}

TEST_F(DiagnosticEngineTest, ControlBytesInSourceLinePrintAsQuestionMarks) {
  const char *b = addBuffer(std::string("a\x01" "b: x\n"));
  diags_.error(at(b, "x"), "ctl");
  EXPECT_EQ(output(),
            "name.yaml:1:6: error: ctl\n"
            "a?b: x\n"
            "     ^\n");
}

TEST_F(DiagnosticEngineTest, NotesFollowTheirError) {
  const char *b = addBuffer("id: a\nname: n\nid: b\n");
  diags_.error(at(b, "id: b"), "duplicate key 'id'").note(at(b, "id: a"), "'id' first defined here");
  diags_.error(at(b, "name"), "second");
  EXPECT_EQ(output(),
            "name.yaml:3:1: error: duplicate key 'id'\n"
            "id: b\n"
            "^\n"
            "name.yaml:1:1: note: 'id' first defined here\n"
            "id: a\n"
            "^\n"
            "name.yaml:2:1: error: second\n"
            "name: n\n"
            "^\n");
  EXPECT_EQ(diags_.errorCount(), 2u);
}

TEST_F(DiagnosticEngineTest, DiagnosticIsEmittedWhenInFlightObjectDies) {
  const char *b = addBuffer("x: 1\n");
  {
    InFlightDiagnostic d = diags_.error(at(b, "1"), "late");
    EXPECT_EQ(output(), "");
    d.note(at(b, "x"), "attached");
  }
  EXPECT_EQ(output(),
            "name.yaml:1:4: error: late\n"
            "x: 1\n"
            "   ^\n"
            "name.yaml:1:1: note: attached\n"
            "x: 1\n"
            "^\n");
}

TEST_F(DiagnosticEngineTest, FileOnlyAndUnlocatedDiagnostics) {
  diags_.error(Location::inFile("missing.yaml"), "cannot open pack: No such file or directory");
  diags_.error(Location(), "no command given");
  EXPECT_EQ(output(),
            "missing.yaml: error: cannot open pack: No such file or directory\n"
            "wfc: error: no command given\n");
}

TEST_F(DiagnosticEngineTest, LocationsInTwoBuffersNameTheirFiles) {
  const char *a = addBuffer("a: 1\n", "pack.yaml");
  const char *s = addBuffer("{\n  \"type\": 3\n}\n", "schemas/doc.json");
  ResolvedLocation ra = diags_.resolve(at(a, "1"));
  ResolvedLocation rs = diags_.resolve(at(s, "3"));
  EXPECT_EQ(ra.file, "pack.yaml");
  EXPECT_EQ(ra.line, 1u);
  EXPECT_EQ(ra.column, 4u);
  EXPECT_EQ(rs.file, "schemas/doc.json");
  EXPECT_EQ(rs.line, 2u);
  EXPECT_EQ(rs.column, 11u);
  ResolvedLocation none = diags_.resolve(Location());
  EXPECT_EQ(none.file, "");
  EXPECT_EQ(none.line, 0u);
  EXPECT_EQ(none.column, 0u);
}

TEST_F(DiagnosticEngineTest, JsonFormatOneObjectPerLine) {
  const char *b = addBuffer("id: a\nname: n\nid: b\n");
  diags_.setFormat(DiagnosticEngine::Format::Json);
  diags_.error(at(b, "id: b"), "duplicate key 'id'").note(at(b, "id: a"), "'id' first defined here");
  diags_.error(at(b, "n\n"), "say \"hi\"");
  diags_.error(Location::inFile("other.yaml"), "cannot open pack");
  EXPECT_EQ(output(),
            R"({"severity":"error","file":"name.yaml","line":3,"column":1,"message":"duplicate key 'id'","notes":[{"severity":"note","file":"name.yaml","line":1,"column":1,"message":"'id' first defined here"}]})"
            "\n"
            R"({"severity":"error","file":"name.yaml","line":2,"column":7,"message":"say \"hi\"","notes":[]})"
            "\n"
            R"({"severity":"error","file":"other.yaml","line":0,"column":0,"message":"cannot open pack","notes":[]})"
            "\n");
}

TEST_F(DiagnosticEngineTest, JsonFormatLinesParse) {
  const char *b = addBuffer("k: \"\xC3\xA9\t\"\n");
  diags_.setFormat(DiagnosticEngine::Format::Json);
  diags_.warning(at(b, "\""), "w \xC3\xA9 \t tab");
  std::string out = output();
  ASSERT_FALSE(out.empty());
  ASSERT_EQ(out.back(), '\n');
  ASSERT_EQ(out.find('\n'), out.size() - 1) << "one line per diagnostic";
  nlohmann::json j = nlohmann::json::parse(out);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j.size(), 6u);
  EXPECT_EQ(j["severity"], "warning");
  EXPECT_EQ(j["file"], "name.yaml");
  EXPECT_EQ(j["line"], 1);
  EXPECT_EQ(j["column"], 4);
  EXPECT_EQ(j["message"], "w \xC3\xA9 \t tab");
  EXPECT_TRUE(j["notes"].is_array());
  EXPECT_TRUE(j["notes"].empty());
  EXPECT_EQ(diags_.warningCount(), 1u);
  EXPECT_EQ(diags_.errorCount(), 0u);
}

TEST_F(DiagnosticEngineTest, WarningWithoutWerror) {
  const char *b = addBuffer("x: 1\n");
  diags_.warning(at(b, "x"), "may have been skipped");
  EXPECT_EQ(output(),
            "name.yaml:1:1: warning: may have been skipped\n"
            "x: 1\n"
            "^\n");
  EXPECT_EQ(diags_.warningCount(), 1u);
  EXPECT_EQ(diags_.errorCount(), 0u);
  EXPECT_FALSE(diags_.hasErrors());
}

TEST_F(DiagnosticEngineTest, WerrorPromotesWarnings) {
  const char *b = addBuffer("x: 1\n");
  diags_.setWarningsAsErrors(true);
  diags_.warning(at(b, "x"), "may have been skipped");
  EXPECT_EQ(output(),
            "name.yaml:1:1: error: may have been skipped [-Werror]\n"
            "x: 1\n"
            "^\n");
  EXPECT_EQ(diags_.errorCount(), 1u);
  EXPECT_EQ(diags_.warningCount(), 0u);
  EXPECT_TRUE(diags_.hasErrors());
}

TEST_F(DiagnosticEngineTest, WerrorPromotionReachesConsumer) {
  const char *b = addBuffer("x: 1\n");
  std::vector<Diagnostic> got;
  diags_.setConsumer([&](const Diagnostic &d) { got.push_back(d); });
  diags_.setWarningsAsErrors(true);
  diags_.warning(at(b, "x"), "w");
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].severity, Severity::Error);
  EXPECT_EQ(got[0].message, "w [-Werror]");
  EXPECT_EQ(output(), "") << "a consumer replaces printing";
}

TEST_F(DiagnosticEngineTest, ErrorLimitPrintsOneNoteThenStops) {
  const char *b = addBuffer("a\nb\nc\nd\ne\n");
  diags_.setErrorLimit(2);
  diags_.error(at(b, "a"), "e1");
  diags_.error(at(b, "b"), "e2");
  diags_.error(at(b, "c"), "e3");
  diags_.error(at(b, "d"), "e4");
  diags_.error(at(b, "e"), "e5");
  EXPECT_EQ(output(),
            "name.yaml:1:1: error: e1\na\n^\n"
            "name.yaml:2:1: error: e2\nb\n^\n"
            "wfc: note: too many errors emitted, stopping now (use --error-limit=0 for no limit)\n");
  EXPECT_TRUE(diags_.hasErrors());
  EXPECT_GT(diags_.errorCount(), 2u);
}

TEST_F(DiagnosticEngineTest, ErrorLimitInJson) {
  const char *b = addBuffer("a\nb\n");
  diags_.setFormat(DiagnosticEngine::Format::Json);
  diags_.setErrorLimit(1);
  diags_.error(at(b, "a"), "e1");
  diags_.error(at(b, "b"), "e2");
  std::vector<std::string> lines;
  std::string out = output();
  for (size_t p = 0, nl; (nl = out.find('\n', p)) != std::string::npos; p = nl + 1)
    lines.push_back(out.substr(p, nl - p));
  ASSERT_EQ(lines.size(), 2u) << out;
  nlohmann::json note = nlohmann::json::parse(lines[1]);
  EXPECT_EQ(note["severity"], "note");
  EXPECT_EQ(note["line"], 0);
  EXPECT_EQ(note["message"],
            "too many errors emitted, stopping now (use --error-limit=0 for no limit)");
}

TEST_F(DiagnosticEngineTest, NothingIsPrintedAfterTheErrorLimit) {
  const char *b = addBuffer("a\nb\nc\n");
  diags_.setErrorLimit(1);
  diags_.error(at(b, "a"), "e1");
  diags_.error(at(b, "b"), "e2");
  diags_.warning(at(b, "c"), "w3");
  EXPECT_EQ(output(),
            "name.yaml:1:1: error: e1\na\n^\n"
            "wfc: note: too many errors emitted, stopping now (use --error-limit=0 for no limit)\n");
}

TEST_F(DiagnosticEngineTest, ZeroErrorLimitMeansNoLimit) {
  std::string text;
  for (int i = 0; i < 120; ++i) text += "l" + std::to_string(i) + "\n";
  const char *b = addBuffer(text);
  diags_.setErrorLimit(0);
  for (int i = 0; i < 120; ++i) diags_.error(at(b, "l" + std::to_string(i) + "\n"), "e");
  EXPECT_EQ(diags_.errorCount(), 120u);
  EXPECT_EQ(output().find("too many errors"), std::string::npos);
}

TEST_F(DiagnosticEngineTest, DefaultErrorLimitIsFifty) {
  std::string text;
  for (int i = 0; i < 60; ++i) text += "l" + std::to_string(i) + "\n";
  const char *b = addBuffer(text);
  for (int i = 0; i < 60; ++i) diags_.error(at(b, "l" + std::to_string(i) + "\n"), "e");
  std::string out = output();
  size_t errors = 0;
  for (size_t p = 0; (p = out.find(": error: ", p)) != std::string::npos; ++p) ++errors;
  EXPECT_EQ(errors, 50u);
  EXPECT_NE(out.find("l49\n"), std::string::npos);
  EXPECT_EQ(out.find("l50\n"), std::string::npos);
  EXPECT_NE(out.find("wfc: note: too many errors emitted"), std::string::npos);
}

TEST_F(DiagnosticEngineTest, ExactDuplicatesAreSuppressed) {
  const char *b = addBuffer("a: 1\nb: 2\n");
  diags_.error(at(b, "1"), "same");
  diags_.error(at(b, "1"), "same");
  EXPECT_EQ(diags_.errorCount(), 1u);
  EXPECT_EQ(output(), "name.yaml:1:4: error: same\na: 1\n   ^\n");
  // A different message at the same place, or the same message elsewhere, is not a repeat.
  diags_.error(at(b, "1"), "other");
  diags_.error(at(b, "2"), "same");
  diags_.error(Location::inFile("f.yaml"), "same");
  diags_.error(Location::inFile("f.yaml"), "same");
  EXPECT_EQ(diags_.errorCount(), 4u);
  EXPECT_EQ(output(),
            "name.yaml:1:4: error: same\na: 1\n   ^\n"
            "name.yaml:1:4: error: other\na: 1\n   ^\n"
            "name.yaml:2:4: error: same\nb: 2\n   ^\n"
            "f.yaml: error: same\n");
}

TEST_F(DiagnosticEngineTest, DuplicateWarningsAreSuppressedToo) {
  const char *b = addBuffer("a: 1\n");
  diags_.warning(at(b, "a"), "w");
  diags_.warning(at(b, "a"), "w");
  EXPECT_EQ(diags_.warningCount(), 1u);
  EXPECT_EQ(output(), "name.yaml:1:1: warning: w\na: 1\n^\n");
}

TEST_F(DiagnosticEngineTest, LongLinesAreWindowedAroundTheColumn) {
  std::string line(300, 'x');
  line[200] = 'Y';
  const char *b = addBuffer(line + "\n");
  diags_.error(at(b, "Y"), "long");
  std::string out = output();
  std::vector<std::string> lines;
  for (size_t p = 0, nl; (nl = out.find('\n', p)) != std::string::npos; p = nl + 1)
    lines.push_back(out.substr(p, nl - p));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "name.yaml:1:201: error: long");
  EXPECT_EQ(lines[1].substr(0, 3), "...");
  EXPECT_LE(lines[1].size(), 3u + 160u);
  size_t caret = lines[2].find('^');
  ASSERT_NE(caret, std::string::npos);
  ASSERT_LT(caret, lines[1].size());
  EXPECT_EQ(lines[1][caret], 'Y') << "the caret must stay under the column";
}

TEST_F(DiagnosticEngineTest, SeverityNames) {
  EXPECT_EQ(severityName(Severity::Error), "error");
  EXPECT_EQ(severityName(Severity::Warning), "warning");
  EXPECT_EQ(severityName(Severity::Note), "note");
}

}  // namespace
}  // namespace wfc
