// One run of the compiler over one or more packs: the source files, the diagnostics engine and
// the front end, shared by every subcommand (check now; build, compile, graph later).
#pragma once

#include "analysis/ProgramAnalysis.h"
#include "driver/Options.h"
#include "frontend/DocumentLoader.h"
#include "ir/Module.h"
#include "support/DiagnosticEngine.h"
#include "support/DiagnosticVerifier.h"

#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <memory>
#include <optional>

namespace wfc {

class BindingsFile;

// One workflow of a registry (docs/registry.md) through the front end: its module (owned by the
// registry's) and what it runs.
struct AnalyzedMember {
  std::string workflow;  // its id in the registry
  ir::Module *module = nullptr;
  std::optional<analysis::Program> program;
};

// A pack through the front end: its IR and what the program runs.
struct AnalyzedPack {
  std::unique_ptr<ir::Module> module;  // null when the file is not a pack at all
  // What the program runs and needs (analysis/ProgramAnalysis.h); empty when it has no entry,
  // and for a registry, whose workflows are its members.
  std::optional<analysis::Program> program;
  std::vector<AnalyzedMember> members;  // a registry's workflows, in its order (those that lowered)
};

class Compilation {
 public:
  // Diagnostics, and the passes' dumps and timings, go to `out` (the fuzz target, tests/fuzz,
  // keeps them in memory).
  explicit Compilation(const CommonOptions &options, llvm::raw_ostream &out = llvm::errs());

  // The whole front end: load, lower in the file's dialect, sema, the program analysis. The
  // module may be partial — check diags().hasErrors() before using it. When nothing was
  // reported, the IR verifier has checked the module.
  // `bindings`, when given, may declare tools' effects (applyBindingEffects): they are applied
  // before sema, which works out the steps' effects from them.
  AnalyzedPack analyzePack(llvm::StringRef path, const BindingsFile *bindings = nullptr);

  // The checks of one module the front end lowered: sema, the program analysis, what code
  // generation refuses, and the IR verifier when nothing was reported (a registry's members each
  // go through this).
  std::optional<analysis::Program> checkModule(ir::Module &module, const BindingsFile *bindings, llvm::StringRef path);

  // The program analysis alone, again: after the passes have changed the module.
  std::optional<analysis::Program> analyzeProgram(const ir::Module &module);

  // The optimizer: the -O level's pipeline over a module the front end accepted, with the
  // instrumentation options (dumps and timings on stderr). False when --verify-each caught a
  // pass breaking the module (reported; a compiler bug).
  bool optimize(ir::Module &module);

  // "pack.yaml:12:5" for IR comments.
  std::string describe(llvm::SMLoc loc) const;
  // The 1-based line of a location (0 when unknown).
  unsigned line(llvm::SMLoc loc) const;

  DiagnosticEngine &diags() { return diags_; }
  SourceFiles &files() { return files_; }

  // A problem with how wfc was called or with a file it was given besides the pack (a bad
  // bindings file): the command exits 2, not 1.
  void markUsageError() { usageError_ = true; }
  // The bindings file's buffer, once read (0: none).
  void setBindingsBuffer(unsigned buffer) { bindingsBuffer_ = buffer; }
  unsigned bindingsBuffer() const { return bindingsBuffer_; }

  // Prints the diagnostics (in source order) and returns the exit code: 0 clean, 1 errors, 2 a
  // usage error. With --verify-diagnostics: 0 when the diagnostics were exactly the expected
  // ones, else 1.
  int finish();

 private:
  const CommonOptions &options_;
  llvm::raw_ostream &out_;
  llvm::SourceMgr sourceMgr_;
  SourceFiles files_;
  DiagnosticEngine diags_;
  DocumentLoader loader_;
  std::unique_ptr<DiagnosticVerifier> verifier_;
  bool usageError_ = false;
  unsigned bindingsBuffer_ = 0;
};

}  // namespace wfc
