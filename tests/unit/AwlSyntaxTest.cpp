// AWL's expression syntax, its shell-quoting scanner and the shells it finds, and where its carets
// point (frontend/awl/ExpressionSyntax, ShellQuoting, ShellInvocation, ExpressionLowering's
// locateOffset).
#include "frontend/DocumentLoader.h"
#include "frontend/awl/ExpressionLowering.h"
#include "frontend/awl/ExpressionSyntax.h"
#include "frontend/awl/ShellQuoting.h"

#include "TestUtil.h"

#include <gtest/gtest.h>

namespace wfc::awl {
namespace {

TemplateSyntax templ(llvm::StringRef text) {
  auto r = parseTemplate(text);
  EXPECT_TRUE(std::holds_alternative<TemplateSyntax>(r)) << text.str();
  return std::holds_alternative<TemplateSyntax>(r) ? std::get<TemplateSyntax>(r) : TemplateSyntax{};
}

ExprSyntax expr(llvm::StringRef text) {
  auto r = parseExpressionField(text);
  if (auto *e = std::get_if<SyntaxError>(&r)) ADD_FAILURE() << text.str() << ": " << e->message;
  return std::holds_alternative<ExprSyntax>(r) ? std::get<ExprSyntax>(r) : ExprSyntax{};
}

SyntaxError fieldError(llvm::StringRef text) {
  auto r = parseExpressionField(text);
  EXPECT_TRUE(std::holds_alternative<SyntaxError>(r)) << text.str();
  return std::holds_alternative<SyntaxError>(r) ? std::get<SyntaxError>(r) : SyntaxError{};
}

TEST(AwlTemplateTest, TextAndExpressionsWithOffsets) {
  TemplateSyntax t = templ("Phase {item.number}: {item.name}!");
  ASSERT_EQ(t.pieces.size(), 5u);
  EXPECT_EQ(std::get<std::string>(t.pieces[0]), "Phase ");
  const Interpolated &n = std::get<Interpolated>(t.pieces[1]);
  EXPECT_EQ(n.offset, 6u);
  EXPECT_EQ(n.written, "{item.number}");
  EXPECT_EQ(n.expr.name, "item");
  ASSERT_EQ(n.expr.path.size(), 1u);
  EXPECT_EQ(n.expr.path[0].key, "number");
  EXPECT_FALSE(t.whole());
}

TEST(AwlTemplateTest, DoubledBracesAndShellExpansionsAreText) {
  TemplateSyntax t = templ("{{literal}} and ${HOME} and }");
  ASSERT_EQ(t.pieces.size(), 1u);
  EXPECT_EQ(std::get<std::string>(t.pieces[0]), "{literal} and ${HOME} and }");
}

// A '{' that cannot start an expression is text (docs/awl.md "Expressions"): a shell group, a
// JSON object, find's `{}`; `{{ … }}` keeps its meaning, and JSON's closing `}}` stays two braces.
TEST(AwlTemplateTest, BracesThatStartNoExpressionAreText) {
  TemplateSyntax group = templ("{check_cmd} || { touch validated.marker; exit 3; }");
  ASSERT_EQ(group.pieces.size(), 2u);
  EXPECT_EQ(std::get<Interpolated>(group.pieces[0]).expr.name, "check_cmd");
  EXPECT_EQ(std::get<std::string>(group.pieces[1]), " || { touch validated.marker; exit 3; }");
  EXPECT_TRUE(group.lookalikes.empty());

  TemplateSyntax json = templ("Answer as {\"answer\": \"{answer}\", \"meta\": {\"n\": 1}}\n{\n  \"k\": []\n}");
  ASSERT_EQ(json.pieces.size(), 3u);
  EXPECT_EQ(std::get<std::string>(json.pieces[0]), "Answer as {\"answer\": \"");
  EXPECT_EQ(std::get<Interpolated>(json.pieces[1]).expr.name, "answer");
  EXPECT_EQ(std::get<std::string>(json.pieces[2]), "\", \"meta\": {\"n\": 1}}\n{\n  \"k\": []\n}");

  EXPECT_EQ(std::get<std::string>(templ("find . -name '*.tmp' -exec rm {} \\; && echo {'a','b'}").pieces[0]),
            "find . -name '*.tmp' -exec rm {} \\; && echo {'a','b'}");
  EXPECT_EQ(std::get<std::string>(templ("{{\"a\": {{\"b\": 1}}}}").pieces[0]), "{\"a\": {\"b\": 1}}")
      << "escaped braces, each closing }} one brace";
  EXPECT_EQ(std::get<std::string>(templ("{{x}} and }} alone").pieces[0]), "{x} and }} alone")
      << "a }} that closes no {{ is two braces";
  EXPECT_EQ(std::get<std::string>(templ("ends with {").pieces[0]), "ends with {");
}

// Literal braces around what parses as an expression are kept for the lowering, which warns when
// one reads a name the workflow defines.
TEST(AwlTemplateTest, LiteralBracesAroundAnExpressionAreKeptAsLookalikes) {
  TemplateSyntax t = templ("Hello { user.name }, see {  x == 'a'} and {'b' == y}");
  ASSERT_EQ(t.pieces.size(), 1u);
  ASSERT_EQ(t.lookalikes.size(), 3u);
  EXPECT_EQ(t.lookalikes[0].offset, 6u);
  EXPECT_EQ(t.lookalikes[0].written, "{ user.name }");
  EXPECT_EQ(t.lookalikes[0].expr.name, "user");
  EXPECT_EQ(t.lookalikes[1].offset, 25u);
  EXPECT_EQ(t.lookalikes[2].written, "{'b' == y}");
  EXPECT_TRUE(templ("{ touch x; }").lookalikes.empty());
  EXPECT_TRUE(templ("{\"k\": 1}").lookalikes.empty()) << "JSON";
  EXPECT_EQ(templ("awk '{ print }'").lookalikes.size(), 1u) << "kept; the lowering warns only for a known name";
}

TEST(AwlTemplateTest, AnExpressionLeftOpenSaysHowToWriteABrace) {
  auto r = parseTemplate("cp file.{txt,bak}");
  ASSERT_TRUE(std::holds_alternative<SyntaxError>(r));
  EXPECT_EQ(std::get<SyntaxError>(r).message,
            "expected '}' to end the expression that starts at '{', found ',' (write '{{' for a literal '{', or put a "
            "space after it)");
  EXPECT_EQ(std::get<SyntaxError>(r).offset, 12u);
}

TEST(AwlTemplateTest, WholeExpressionKeepsItsValue) {
  TemplateSyntax t = templ("{validation.exit_code == 0}");
  ASSERT_TRUE(t.whole());
  EXPECT_EQ(std::get<Interpolated>(t.pieces[0]).expr.kind, ExprSyntax::Kind::Compare);
}

TEST(AwlExpressionTest, PrecedenceAndShape) {
  ExprSyntax e = expr("{a} || b && !c");
  ASSERT_EQ(e.kind, ExprSyntax::Kind::Or);
  ASSERT_EQ(e.operands.size(), 2u);
  EXPECT_EQ(e.operands[0].kind, ExprSyntax::Kind::Path);
  ASSERT_EQ(e.operands[1].kind, ExprSyntax::Kind::And);
  EXPECT_EQ(e.operands[1].operands[1].kind, ExprSyntax::Kind::Not);

  ExprSyntax c = expr("len(items) >= 2");
  ASSERT_EQ(c.kind, ExprSyntax::Kind::Compare);
  EXPECT_EQ(c.op, ">=");
  EXPECT_EQ(c.operands[0].kind, ExprSyntax::Kind::Call);
  EXPECT_EQ(c.operands[1].literal, 2);

  ExprSyntax r = expr("range(1, {max_retries})");
  ASSERT_EQ(r.kind, ExprSyntax::Kind::Call);
  EXPECT_EQ(r.name, "range");
  ASSERT_EQ(r.operands.size(), 2u);
  EXPECT_EQ(r.operands[1].name, "max_retries");
}

TEST(AwlExpressionTest, PathsWithKebabKeysIndexesAndQuotedKeys) {
  ExprSyntax p = expr("result.exit-code");
  ASSERT_EQ(p.path.size(), 1u);
  EXPECT_EQ(p.path[0].key, "exit-code");
  ExprSyntax q = expr("phases[2][\"a b\"].name");
  ASSERT_EQ(q.path.size(), 3u);
  EXPECT_EQ(*q.path[0].index, 2u);
  EXPECT_EQ(q.path[1].key, "a b");
  EXPECT_EQ(q.pathOffsets[2], 16u);
}

TEST(AwlExpressionTest, LiteralsAndNegativeNumbers) {
  EXPECT_EQ(expr("-3").literal, -3);
  EXPECT_EQ(expr("2.5").literal, 2.5);
  EXPECT_EQ(expr("'it\\'s'").literal, "it's");
  EXPECT_TRUE(expr("null").literal.is_null());
  EXPECT_EQ(expr("true").literal, true);
}

TEST(AwlExpressionTest, ErrorsPointAtTheProblem) {
  EXPECT_EQ(fieldError("a = 1").offset, 2u);
  EXPECT_EQ(fieldError("1 < a < 2").offset, 6u);
  SyntaxError s = fieldError("'open");
  EXPECT_EQ(s.offset, 0u);
  EXPECT_NE(s.message.find("unterminated string"), std::string::npos);
  EXPECT_NE(fieldError("a extra").message.find("unexpected 'extra'"), std::string::npos);
  std::string deep(200, '(');
  EXPECT_NE(fieldError(deep + "1").message.find("nests too deeply"), std::string::npos);
}

ShellScanner::Spot spotAfter(llvm::StringRef text) {
  ShellScanner s;
  s.feed(text);
  return s.spot();
}

TEST(ShellScannerTest, FollowsQuotingAsTheShellDoes) {
  using Spot = ShellScanner::Spot;
  EXPECT_EQ(spotAfter("echo "), Spot::Unquoted);
  EXPECT_EQ(spotAfter("echo \"a "), Spot::DoubleQuoted);
  EXPECT_EQ(spotAfter("echo 'a "), Spot::SingleQuoted);
  EXPECT_EQ(spotAfter("echo 'a' \"b\" "), Spot::Unquoted);
  EXPECT_EQ(spotAfter("echo \"it's "), Spot::DoubleQuoted);
  EXPECT_EQ(spotAfter("echo 'say \"hi "), Spot::SingleQuoted);
  EXPECT_EQ(spotAfter("echo \\' "), Spot::Unquoted);
  EXPECT_EQ(spotAfter("echo $(cat "), Spot::Unquoted);
  EXPECT_EQ(spotAfter("echo \"$(cat "), Spot::Unquoted);
  EXPECT_EQ(spotAfter("echo \"$(cat \"x"), Spot::DoubleQuoted);
  EXPECT_EQ(spotAfter("echo $(cat x) \""), Spot::DoubleQuoted);
  EXPECT_EQ(spotAfter("echo `cat "), Spot::Backquoted);
  EXPECT_EQ(spotAfter("echo ${X:-"), Spot::Parameter);
  EXPECT_EQ(spotAfter("echo \"${X:-"), Spot::Parameter);
  EXPECT_EQ(spotAfter("echo $(( 1 + "), Spot::Arithmetic);
  EXPECT_EQ(spotAfter("echo $(( (1) + 2 )) "), Spot::Unquoted);
  EXPECT_EQ(spotAfter("echo $( (cd x) ; "), Spot::Unquoted);
  EXPECT_EQ(spotAfter("echo # note "), Spot::Comment);
  EXPECT_EQ(spotAfter("echo a#b "), Spot::Unquoted);
  EXPECT_EQ(spotAfter("echo # note\necho "), Spot::Unquoted);
  EXPECT_EQ(spotAfter("cat <<EOF\nline "), Spot::HereDocument);
  EXPECT_EQ(spotAfter("cat <<'EOF'\nline "), Spot::QuotedHereDocument);
  EXPECT_EQ(spotAfter("cat <<-\"EOF\" | wc\n\tline "), Spot::QuotedHereDocument);
  EXPECT_EQ(spotAfter("cat <<EOF\nline\nEOF\necho "), Spot::Unquoted);
  EXPECT_EQ(spotAfter("cat <<-EOF\n\tline\n\tEOF\necho \""), Spot::DoubleQuoted);
  EXPECT_EQ(spotAfter("cat <<"), Spot::HereDocumentWord);
  EXPECT_EQ(spotAfter("cat <<<"), Spot::Unquoted);
  // A backslash escapes the first character of what replaces the value, except in '…' (where it
  // is text) and after another backslash.
  EXPECT_EQ(spotAfter("echo \\"), Spot::AfterBackslash);
  EXPECT_EQ(spotAfter("echo \\\\"), Spot::Unquoted);
  EXPECT_EQ(spotAfter("echo \\\\\\"), Spot::AfterBackslash);
  EXPECT_EQ(spotAfter("echo \"C:\\"), Spot::AfterBackslash);
  EXPECT_EQ(spotAfter("echo 'C:\\"), Spot::SingleQuoted);
  EXPECT_EQ(spotAfter("echo $(cat \\"), Spot::AfterBackslash);
  EXPECT_EQ(spotAfter("cat <<EOF\nC:\\"), Spot::AfterBackslash);
  EXPECT_EQ(spotAfter("cat <<EOF\nC:\\\\"), Spot::HereDocument);
  EXPECT_EQ(spotAfter("cat <<'EOF'\nC:\\"), Spot::QuotedHereDocument);
}

TEST(ShellScannerTest, AValueEndsTheEscapeBeforeIt) {
  // The shell escapes the reference's first character, so the author's next one is not escaped.
  ShellScanner s;
  s.feed("echo \\");
  s.value();
  s.feed("\"");
  ASSERT_TRUE(s.unterminated());
  EXPECT_EQ(*s.unterminated(), "a '\"' is not closed");
}

// What a shell started by the command makes of a value written after `text`.
ShellUse useAfter(llvm::StringRef text) {
  ShellScanner s;
  s.feed(text);
  return s.use();
}

TEST(ShellScannerTest, FindsTheScriptsOfTheShellsACommandStarts) {
  using Role = ShellUse::Role;
  auto role = [](llvm::StringRef text) { return useAfter(text).role; };
  // The command string of -c, however the option is spelled and whatever starts the shell.
  EXPECT_EQ(role("sh -c 'echo "), Role::Script);
  EXPECT_EQ(role("bash -c \"echo "), Role::Script);
  EXPECT_EQ(role("sh -c "), Role::Script);
  EXPECT_EQ(role("sh -c ''"), Role::Script);
  EXPECT_EQ(role("bash -lc 'echo "), Role::Script);
  EXPECT_EQ(role("sh -ec 'echo "), Role::Script);
  EXPECT_EQ(role("sh -c -- 'echo "), Role::Script);
  EXPECT_EQ(role("bash -o pipefail -c 'echo "), Role::Script);
  EXPECT_EQ(role("bash --norc -c 'echo "), Role::Script);
  EXPECT_EQ(role("/bin/dash -c 'echo "), Role::Script);
  EXPECT_EQ(role("\"$SHELL\" -c 'echo "), Role::Script);
  EXPECT_EQ(role("env FOO=1 sh -c 'echo "), Role::Script);
  EXPECT_EQ(role("LC_ALL=C zsh -c 'echo "), Role::Script);
  EXPECT_EQ(role("xargs -n 1 sh -c 'echo "), Role::Script);
  EXPECT_EQ(role("sudo -u me ksh -c 'echo "), Role::Script);
  EXPECT_EQ(role("find . -exec sh -c 'echo "), Role::Script);
  EXPECT_EQ(role("if sh -c 'echo "), Role::Script);
  EXPECT_EQ(role("sh 2>/dev/null -c 'echo "), Role::Script);
  EXPECT_EQ(role("cd x && (bash -c \"echo "), Role::Script);
  EXPECT_EQ(role("x=$(sh -c 'echo "), Role::Script);
  EXPECT_EQ(role("sh -c \"$(printf %s "), Role::Script);  // what $(…) prints is the script
  EXPECT_EQ(useAfter("bash -lc 'echo ").shell, "bash -lc");
  EXPECT_EQ(useAfter("env /bin/sh -ec 'echo ").shell, "/bin/sh -ec");
  // Among the options, a value starting with '-' would be one (-c, making the next word a script).
  EXPECT_EQ(role("sh "), Role::Option);
  EXPECT_EQ(role("bash -e "), Role::Option);
  EXPECT_EQ(role("bash -o "), Role::Option);
  EXPECT_EQ(role("sh -s "), Role::Option);
  EXPECT_EQ(role("sh -c -x"), Role::Option);
  EXPECT_EQ(useAfter("sh -c -x").shell, "sh -c");
  // A shell reading its script from standard input: a here-document or here-string it is given.
  EXPECT_EQ(role("sh <<EOF\necho "), Role::StdinScript);
  EXPECT_EQ(role("bash -s -- a <<EOF\necho "), Role::StdinScript);
  EXPECT_EQ(role("sh <<< 'echo "), Role::StdinScript);
  EXPECT_EQ(useAfter("bash -x <<EOF\necho ").shell, "bash");
  // Data: positional parameters, a script file's name, other commands' arguments.
  EXPECT_EQ(role("sh -c 'echo \"$1\"' _ "), Role::Data);
  EXPECT_EQ(role("sh -c \"\" "), Role::Data);
  EXPECT_EQ(role("bash -lc 'echo \"$1\"' bash "), Role::Data);
  EXPECT_EQ(role("sh -c 'echo' 2>&1 "), Role::Data);
  EXPECT_EQ(role("sh -s -- "), Role::Data);
  EXPECT_EQ(role("sh -- "), Role::Data);
  EXPECT_EQ(role("sh ./"), Role::Data);
  EXPECT_EQ(role("sh script.sh "), Role::Data);
  EXPECT_EQ(role("sh -c 'cat' <<EOF\n"), Role::Data);
  EXPECT_EQ(role("sh script.sh <<EOF\n"), Role::Data);
  EXPECT_EQ(role("sh <<'EOF'\necho "), Role::Data);  // quoted: refused as a spot, nothing expands
  EXPECT_EQ(role("sh -c 'x'; echo "), Role::Data);
  EXPECT_EQ(role("sh -c 'x' | grep "), Role::Data);
  EXPECT_EQ(role("sh -c 'x' > "), Role::Data);
  EXPECT_EQ(role("echo sh -c "), Role::Data);
  EXPECT_EQ(role("grep -c sh "), Role::Data);
  EXPECT_EQ(role("git commit -c 'x "), Role::Data);
  EXPECT_EQ(role("env SHELL=/bin/sh make "), Role::Data);
  EXPECT_EQ(role("sh -c 'x' # sh -c '"), Role::Data);
  EXPECT_EQ(role("sh -c \"$((1 + 2))\" "), Role::Data);
}

TEST(ShellScannerTest, ReferencesSuitTheirSpot) {
  EXPECT_EQ(*referenceAt(ShellScanner::Spot::Unquoted, "WFC_V1"), "\"$WFC_V1\"");
  EXPECT_EQ(*referenceAt(ShellScanner::Spot::DoubleQuoted, "WFC_V1"), "${WFC_V1}");
  EXPECT_EQ(*referenceAt(ShellScanner::Spot::SingleQuoted, "WFC_V1"), "'\"$WFC_V1\"'");
  EXPECT_EQ(*referenceAt(ShellScanner::Spot::HereDocument, "WFC_V1"), "${WFC_V1}");
  EXPECT_FALSE(referenceAt(ShellScanner::Spot::Backquoted, "WFC_V1"));
  EXPECT_FALSE(referenceAt(ShellScanner::Spot::Arithmetic, "WFC_V1"));
  EXPECT_FALSE(referenceAt(ShellScanner::Spot::AfterBackslash, "WFC_V1"));
}

TEST(ShellScannerTest, ReportsWhatIsLeftOpenAndTheWords) {
  ShellScanner s;
  s.feed("eval \"x");
  ASSERT_TRUE(s.unterminated());
  EXPECT_EQ(*s.unterminated(), "a '\"' is not closed");
  EXPECT_EQ(s.words().front(), "eval");
  // The words as the shell reads them, quotes removed, in every command, the last one too.
  ShellScanner q;
  q.feed("'ev'al x; \"e\"v\\al \"a b\" $(eval) 2>&1 eval");
  EXPECT_EQ(q.words(), (std::vector<std::string>{"eval", "x", "eval", "a b", "eval", "$()", "eval"}));
  ShellScanner h;
  h.feed("cat <<END\nno end");
  EXPECT_TRUE(h.unterminated());
}

// A caret inside a block scalar points at the very column of the expression.
TEST(AwlLocationTest, OffsetsMapIntoBlockAndQuotedScalars) {
  test::TempDir dir;
  llvm::SourceMgr sm;
  std::string out;
  llvm::raw_string_ostream os(out);
  SourceFiles files(sm);
  DiagnosticEngine diags(sm, os);
  DocumentLoader loader(files, diags);
  std::string path = dir.write("w.yaml",
                               "a: |\n"
                               "  first line\n"
                               "  second {x} line\n"
                               "b: \"say {y}\"\n");
  const Document *doc = loader.load(path);
  ASSERT_NE(doc, nullptr);
  auto lineCol = [&](llvm::SMLoc loc) {
    ResolvedLocation r = diags.resolve(Location(loc));
    return std::to_string(r.line) + ":" + std::to_string(r.column);
  };
  const DocNode *a = doc->root()->get("a");
  EXPECT_EQ(lineCol(locateOffset(*a, a->stringValue.find("{x}"))), "3:10");
  const DocNode *b = doc->root()->get("b");
  EXPECT_EQ(lineCol(locateOffset(*b, b->stringValue.find("{y}"))), "4:9");
}

// In a double-quoted scalar whose escapes touch the expression, the caret still finds it — the
// right one of several alike.
TEST(AwlLocationTest, OffsetsMapPastEscapesAroundTheExpression) {
  test::TempDir dir;
  llvm::SourceMgr sm;
  std::string out;
  llvm::raw_string_ostream os(out);
  SourceFiles files(sm);
  DiagnosticEngine diags(sm, os);
  DocumentLoader loader(files, diags);
  std::string path = dir.write("w.yaml", "c: \"echo {x} \\\"{x}\\\"; bash -c \\\"echo {x}\\\"\"\n");
  const Document *doc = loader.load(path);
  ASSERT_NE(doc, nullptr);
  const DocNode *c = doc->root()->get("c");
  ASSERT_EQ(c->stringValue, "echo {x} \"{x}\"; bash -c \"echo {x}\"");
  auto column = [&](size_t offset) { return diags.resolve(Location(locateOffset(*c, offset))).column; };
  EXPECT_EQ(column(5), 10u);
  EXPECT_EQ(column(10), 16u);
  EXPECT_EQ(column(30), 38u);
}

}  // namespace
}  // namespace wfc::awl
