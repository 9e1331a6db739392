#include "frontend/awl/ShellCommand.h"

#include "frontend/awl/ShellQuoting.h"
#include "ir/IRPrinter.h"

#include <algorithm>
#include <map>

namespace wfc::awl {

std::optional<ShellCommand> lowerShellCommand(const Where &where, ExpressionLowering &names, DiagnosticEngine &diags) {
  auto parsed = parseTemplate(where.text);
  if (auto *error = std::get_if<SyntaxError>(&parsed)) {
    diags.error(locateOffset(*where.node, error->offset), error->message);
    return std::nullopt;
  }
  names.warnLookalikes(std::get<TemplateSyntax>(parsed), *where.node);
  ShellCommand out;
  ShellScanner scanner;
  std::map<std::string, std::string> variableOf;  // the printed expression → its variable
  bool ok = true;
  llvm::SMLoc firstValue;
  for (const auto &piece : std::get<TemplateSyntax>(parsed).pieces) {
    if (const auto *text = std::get_if<std::string>(&piece)) {
      scanner.feed(*text);
      out.text += *text;
      continue;
    }
    const Interpolated &in = std::get<Interpolated>(piece);
    std::optional<TypedExpression> e = names.expression(in.expr, where);
    if (!e) {
      ok = false;
      continue;
    }
    llvm::SMLoc loc = locateOffset(*where.node, in.offset);
    // An author's constant is part of the command, as written (docs/awl.md "Taint").
    if (e->expr.kind == ir::Expression::Kind::Literal) {
      std::string text = e->expr.literal.is_string() ? e->expr.literal.get<std::string>() : e->expr.literal.dump();
      scanner.feed(text);
      out.text += text;
      continue;
    }
    e->expr.written = in.written;
    if (e->expr.kind == ir::Expression::Kind::Reference) e->expr.ref.written = in.written;
    ir::Value value = ExpressionLowering::toValue(*e, loc);
    std::string key = ir::printValue(value);
    std::string &name = variableOf[key];
    if (name.empty()) {
      name = "WFC_V" + std::to_string(out.values.size() + 1);
      out.values.emplace_back(name, std::move(value));
    }
    if (!firstValue.isValid()) firstValue = loc;
    ShellScanner::Spot spot = scanner.spot();
    ShellUse use = scanner.use();
    scanner.value();
    std::optional<std::string> reference = referenceAt(spot, name);
    if (!reference) {
      diags.error(loc, "a run-time value cannot go " + spotProblem(spot) + " (docs/awl.md \"Shell commands and taint\")");
      ok = false;
      continue;
    }
    // Quoted as data for this shell, the value would still be code to a shell the command starts.
    if (use.role != ShellUse::Role::Data) {
      diags.error(loc, useProblem(use, in.written));
      ok = false;
      continue;
    }
    out.text += *reference;
  }
  if (!ok) return std::nullopt;
  if (out.values.empty()) return out;
  if (std::optional<std::string> open = scanner.unterminated()) {
    diags.error(where.node->loc, "the shell command's quoting is unbalanced (" + *open +
                                     "), so where its run-time values go cannot be told; balance it");
    return std::nullopt;
  }
  const std::vector<std::string> &words = scanner.words();
  if (std::find(words.begin(), words.end(), "eval") != words.end()) {
    diags.error(firstValue, "this command uses 'eval', which would run its run-time values as shell code; run the "
                            "command directly (docs/awl.md \"Shell commands and taint\")");
    return std::nullopt;
  }
  return out;
}

}  // namespace wfc::awl
