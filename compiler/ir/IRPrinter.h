// Prints the IR as stable text (`wfc build --emit=ir`): the same module always prints the same
// bytes. Steps print as `%id = kind …` with their predecessors, in declaration order; every
// node ends with a `// file:line:col` comment naming where the pack declares it.
#pragma once

#include "ir/Module.h"

#include <llvm/Support/raw_ostream.h>

#include <functional>
#include <string>

namespace wfc::ir {

// Turns a location into "pack.yaml:12:5" (or "" when unknown).
using LocationPrinter = std::function<std::string(llvm::SMLoc)>;

void printModule(const Module &module, llvm::raw_ostream &os, const LocationPrinter &where);

// One value, as the printer writes it: literals as compact JSON, references as `${…}`.
std::string printValue(const Value &value);
std::string printPredicate(const Predicate &predicate);

}  // namespace wfc::ir
