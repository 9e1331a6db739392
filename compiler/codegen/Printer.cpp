#include "codegen/Printer.h"

#include "codegen/CppNames.h"

#include <llvm/ADT/SmallVector.h>

#include <algorithm>
#include <set>
#include <string>

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

void Printer::writeLine(llvm::StringRef text, bool indent, bool trim) {
  // `text` holds no newline; indentation goes before the first character of each line, and
  // no line ends in spaces (a blank line is empty) — except inside a raw string literal.
  if (trim) text = text.rtrim(' ');
  if (text.empty()) return;
  if (atLineStart_ && indent) out_.append(depth_ * 2, ' ');
  out_ += text;
  atLineStart_ = false;
}

void Printer::emit(const Vars &vars, llvm::StringRef rawText) {
  std::string text = dedent(rawText);
  std::set<std::string> used;
  std::string expanded;
  // Substitute first, then print line by line: a multi-line value keeps the indentation of
  // the line it is substituted into — except inside a raw string literal (between kRawBegin
  // and kRawEnd), whose lines are its value.
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
    bool inRaw = false;
    for (char c : it->second) {
      expanded += c;
      if (c == kRawBegin) inRaw = true;
      else if (c == kRawEnd) inRaw = false;
      else if (c == '\n' && !inRaw) expanded += pad;
    }
  }
  for (const auto &[name, value] : vars)
    if (!used.count(name)) errors_.push_back("variable $" + name + "$ is given but the template never uses it");

  // The raw strings' extents, with their marks taken out.
  std::string clean;
  std::vector<std::pair<size_t, size_t>> raw;  // [begin, end) in `clean`
  for (char c : expanded) {
    if (c == kRawBegin) raw.emplace_back(clean.size(), std::string::npos);
    else if (c == kRawEnd && !raw.empty()) raw.back().second = clean.size();
    else clean += c;
  }
  auto inRaw = [&](size_t offset) {
    for (const auto &[begin, end] : raw)
      if (offset > begin && offset < end) return true;
    return false;
  };
  size_t offset = 0;
  llvm::StringRef rest(clean);
  while (!rest.empty()) {
    auto [line, tail] = rest.split('\n');
    // A line that starts inside a raw string gets no indentation, and one that ends inside it
    // keeps its trailing spaces: both are part of the string.
    writeLine(line, !inRaw(offset), !inRaw(offset + line.size()));
    if (rest.size() > line.size()) {  // the line ended with '\n'
      out_ += '\n';
      atLineStart_ = true;
    }
    offset += line.size() + 1;
    rest = tail;
  }
}

namespace {

// A row written on one line is at most this long (a readability choice; clang-format keeps
// either layout).
constexpr size_t kInlineRowLimit = 100;

// Lines of code, each with an optional trailing comment; the comments of consecutive lines that
// have one start in one column, two spaces after the longest code (as clang-format aligns them).
void emitCommentedLines(Printer &p, const std::vector<std::pair<std::string, std::string>> &lines) {
  for (size_t i = 0; i < lines.size();) {
    size_t end = i + 1;
    if (!lines[i].second.empty())
      while (end < lines.size() && !lines[end].second.empty() && lines[end].first.find('\n') == std::string::npos) ++end;
    size_t width = 0;
    for (size_t j = i; j < end; ++j) width = std::max(width, lines[j].first.size());
    for (size_t j = i; j < end; ++j) {
      const auto &[code, comment] = lines[j];
      std::string tail = comment.empty() ? "" : std::string(width - code.size() + 2, ' ') + "// " + commentText(comment);
      p.emit({{"code", code}, {"tail", tail}}, "$code$$tail$\n");
    }
    i = end;
  }
}

void emitFields(Printer &p, const InitFields &fields) {
  std::vector<std::pair<std::string, std::string>> lines;
  for (const InitField &f : fields) lines.emplace_back("." + f.name + " = " + f.value + ",", f.comment);
  emitCommentedLines(p, lines);
}

}  // namespace

void emitEnum(Printer &p, const std::string &comment, const std::string &ns, const std::vector<EnumEntry> &entries) {
  if (!comment.empty()) p.emit({{"comment", comment}}, "// $comment$\n");
  p.emit({{"ns", ns}}, "namespace $ns$ {\nenum Id : int {\n");
  {
    auto indent = p.indent();
    std::vector<std::pair<std::string, std::string>> lines;
    for (const EnumEntry &e : entries) lines.emplace_back(e.name + ",", e.comment);
    emitCommentedLines(p, lines);
  }
  p.emit({{"ns", ns}}, "};\n}  // namespace $ns$\n");
}

void emitInitializer(Printer &p, const std::string &type, const std::string &name, const InitFields &fields) {
  p.emit({{"type", type}, {"name", name}}, "const $type$ $name$ = {\n");
  {
    auto indent = p.bracedListIndent();
    emitFields(p, fields);
  }
  p.emit("};\n");
}

void emitInitializerTable(Printer &p, const std::string &type, const std::string &name,
                          const std::vector<InitFields> &rows) {
  p.emit({{"type", type}, {"name", name}}, "const $type$ $name$[] = {\n");
  {
    auto indent = p.bracedListIndent();
    for (const InitFields &row : rows) {
      std::string line = "{";
      bool comments = false;
      for (size_t i = 0; i < row.size(); ++i) {
        line += (i ? ", ." : ".") + row[i].name + " = " + row[i].value;
        comments |= !row[i].comment.empty() || row[i].value.find('\n') != std::string::npos;
      }
      line += "},";
      if (!comments && line.size() <= kInlineRowLimit) {
        p.emit({{"row", line}}, "$row$\n");
        continue;
      }
      p.emit("{\n");
      {
        auto inner = p.bracedListIndent();
        emitFields(p, row);
      }
      p.emit("},\n");
    }
  }
  p.emit("};\n");
}

}  // namespace wfc::codegen
