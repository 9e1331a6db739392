// The taint rule's refusals in AWL shell commands (docs/awl.md "Shell commands and taint"), word
// for word and where they point: `wfc check` on a workflow with one shell command, whose first
// diagnostic must be exactly the one expected, at the column of the refused value.
#include "Process.h"
#include "TestUtil.h"

#include <gtest/gtest.h>

#include <string>

namespace wfc {
namespace {

using test::LineCol;
using test::ProcessResult;
using test::TempDir;

const std::string kSeeDocs = " (docs/awl.md \"Shell commands and taint\")";

class AwlTaintDiagnosticsTest : public ::testing::Test {
 protected:
  // `command` is the YAML of the action's `command:` field (a block scalar may follow on the next
  // lines, indented by 8).
  void check(const std::string &command) {
    text_ = "workflow:\n"
            "  name: \"taint\"\n"
            "  inputs: {x: {type: string}, y: {type: string}}\n"
            "  before:\n"
            "    - action: shell\n"
            "      command: " + command + "\n"
            "  foreach:\n"
            "    items: []\n"
            "    steps:\n"
            "      - action: notify\n"
            "        event: \"never\"\n";
    path_ = dir_.write("pack.awl.yaml", text_);
    result_ = test::runProcess(WFC_BINARY, {"check", path_}, 20.0);
  }
  // The first diagnostic's line, "pack.awl.yaml:L:C: error: …".
  std::string firstError() const {
    std::string line = result_.firstErrLine();
    std::string dir = dir_.str() + "/";
    return line.rfind(dir, 0) == 0 ? line.substr(dir.size()) : line;
  }
  // "pack.awl.yaml:L:C: error: " for the `nth` occurrence of `needle` in the workflow.
  std::string at(const std::string &needle, unsigned nth = 0) const {
    LineCol lc = test::lineColOf(text_, needle, nth);
    return "pack.awl.yaml:" + std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": error: ";
  }
  void expectAccepted() const { EXPECT_EQ(result_.exitCode, 0) << result_.err; }

  TempDir dir_;
  std::string text_, path_;
  ProcessResult result_;
};

// ---- a value right after a backslash ----------------------------------------------------------

const std::string kAfterBackslash =
    "a run-time value cannot go right after a '\\', which would escape what wfc writes in the value's place; "
    "write '\\\\' for a literal backslash before it, or '{{' for a literal '{'" + kSeeDocs;

TEST_F(AwlTaintDiagnosticsTest, ABackslashBeforeAnUnquotedValueIsRefused) {
  // It would give `\"$WFC_V1""`: a literal quote, then the value unquoted — split and globbed.
  check("'printf \"[%s]\" \\{x}\"'");
  EXPECT_EQ(result_.exitCode, 1) << result_.err;
  EXPECT_EQ(firstError(), at("{x}") + kAfterBackslash);
  EXPECT_NE(result_.err.find("      command: 'printf \"[%s]\" \\{x}\"'\n"
                             "                               ^\n"),
            std::string::npos)
      << result_.err;
}

TEST_F(AwlTaintDiagnosticsTest, ABackslashBeforeADoubleQuotedValueIsRefused) {
  check("'echo \"C:\\{x}\"'");  // `"C:\${WFC_V1}"` prints the reference, not the value
  EXPECT_EQ(firstError(), at("{x}") + kAfterBackslash);
}

TEST_F(AwlTaintDiagnosticsTest, ABackslashBeforeAValueInAHereDocumentIsRefused) {
  check("|\n        cat <<EOF\n        path: C:\\{x}\n        EOF");
  EXPECT_EQ(firstError(), at("{x}") + kAfterBackslash);
}

TEST_F(AwlTaintDiagnosticsTest, AnOddRunOfBackslashesEscapesTheValue) {
  check("'echo \\\\{x} \\\\\\{y}'");
  EXPECT_EQ(firstError(), at("{y}") + kAfterBackslash);
}

TEST_F(AwlTaintDiagnosticsTest, AnEscapedBackslashOrOneInSingleQuotesIsText) {
  check("|\n        echo \\\\{x} \"\\\\{x}\" 'C:\\{x}'\n        cat <<EOF\n        C:\\\\{x}\n        EOF");
  expectAccepted();
}

// ---- a value a shell started by the command would run as code ---------------------------------

std::string script(const std::string &shell, const std::string &written) {
  return "a run-time value cannot go in the script that '" + shell +
         "' runs, where it would run as shell code; pass it as an argument after the script and use \"$1\" "
         "there: " + shell + " '… \"$1\"' _ " + written + kSeeDocs;
}

TEST_F(AwlTaintDiagnosticsTest, AValueInTheScriptOfShDashCIsRefused) {
  check("\"sh -c 'echo {x}'\"");
  EXPECT_EQ(result_.exitCode, 1) << result_.err;
  EXPECT_EQ(firstError(), at("{x}") + script("sh -c", "{x}"));
  EXPECT_NE(result_.err.find("      command: \"sh -c 'echo {x}'\"\n"
                             "                            ^\n"),
            std::string::npos)
      << result_.err;
}

TEST_F(AwlTaintDiagnosticsTest, AValueInTheScriptOfBashDashCIsRefused) {
  check("'bash -c \"echo {x}\"'");
  EXPECT_EQ(firstError(), at("{x}") + script("bash -c", "{x}"));
}

TEST_F(AwlTaintDiagnosticsTest, TheCaretFindsTheValueBetweenEscapedQuotes) {
  check("\"echo \\\"{x}\\\"; bash -c \\\"echo {x}\\\"\"");  // "echo \"{x}\"; bash -c \"echo {x}\""
  EXPECT_EQ(firstError(), at("{x}", 1) + script("bash -c", "{x}"));
}

TEST_F(AwlTaintDiagnosticsTest, TheMessageNamesTheShellAndItsOptionAsWritten) {
  check("'cd /tmp && env LC_ALL=C /bin/bash -lc \"ls; echo {y}\"'");
  EXPECT_EQ(firstError(), at("{y}") + script("/bin/bash -lc", "{y}"));
}

TEST_F(AwlTaintDiagnosticsTest, AValueInASubstitutionInTheScriptIsRefused) {
  check("|\n        xargs sh -ec \"echo $(printf %s {x})\"");
  EXPECT_EQ(firstError(), at("{x}") + script("sh -ec", "{x}"));
}

TEST_F(AwlTaintDiagnosticsTest, AValueAmongAShellsOptionsIsRefused) {
  check("'sh {x} {y}'");  // x = "-c" would make y the script
  EXPECT_EQ(firstError(), at("{x}") + "a run-time value cannot go among the options of 'sh', where one starting "
                                      "with '-' would be taken for an option (-c would run the next argument as "
                                      "code); put '--' before it" + kSeeDocs);
}

TEST_F(AwlTaintDiagnosticsTest, AValueInAHereDocumentAShellRunsIsRefused) {
  check("|\n        bash <<EOF\n        echo {x}\n        EOF");
  EXPECT_EQ(firstError(), at("{x}") + "a run-time value cannot go in the script that 'bash' reads from its "
                                      "standard input, where it would run as shell code; pass it as an argument "
                                      "and use \"$1\" in the script: bash -s -- {x}" + kSeeDocs);
}

TEST_F(AwlTaintDiagnosticsTest, AValuePassedToAShellAsAnArgumentIsData) {
  check("|\n        sh -c 'echo \"$1\"' _ {x}\n        bash -lc 'echo \"$@\"' bash {x} \"{y}\"\n"
        "        sh -- {x}\n        sh -s -- {x} <<'EOF'\n        echo \"$1\"\n        EOF");
  expectAccepted();
}

}  // namespace
}  // namespace wfc
