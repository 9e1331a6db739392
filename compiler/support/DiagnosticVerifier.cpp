#include "support/DiagnosticVerifier.h"

#include <llvm/Support/MemoryBuffer.h>

#include <regex>

namespace wfc {
namespace {

struct Expectation {
  Severity severity;
  std::string file;
  unsigned line;
  std::string text;
  std::string where;  // where the annotation itself is written, for messages
  bool matched = false;
};

struct Produced {
  Severity severity;
  ResolvedLocation at;
  std::string message;
  bool matched = false;
};

Severity severityFrom(const std::string &s) {
  return s == "error" ? Severity::Error : s == "warning" ? Severity::Warning : Severity::Note;
}

// Scans `text` for annotations. Lines in `text` are 1-based; `sidecar` annotations must give
// absolute lines and refer to `file`.
void scan(llvm::StringRef text, const std::string &file, const std::string &annotationFile,
          bool sidecar, std::vector<Expectation> &out, llvm::raw_ostream &os, bool &ok) {
  static const std::regex re(R"(expected-(error|warning|note)(@([+-]?)([0-9]+))?\s*\{\{(.*?)\}\})");
  unsigned lineNo = 0;
  llvm::StringRef rest = text;
  while (!rest.empty()) {
    auto [line, tail] = rest.split('\n');
    rest = tail;
    ++lineNo;
    std::string s = line.str();
    for (std::sregex_iterator it(s.begin(), s.end(), re), end; it != end; ++it) {
      const std::smatch &m = *it;
      Expectation e;
      e.severity = severityFrom(m[1].str());
      e.file = file;
      e.text = m[5].str();
      e.where = annotationFile + ":" + std::to_string(lineNo);
      if (!m[2].matched) {
        e.line = lineNo;
      } else {
        unsigned n = static_cast<unsigned>(std::stoul(m[4].str()));
        std::string sign = m[3].str();
        if (sidecar && !sign.empty()) {
          os << e.where << ": error: annotations in a .verify file need an absolute line (@N)\n";
          ok = false;
          continue;
        }
        e.line = sign == "+" ? lineNo + n : sign == "-" ? lineNo - n : n;
      }
      out.push_back(std::move(e));
    }
  }
}

}  // namespace

DiagnosticVerifier::DiagnosticVerifier(DiagnosticEngine &engine) : engine_(engine) {
  engine_.setErrorLimit(0);
  engine_.setConsumer([this](const Diagnostic &d) { produced_.push_back(d); });
}

bool DiagnosticVerifier::verify(llvm::raw_ostream &os) {
  bool ok = true;
  std::vector<Expectation> expected;
  llvm::SourceMgr &sm = engine_.sourceMgr();
  for (unsigned id = 1; id <= sm.getNumBuffers(); ++id) {
    const llvm::MemoryBuffer *mb = sm.getMemoryBuffer(id);
    std::string file = mb->getBufferIdentifier().str();
    scan(mb->getBuffer(), file, file, /*sidecar=*/false, expected, os, ok);
    if (auto side = llvm::MemoryBuffer::getFile(file + ".verify"))
      scan((*side)->getBuffer(), file, file + ".verify", /*sidecar=*/true, expected, os, ok);
  }

  std::vector<Produced> produced;
  for (const Diagnostic &d : produced_) {
    produced.push_back({d.severity, engine_.resolve(d.location), d.message});
    for (const DiagnosticNote &n : d.notes)
      produced.push_back({Severity::Note, engine_.resolve(n.location), n.message});
  }

  for (Expectation &e : expected) {
    for (Produced &p : produced) {
      if (p.matched || p.severity != e.severity || p.at.file != e.file || p.at.line != e.line ||
          p.message.find(e.text) == std::string::npos)
        continue;
      p.matched = e.matched = true;
      break;
    }
  }
  for (const Expectation &e : expected) {
    if (e.matched) continue;
    ok = false;
    os << e.where << ": error: expected " << severityName(e.severity) << " not produced at "
       << e.file << ":" << e.line << ": {{" << e.text << "}}\n";
  }
  for (const Produced &p : produced) {
    if (p.matched) continue;
    ok = false;
    os << (p.at.file.empty() ? "wfc" : p.at.file);
    if (p.at.line) os << ":" << p.at.line << ":" << p.at.column;
    os << ": error: unexpected " << severityName(p.severity) << ": " << p.message << "\n";
  }
  return ok;
}

}  // namespace wfc
