// The static cost bound of an analyzed program, priced and reported (docs/cost.md "The static
// bound"): `wfc check --cost` prints it as text, `wfc build --emit=cost` as JSON, and
// `--max-cost USD` on check, build and compile reports an error when the bound may pass USD — an
// infinite bound, one the input decides, or an unpriced model all may.
#pragma once

#include "analysis/ProgramAnalysis.h"
#include "common/BindingsFile.h"
#include "driver/Compilation.h"
#include "driver/Options.h"

#include <llvm/Support/raw_ostream.h>

#include <nlohmann/json.hpp>

namespace wfc {

// `text`, `json`: where to print the bound (null: nowhere). `bindings`: the compile-time bindings
// file (its providers and prices), or null. Returns false when something was reported as an
// error (a bad --prices file, a bound past --max-cost).
bool checkCost(Compilation &compilation, const std::string &pack, const analysis::Program &program,
               const BindingsFile *bindings, const CostOptions &options, llvm::raw_ostream *text,
               nlohmann::ordered_json *json);

}  // namespace wfc
