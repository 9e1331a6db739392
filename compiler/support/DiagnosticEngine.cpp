#include "support/DiagnosticEngine.h"

#include <fmt/format.h>
#include <llvm/Support/ConvertUTF.h>
#include <llvm/Support/MemoryBuffer.h>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace wfc {

llvm::StringRef severityName(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

InFlightDiagnostic &InFlightDiagnostic::note(Location loc, const llvm::Twine &message) & {
  diag_.notes.push_back({std::move(loc), message.str()});
  return *this;
}

void InFlightDiagnostic::emit() {
  if (!engine_) return;
  DiagnosticEngine *engine = engine_;
  engine_ = nullptr;
  engine->emit(std::move(diag_));
}

DiagnosticEngine::DiagnosticEngine(llvm::SourceMgr &sourceMgr, llvm::raw_ostream &os)
    : sourceMgr_(sourceMgr), os_(os) {}

InFlightDiagnostic DiagnosticEngine::report(Severity severity, Location loc,
                                            const llvm::Twine &message) {
  Diagnostic d;
  d.severity = severity;
  d.location = std::move(loc);
  d.message = message.str();
  return InFlightDiagnostic(this, std::move(d));
}

ResolvedLocation DiagnosticEngine::resolve(const Location &loc) const {
  ResolvedLocation r;
  if (loc.loc.isValid()) {
    unsigned buf = sourceMgr_.FindBufferContainingLoc(loc.loc);
    if (buf != 0) {
      const llvm::MemoryBuffer *mb = sourceMgr_.getMemoryBuffer(buf);
      r.file = mb->getBufferIdentifier().str();
      r.line = sourceMgr_.getLineAndColumn(loc.loc, buf).first;
      // Columns count characters, not bytes (a UTF-8 'é' is one column), and a byte-order
      // mark is not a column at all.
      const char *start = loc.loc.getPointer();
      while (start > mb->getBufferStart() && start[-1] != '\n' && start[-1] != '\r') --start;
      if (start == mb->getBufferStart() && mb->getBuffer().startswith("\xEF\xBB\xBF")) start += 3;
      unsigned column = 1;
      for (const char *p = start; p < loc.loc.getPointer(); ++p)
        if ((static_cast<unsigned char>(*p) & 0xC0) != 0x80) ++column;
      r.column = column;
      return r;
    }
  }
  r.file = loc.file;
  return r;
}

static void oneLine(std::string &text) {
  std::string clean;
  for (char c : text) {
    if (c == '\n') clean += "\\n";
    else if (c == '\r') clean += "\\r";
    else clean += c;
  }
  text = std::move(clean);
}

void DiagnosticEngine::emit(Diagnostic diag) {
  if (diag.severity == Severity::Warning && warningsAsErrors_) {
    diag.severity = Severity::Error;
    diag.message += " [-Werror]";
  }
  // A message is one line: a newline from the input (a key with "\n" in it) must not start
  // what looks like a new diagnostic.
  oneLine(diag.message);
  for (DiagnosticNote &n : diag.notes) oneLine(n.message);
  if (!seen_.emplace(diag.location.loc.getPointer(), diag.location.file, diag.message).second)
    return;
  if (diag.severity == Severity::Error) ++errorCount_;
  else if (diag.severity == Severity::Warning) ++warningCount_;
  if (deferred_) pending_.push_back(std::move(diag));
  else deliver(diag);
}

void DiagnosticEngine::deliver(const Diagnostic &diag) {
  if (limitReached_) return;  // after the limit, nothing more is printed
  if (diag.severity == Severity::Error && errorLimit_ != 0 && ++deliveredErrors_ > errorLimit_) {
    limitReached_ = true;
    Diagnostic stop;
    stop.severity = Severity::Note;
    stop.message = "too many errors emitted, stopping now (use --error-limit=0 for no limit)";
    if (consumer_) consumer_(stop);
    else if (format_ == Format::Json) printJson(stop);
    else printText(stop);
    return;  // the suppressed error was counted: the run fails
  }
  if (consumer_) {
    consumer_(diag);
    return;
  }
  if (format_ == Format::Json) printJson(diag);
  else printText(diag);
}

void DiagnosticEngine::flush() {
  // Source order: by file (in the order files were read), then by position; whole-file
  // diagnostics first. Stable, so diagnostics at one place keep the order they were found in.
  auto key = [&](const Diagnostic &d) -> std::pair<unsigned, const char *> {
    if (!d.location.loc.isValid()) return {0, nullptr};
    return {sourceMgr_.FindBufferContainingLoc(d.location.loc), d.location.loc.getPointer()};
  };
  std::vector<Diagnostic> pending = std::move(pending_);
  pending_.clear();
  std::stable_sort(pending.begin(), pending.end(),
                   [&](const Diagnostic &a, const Diagnostic &b) { return key(a) < key(b); });
  for (const Diagnostic &d : pending) deliver(d);
}

// The source line as it can safely be printed: control bytes and broken UTF-8 become '?'
// (one byte each, so the caret stays aligned), tabs stay tabs, and a very long line (a
// minified JSON file) is cut to a window around the column.
static std::string printableLine(llvm::StringRef line, unsigned &column) {
  constexpr unsigned kWindowBefore = 60, kWindowAfter = 100;
  std::string prefix;
  if (line.size() > kWindowBefore + kWindowAfter && column > kWindowBefore) {
    unsigned from = column - kWindowBefore;
    line = line.drop_front(from);
    column -= from;
    prefix = "...";
    column += 3;
  }
  if (line.size() > kWindowBefore + kWindowAfter) line = line.take_front(kWindowBefore + kWindowAfter);
  std::string out = prefix;
  const auto *p = reinterpret_cast<const llvm::UTF8 *>(line.begin());
  const auto *end = reinterpret_cast<const llvm::UTF8 *>(line.end());
  while (p < end) {
    unsigned char c = *p;
    if (c < 0x80) {
      out += (c < 0x20 && c != '\t') || c == 0x7f ? '?' : static_cast<char>(c);
      ++p;
      continue;
    }
    unsigned n = llvm::getNumBytesForUTF8(c);
    if (p + n <= end && llvm::isLegalUTF8Sequence(p, p + n)) {
      out.append(reinterpret_cast<const char *>(p), n);
      p += n;
    } else {
      out += '?';
      ++p;
    }
  }
  return out;
}

void DiagnosticEngine::printOne(Severity severity, const Location &loc,
                                const std::string &message) {
  llvm::raw_ostream::Colors color = severity == Severity::Error     ? llvm::raw_ostream::RED
                                    : severity == Severity::Warning ? llvm::raw_ostream::MAGENTA
                                                                    : llvm::raw_ostream::BLACK;
  ResolvedLocation r = resolve(loc);
  if (showColors_) os_.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
  const std::string file = r.file.empty() ? "wfc" : r.file;
  os_ << (r.line != 0 ? fmt::format("{}:{}:{}: ", file, r.line, r.column) : fmt::format("{}: ", file));
  if (showColors_) os_.changeColor(color, true);
  os_ << severityName(severity) << ": ";
  if (showColors_) os_.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
  os_ << message << '\n';
  if (showColors_) os_.resetColor();
  if (!loc.loc.isValid() || r.line == 0) return;

  // The source line and a caret under the column, as llvm::SourceMgr prints them.
  unsigned buf = sourceMgr_.FindBufferContainingLoc(loc.loc);
  const llvm::MemoryBuffer *mb = sourceMgr_.getMemoryBuffer(buf);
  const char *bufStart = mb->getBufferStart(), *bufEnd = mb->getBufferEnd();
  const char *lineStart = loc.loc.getPointer();
  while (lineStart > bufStart && lineStart[-1] != '\n' && lineStart[-1] != '\r') --lineStart;
  if (lineStart == bufStart && mb->getBuffer().startswith("\xEF\xBB\xBF")) lineStart += 3;
  const char *lineEnd = loc.loc.getPointer();
  while (lineEnd < bufEnd && *lineEnd != '\n' && *lineEnd != '\r') ++lineEnd;
  unsigned column = static_cast<unsigned>(loc.loc.getPointer() - lineStart);
  std::string text = printableLine(llvm::StringRef(lineStart, lineEnd - lineStart), column);
  os_ << text << '\n';
  std::string caret;
  for (unsigned i = 0; i < column && i < text.size(); ++i) {
    unsigned char c = text[i];
    if (c == '\t') caret += '\t';
    else if ((c & 0xC0) != 0x80) caret += ' ';  // one space per character, not per byte
  }
  if (showColors_) os_.changeColor(llvm::raw_ostream::GREEN, true);
  os_ << caret << "^\n";
  if (showColors_) os_.resetColor();
}

void DiagnosticEngine::printText(const Diagnostic &diag) {
  printOne(diag.severity, diag.location, diag.message);
  for (const DiagnosticNote &n : diag.notes) printOne(Severity::Note, n.location, n.message);
  os_.flush();
}

void DiagnosticEngine::printJson(const Diagnostic &diag) {
  auto located = [&](const Location &loc, Severity sev, const std::string &message) {
    ResolvedLocation r = resolve(loc);
    nlohmann::ordered_json j;
    j["severity"] = severityName(sev).str();
    j["file"] = r.file;
    j["line"] = r.line;
    j["column"] = r.column;
    j["message"] = message;
    return j;
  };
  nlohmann::ordered_json j = located(diag.location, diag.severity, diag.message);
  nlohmann::ordered_json notes = nlohmann::ordered_json::array();
  for (const DiagnosticNote &n : diag.notes)
    notes.push_back(located(n.location, Severity::Note, n.message));
  j["notes"] = std::move(notes);
  os_ << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  os_.flush();
}

}  // namespace wfc
