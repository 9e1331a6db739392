// An optimization pass: one transformation of the IR that keeps docs/semantics.md's optimizer guarantee
// (same output, exit code, tool arguments and results as -O0; only timing and concurrency change).
#pragma once

#include "ir/Module.h"

#include <memory>

namespace wfc::passes {

class Pass {
 public:
  virtual ~Pass() = default;
  // The name --print-ir-after=<name> and --time-passes use.
  virtual const char *name() const = 0;
  // One line: what the pass does.
  virtual const char *summary() const = 0;
  // Transforms the module; true when it changed anything.
  virtual bool run(ir::Module &module) = 0;
};

// The passes, one per file.
std::unique_ptr<Pass> createInlineSubflowsPass();  // InlineSubflows.cpp
std::unique_ptr<Pass> createFoldPredicatesPass();   // FoldPredicates.cpp
std::unique_ptr<Pass> createParallelizePass();      // Parallelize.cpp

}  // namespace wfc::passes
