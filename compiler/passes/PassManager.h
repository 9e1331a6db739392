// Runs a pipeline of passes over a module, with the instrumentation LLVM users expect:
// --print-ir-after-all, --print-ir-after=<pass> (printed only when the pass changed the IR),
// --verify-each (the IR verifier after every pass) and --time-passes.
#pragma once

#include "ir/IRPrinter.h"
#include "passes/Pass.h"

#include <llvm/Support/raw_ostream.h>

#include <set>
#include <string>
#include <vector>

namespace wfc::passes {

struct Instrumentation {
  bool printAfterAll = false;
  std::set<std::string> printAfter;  // pass names
  bool verifyEach = false;
  bool timePasses = false;
};

class PassManager {
 public:
  PassManager(Instrumentation instrumentation, ir::LocationPrinter where)
      : instrumentation_(std::move(instrumentation)), where_(std::move(where)) {}

  void add(std::unique_ptr<Pass> pass) { passes_.push_back(std::move(pass)); }
  const std::vector<std::unique_ptr<Pass>> &passes() const { return passes_; }

  // Runs every pass in order; dumps and timings go to `log`. False when --verify-each found a
  // broken module (its problems are in `log`, naming the pass): a compiler bug, never the pack's.
  bool run(ir::Module &module, llvm::raw_ostream &log);

 private:
  Instrumentation instrumentation_;
  ir::LocationPrinter where_;
  std::vector<std::unique_ptr<Pass>> passes_;
};

}  // namespace wfc::passes
