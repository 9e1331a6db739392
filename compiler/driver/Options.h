// Options every `wfc` subcommand shares (docs/cli.md "Options"), parsed by llvm::cl.
#pragma once

#include "frontend/DialectDetector.h"
#include "passes/PassManager.h"
#include "support/DiagnosticEngine.h"

#include <optional>
#include <string>

namespace wfc {

enum class OptLevel { O0 = 0, O1 = 1 };

// The static cost bound (docs/cost.md "The static bound"): `wfc check --cost` prints it,
// `--max-cost` fails a check or a build whose bound may pass it.
struct CostOptions {
  bool report = false;               // check --cost
  std::string prices;                // --prices FILE
  std::string model;                 // --cost-model NAME: the default provider's model, for prices
  std::optional<double> maxCostUsd;  // --max-cost USD
};

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
  CostOptions cost;
};

}  // namespace wfc
