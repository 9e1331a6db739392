#include "support/DiagnosticVerifier.h"

#include <gtest/gtest.h>
#include <llvm/Support/MemoryBuffer.h>

#include <string>

namespace wfc {
namespace {

class DiagnosticVerifierTest : public ::testing::Test {
 protected:
  DiagnosticVerifierTest() : printed_(printedText_), diags_(sm_, printed_) {}

  // A memory buffer: the verifier reads annotations from every buffer of the SourceMgr. The
  // name has no `.verify` sidecar on disk.
  const char *addBuffer(const std::string &text, const std::string &name = "wfc-verify-test.yaml") {
    unsigned id = sm_.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name),
                                         llvm::SMLoc());
    return sm_.getMemoryBuffer(id)->getBufferStart();
  }
  // The start of line `line` (1-based) of the buffer at `start`, plus `column - 1`.
  static llvm::SMLoc lineCol(const char *start, unsigned line, unsigned column = 1) {
    const char *p = start;
    for (unsigned l = 1; l < line; ++l) p = strchr(p, '\n') + 1;
    return llvm::SMLoc::getFromPointer(p + column - 1);
  }
  bool verify() {
    llvm::raw_string_ostream os(report_);
    bool ok = verifier_.verify(os);
    os.flush();
    return ok;
  }

  llvm::SourceMgr sm_;
  std::string printedText_;
  llvm::raw_string_ostream printed_;
  DiagnosticEngine diags_;
  DiagnosticVerifier verifier_{diags_};
  std::string report_;
};

TEST_F(DiagnosticVerifierTest, MatchingErrorVerifies) {
  const char *b = addBuffer("steps: 3   # expected-error {{'steps' must be a list}}\nid: x\n");
  diags_.error(lineCol(b, 1, 8), "'steps' must be a list, not an integer");
  EXPECT_TRUE(verify());
  EXPECT_EQ(report_, "");
  printed_.flush();
  EXPECT_EQ(printedText_, "") << "the verifier collects diagnostics instead of printing them";
}

TEST_F(DiagnosticVerifierTest, NoAnnotationsAndNoDiagnosticsVerifies) {
  addBuffer("id: x\n");
  EXPECT_TRUE(verify());
  EXPECT_EQ(report_, "");
}

TEST_F(DiagnosticVerifierTest, MissingDiagnosticFails) {
  addBuffer("id: x\nsteps: 3   # expected-error {{must be a list}}\n");
  EXPECT_FALSE(verify());
  EXPECT_NE(report_.find("expected error not produced"), std::string::npos) << report_;
  EXPECT_EQ(report_,
            "wfc-verify-test.yaml:2: error: expected error not produced at "
            "wfc-verify-test.yaml:2: {{must be a list}}\n");
}

TEST_F(DiagnosticVerifierTest, UnexpectedDiagnosticFails) {
  const char *b = addBuffer("id: x\nsteps: 3\n");
  diags_.error(lineCol(b, 2, 8), "'steps' must be a list");
  EXPECT_FALSE(verify());
  EXPECT_NE(report_.find("unexpected error"), std::string::npos) << report_;
  EXPECT_EQ(report_, "wfc-verify-test.yaml:2:8: error: unexpected error: 'steps' must be a list\n");
}

TEST_F(DiagnosticVerifierTest, DiagnosticOnTheWrongLineFails) {
  const char *b = addBuffer("id: x # expected-error {{bad}}\nsteps: 3\n");
  diags_.error(lineCol(b, 2, 1), "bad thing");
  EXPECT_FALSE(verify());
  EXPECT_NE(report_.find("expected error not produced at wfc-verify-test.yaml:1: {{bad}}"),
            std::string::npos)
      << report_;
  EXPECT_NE(report_.find("wfc-verify-test.yaml:2:1: error: unexpected error: bad thing"),
            std::string::npos)
      << report_;
}

TEST_F(DiagnosticVerifierTest, WrongSeverityFails) {
  const char *b = addBuffer("id: x # expected-warning {{bad}}\n");
  diags_.error(lineCol(b, 1), "bad");
  EXPECT_FALSE(verify());
  EXPECT_NE(report_.find("expected warning not produced"), std::string::npos) << report_;
  EXPECT_NE(report_.find("unexpected error: bad"), std::string::npos) << report_;
}

TEST_F(DiagnosticVerifierTest, TextMustBeASubstring) {
  const char *b = addBuffer("id: x # expected-error {{bad thing}}\n");
  diags_.error(lineCol(b, 1), "a bad  thing");
  EXPECT_FALSE(verify());
}

TEST_F(DiagnosticVerifierTest, RelativeOffsetPlusOne) {
  const char *b = addBuffer("# expected-error@+1 {{next line}}\nsteps: 3\n");
  diags_.error(lineCol(b, 2, 8), "on the next line");
  EXPECT_TRUE(verify()) << report_;
}

TEST_F(DiagnosticVerifierTest, RelativeOffsetPlusOneDoesNotMatchSameLine) {
  const char *b = addBuffer("# expected-error@+1 {{next line}}\nsteps: 3\n");
  diags_.error(lineCol(b, 1, 3), "on the next line");
  EXPECT_FALSE(verify());
}

TEST_F(DiagnosticVerifierTest, RelativeOffsetMinusOne) {
  const char *b = addBuffer("steps: 3\n# expected-error@-1 {{previous line}}\n");
  diags_.error(lineCol(b, 1, 8), "on the previous line");
  EXPECT_TRUE(verify()) << report_;
}

TEST_F(DiagnosticVerifierTest, RelativeOffsetMinusTwoForANote) {
  const char *b = addBuffer("main: 1\nother: 2\nmain: 3 # expected-error {{duplicate}}\n"
                            "# expected-note@-3 {{first defined}}\n");
  diags_.error(lineCol(b, 3), "duplicate key 'main'").note(lineCol(b, 1), "'main' first defined here");
  EXPECT_TRUE(verify()) << report_;
}

TEST_F(DiagnosticVerifierTest, AbsoluteLine) {
  const char *b = addBuffer("a: 1\nb: 2\nc: 3\n# expected-error@2 {{on line two}}\n");
  diags_.error(lineCol(b, 2, 4), "this is on line two");
  EXPECT_TRUE(verify()) << report_;
}

TEST_F(DiagnosticVerifierTest, AbsoluteLineMismatchFails) {
  const char *b = addBuffer("a: 1\nb: 2\nc: 3\n# expected-error@2 {{on line two}}\n");
  diags_.error(lineCol(b, 3, 4), "this is on line two");
  EXPECT_FALSE(verify());
  EXPECT_NE(report_.find("expected error not produced at wfc-verify-test.yaml:2"),
            std::string::npos)
      << report_;
}

TEST_F(DiagnosticVerifierTest, NotesMustBeExpectedToo) {
  const char *b = addBuffer("a: 1\na: 2 # expected-error {{duplicate key 'a'}}\n");
  diags_.error(lineCol(b, 2), "duplicate key 'a'").note(lineCol(b, 1), "'a' first defined here");
  EXPECT_FALSE(verify());
  EXPECT_EQ(report_, "wfc-verify-test.yaml:1:1: error: unexpected note: 'a' first defined here\n");
}

TEST_F(DiagnosticVerifierTest, SeveralAnnotationsOnOneLineEachNeedADiagnostic) {
  const char *b = addBuffer("x: 1 # expected-error {{first}} expected-error {{second}}\n");
  diags_.error(lineCol(b, 1), "first one");
  EXPECT_FALSE(verify());
  diags_.error(lineCol(b, 1, 4), "second one");
  report_.clear();
  EXPECT_TRUE(verify()) << report_;
}

TEST_F(DiagnosticVerifierTest, OneDiagnosticSatisfiesOneAnnotation) {
  const char *b = addBuffer("x: 1 # expected-error {{dup}} expected-error {{dup}}\n");
  diags_.error(lineCol(b, 1), "dup");
  EXPECT_FALSE(verify());
  EXPECT_NE(report_.find("expected error not produced"), std::string::npos);
}

TEST_F(DiagnosticVerifierTest, AnnotationsInAnotherBufferReferToThatBuffer) {
  addBuffer("input_schema: other.json\n", "wfc-verify-a.yaml");
  const char *o = addBuffer("x: 1\ny: 2 # expected-error {{in the other file}}\n", "wfc-verify-b.yaml");
  diags_.error(lineCol(o, 2), "problem in the other file");
  EXPECT_TRUE(verify()) << report_;
}

TEST_F(DiagnosticVerifierTest, WarningsVerify) {
  const char *b = addBuffer("x: 1 # expected-warning {{careful}}\n");
  diags_.warning(lineCol(b, 1), "be careful");
  EXPECT_TRUE(verify()) << report_;
}

TEST_F(DiagnosticVerifierTest, LiftsTheErrorLimit) {
  std::string text;
  for (int i = 1; i <= 60; ++i) text += "x # expected-error {{e}}\n";
  const char *b = addBuffer(text);
  for (unsigned i = 1; i <= 60; ++i) diags_.error(lineCol(b, i), "e" + std::to_string(i));
  EXPECT_TRUE(verify()) << report_;
}

}  // namespace
}  // namespace wfc
