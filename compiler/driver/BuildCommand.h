#pragma once

#include "driver/Options.h"

#include <string>
#include <vector>

namespace wfc {

enum class EmitKind { Cpp, IR, Cost };

struct BuildOptions {
  std::string pack;
  std::string output;  // -o: a directory for C++, a file (or "-") for the IR
  EmitKind emit = EmitKind::Cpp;
  std::string bindings;
  bool allowUnbound = false;
  bool lineDirectives = false;
  std::string depfile;  // default: <DIR>/<name>.wfc.d
  std::string outputName;  // --output-name: <name> itself (default: the pack's id or --composition)
};

// `wfc build PACK -o DIR` (C++ and a depfile) and `wfc build PACK --emit=ir` (the IR as text).
int runBuild(const BuildOptions &build, const CommonOptions &options);

// Writes `text` to `path` unless the file already holds exactly that (so build systems see no
// change); false after reporting an error.
bool writeIfChanged(const std::string &path, const std::string &text);

// A Make-style depfile: "TARGET: DEP DEP…", spaces escaped.
std::string depfileText(const std::string &target, const std::vector<std::string> &deps);

}  // namespace wfc
