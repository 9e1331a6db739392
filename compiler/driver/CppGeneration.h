// The pipeline `wfc build` and `wfc compile` share: front end, bindings, code generation. What
// it produces is kept in memory; the commands decide where it goes.
#pragma once

#include "driver/Compilation.h"
#include "driver/Options.h"

#include <llvm/Support/SMLoc.h>

#include <optional>
#include <string>
#include <vector>

namespace wfc {

struct GenerateOptions {
  std::string pack;
  std::string bindings;  // compile-time bindings file, or empty
  bool allowUnbound = false;
  bool lineDirectives = false;
  std::string outputDir;  // where the .cpp will live (for #line back-references)
  std::string outputName;  // the stem to use instead of the pack's id / composition, or empty
};

struct GeneratedProgram {
  std::string stem;    // "<name>": the source is <name>.wfc.cpp
  std::string source;  // the C++ text
  std::vector<std::string> filesRead;  // the pack, its schemas, the bindings file
  // What `wfc deploy` needs to know of the program (docs/deploy.md).
  std::string id;             // the pack's id (a registry's name), or empty
  llvm::SMLoc loc;            // the pack's top level, for errors about the pack as a whole
  bool registry = false;      // a workflow registry's executable (it runs no batches)
  bool usesLlm = false;       // it runs prompts: it needs a model and an API key
  std::vector<std::string> chatTasks;  // a chat program's tasks (its prompts' keys); else empty
};

// The compiled-in bindings (JSON text, or none) with the tools a source binds to a builtin by
// default (AWL's agents' file tools) added, unless `bindings` binds them.
std::optional<std::string> withBuiltinDefaults(std::optional<std::string> json, const std::vector<const ir::Module *> &modules,
                                               const BindingsFile *bindings);

// The pack as the banner and run-time messages name it: relative to the current directory when
// it is inside it, else as given.
std::string displayPath(const std::string &pack);

// Runs the pipeline, reporting through `compilation` (whose finish() gives the exit code: 1
// for errors in the input, 2 for a bad bindings file). nullopt when it failed.
std::optional<GeneratedProgram> generateProgram(Compilation &compilation, const CommonOptions &options,
                                                const GenerateOptions &generate);

}  // namespace wfc
