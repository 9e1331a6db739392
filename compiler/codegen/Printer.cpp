#include "codegen/Printer.h"

#include "codegen/CppNames.h"

#include <llvm/ADT/SmallVector.h>

#include <algorithm>
#include <set>

namespace wfc::codegen {
namespace {

// Removes the template's first newline (after `R"cc(`) and the indentation common to its
// non-blank lines; keeps a trailing newline.
std::string dedent(llvm::StringRef text) {
  if (text.startswith("\n")) text = text.drop_front();
  llvm::SmallVector<llvm::StringRef, 16> lines;
  text.split(lines, '\n');
  size_t common = std::string::npos;
  for (llvm::StringRef line : lines) {
    if (line.trim().empty()) continue;
    common = std::min(common, line.find_first_not_of(' '));
  }
  if (common == std::string::npos) common = 0;
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    llvm::StringRef line = lines[i];
    bool last = i + 1 == lines.size();
    if (last && line.trim().empty()) break;  // the indentation before `)cc"`
    out += line.size() >= common ? line.drop_front(common).str() : line.ltrim(' ').str();
    if (!last) out += '\n';
  }
  return out;
}

}  // namespace

void Printer::writeLine(llvm::StringRef text) {
  // `text` holds no newline; indentation goes before the first character of each line, and
  // no line ends in spaces (a blank line is empty).
  text = text.rtrim(' ');
  if (text.empty()) return;
  if (atLineStart_) out_.append(depth_ * 2, ' ');
  out_ += text;
  atLineStart_ = false;
}

void Printer::emit(const Vars &vars, llvm::StringRef rawText) {
  std::string text = dedent(rawText);
  std::set<std::string> used;
  std::string expanded;
  // Substitute first, then print line by line: a multi-line value keeps the indentation of
  // the line it is substituted into.
  bool inLineComment = false;  // the template's own text opened a // comment on this line
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '$') {
      if (text[i] == '\n') inLineComment = false;
      else if (text[i] == '/' && i > 0 && text[i - 1] == '/') inLineComment = true;
      expanded += text[i];
      continue;
    }
    size_t close = text.find('$', i + 1);
    if (close == std::string::npos) {
      errors_.push_back("unterminated $variable$ in template: " + text.substr(i, 40));
      return;
    }
    std::string name = text.substr(i + 1, close - i - 1);
    i = close;
    if (name.empty()) {
      expanded += '$';
      continue;
    }
    auto it = std::find_if(vars.begin(), vars.end(), [&](const auto &v) { return v.first == name; });
    if (it == vars.end()) {
      errors_.push_back("template uses undefined variable $" + name + "$");
      continue;
    }
    used.insert(name);
    if (inLineComment) {  // pack text in a // comment: one line, ending where the line does
      expanded += commentText(it->second);
      continue;
    }
    // Continuation lines of a multi-line value line up with the line it lands on.
    size_t lineStart = expanded.rfind('\n');
    lineStart = lineStart == std::string::npos ? 0 : lineStart + 1;
    size_t column = expanded.find_first_not_of(' ', lineStart);
    std::string pad(column == std::string::npos ? expanded.size() - lineStart : column - lineStart, ' ');
    for (char c : it->second) {
      expanded += c;
      if (c == '\n') expanded += pad;
    }
  }
  for (const auto &[name, value] : vars)
    if (!used.count(name)) errors_.push_back("variable $" + name + "$ is given but the template never uses it");

  llvm::StringRef rest(expanded);
  while (!rest.empty()) {
    auto [line, tail] = rest.split('\n');
    writeLine(line);
    if (rest.size() > line.size()) {  // the line ended with '\n'
      out_ += '\n';
      atLineStart_ = true;
    }
    rest = tail;
  }
}

}  // namespace wfc::codegen
