// Options every `wfc` subcommand shares (docs/cli.md "Options"), parsed by llvm::cl.
#pragma once

#include "frontend/DialectDetector.h"
#include "passes/PassManager.h"
#include "support/DiagnosticEngine.h"

#include <optional>
#include <string>

namespace wfc {

enum class OptLevel { O0 = 0, O1 = 1 };

struct CommonOptions {
  OptLevel optLevel = OptLevel::O1;
  std::string composition;  // empty: the pack's whole workflow
  bool warningsAsErrors = false;
  DiagnosticEngine::Format diagnosticsFormat = DiagnosticEngine::Format::Text;
  unsigned errorLimit = 50;
  std::optional<Dialect> dialect;  // forced with --dialect
  bool verifyDiagnostics = false;
  bool showColors = false;
  passes::Instrumentation instrumentation;  // --print-ir-after-all, --verify-each, …
};

}  // namespace wfc
