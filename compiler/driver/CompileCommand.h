#pragma once

#include "driver/Options.h"

#include <string>
#include <vector>

namespace wfc {

struct CompileOptions {
  std::string pack;
  std::string output;  // the executable
  std::string bindings;
  bool allowUnbound = false;
  std::vector<std::string> natives;  // C++ sources with native tools
  std::string cxxOptLevel = "-O2";
  // --debug: compile with -g and keep the debug information (the runtime's too). Without it the
  // link leaves all debug information out (docs/cli.md "wfc compile").
  bool debug = false;
};

// `wfc compile PACK -o EXE`: generate C++ (with #line directives, so C++ errors point into the
// pack) into a temporary directory and build it with the system C++ compiler ($CXX, else c++)
// against the installed or in-tree runtime.
int runCompile(const CompileOptions &compile, const CommonOptions &options, const char *argv0);

}  // namespace wfc
