// The one diagnostics engine every compiler stage reports through.
//
// Modeled on MLIR/clang: a stage calls `diags.error(loc, "message")` and may attach notes
// (`.note(loc, "'classify' first defined here")`); the diagnostic is emitted when the returned
// InFlightDiagnostic goes out of scope. Text output is llvm::SourceMgr's
// `file:line:col: error: message` with the source line and a caret; JSON output is one object
// per line. Stages keep going after an error so a run reports every error it can find; the
// engine suppresses exact repeats and stops printing after an error limit.
//
// Wording rules (LLVM's): lowercase, no final period, names in 'single quotes', and the fix
// named where it is known ("; did you mean 'steps'?").
#pragma once

#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/ADT/Twine.h>
#include <llvm/Support/SMLoc.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <functional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace wfc {

enum class Severity { Error, Warning, Note };

llvm::StringRef severityName(Severity s);

// A location: a point in a buffer of the SourceMgr, or (for problems with a whole file, such
// as one that cannot be opened) just a file name. An empty Location means "no location".
struct Location {
  llvm::SMLoc loc;
  std::string file;  // used only when `loc` is invalid

  Location() = default;
  Location(llvm::SMLoc l) : loc(l) {}  // NOLINT: implicit on purpose, SMLoc is the common case
  static Location inFile(std::string path) {
    Location l;
    l.file = std::move(path);
    return l;
  }
  bool isValid() const { return loc.isValid() || !file.empty(); }
};

struct DiagnosticNote {
  Location location;
  std::string message;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  Location location;
  std::string message;
  std::vector<DiagnosticNote> notes;
};

// Where a diagnostic points, resolved to file/line/column (1-based); line 0 when unknown.
struct ResolvedLocation {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
};

class DiagnosticEngine;

// A diagnostic under construction; emitted when destroyed (or when `emit()` is called).
class InFlightDiagnostic {
 public:
  InFlightDiagnostic(DiagnosticEngine *engine, Diagnostic diag)
      : engine_(engine), diag_(std::move(diag)) {}
  InFlightDiagnostic(InFlightDiagnostic &&other) noexcept
      : engine_(other.engine_), diag_(std::move(other.diag_)) {
    other.engine_ = nullptr;
  }
  InFlightDiagnostic(const InFlightDiagnostic &) = delete;
  InFlightDiagnostic &operator=(const InFlightDiagnostic &) = delete;
  InFlightDiagnostic &operator=(InFlightDiagnostic &&) = delete;
  ~InFlightDiagnostic() { emit(); }

  // Attaches a note ("'x' first defined here") printed right after this diagnostic.
  InFlightDiagnostic &note(Location loc, const llvm::Twine &message) &;
  InFlightDiagnostic &&note(Location loc, const llvm::Twine &message) && {
    static_cast<InFlightDiagnostic &>(*this).note(std::move(loc), message);
    return std::move(*this);
  }
  void emit();

 private:
  DiagnosticEngine *engine_;
  Diagnostic diag_;
};

class DiagnosticEngine {
 public:
  enum class Format { Text, Json };

  // Diagnostics print to `os`; locations resolve through `sourceMgr`.
  DiagnosticEngine(llvm::SourceMgr &sourceMgr, llvm::raw_ostream &os);

  InFlightDiagnostic error(Location loc, const llvm::Twine &message) {
    return report(Severity::Error, std::move(loc), message);
  }
  InFlightDiagnostic warning(Location loc, const llvm::Twine &message) {
    return report(Severity::Warning, std::move(loc), message);
  }
  InFlightDiagnostic report(Severity severity, Location loc, const llvm::Twine &message);

  void setFormat(Format f) { format_ = f; }
  void setWarningsAsErrors(bool on) { warningsAsErrors_ = on; }
  // 0 = no limit. After this many errors the engine prints one note and goes quiet.
  void setErrorLimit(unsigned n) { errorLimit_ = n; }
  void setShowColors(bool on) { showColors_ = on; }
  // Deferred: diagnostics are held until flush(), which delivers them in source order (a
  // compiler's phases find problems out of order). Counts are kept as they arrive.
  void setDeferred(bool on) { deferred_ = on; }
  void flush();

  // Replaces printing: every diagnostic (after -Werror promotion) goes to `consumer`. Used by
  // the diagnostic verifier and by unit tests.
  void setConsumer(std::function<void(const Diagnostic &)> consumer) {
    consumer_ = std::move(consumer);
  }

  unsigned errorCount() const { return errorCount_; }
  unsigned warningCount() const { return warningCount_; }
  bool hasErrors() const { return errorCount_ > 0; }

  ResolvedLocation resolve(const Location &loc) const;
  llvm::SourceMgr &sourceMgr() { return sourceMgr_; }

 private:
  friend class InFlightDiagnostic;
  void emit(Diagnostic diag);
  void deliver(const Diagnostic &diag);
  void printText(const Diagnostic &diag);
  void printJson(const Diagnostic &diag);
  void printOne(Severity severity, const Location &loc, const std::string &message);

  llvm::SourceMgr &sourceMgr_;
  llvm::raw_ostream &os_;
  Format format_ = Format::Text;
  bool warningsAsErrors_ = false;
  bool showColors_ = false;
  unsigned errorLimit_ = 50;
  unsigned errorCount_ = 0;
  unsigned warningCount_ = 0;
  bool limitReached_ = false;
  unsigned deliveredErrors_ = 0;
  bool deferred_ = false;
  std::vector<Diagnostic> pending_;
  std::function<void(const Diagnostic &)> consumer_;
  // (pointer, file, message) of every emitted diagnostic, to drop exact repeats: a shared
  // (aliased) YAML node read twice must not report its problem twice.
  std::set<std::tuple<const char *, std::string, std::string>> seen_;
};

}  // namespace wfc
