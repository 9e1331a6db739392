#pragma once

#include "driver/Options.h"

#include <string>

namespace wfc {

enum class EmitKind { Cpp, IR };

struct BuildOptions {
  std::string pack;
  std::string output;  // -o: a directory for C++, a file (or "-") for the IR
  EmitKind emit = EmitKind::Cpp;
};

// `wfc build PACK -o DIR` (C++: not yet) and `wfc build PACK --emit=ir` (the IR as text).
int runBuild(const BuildOptions &build, const CommonOptions &options);

}  // namespace wfc
