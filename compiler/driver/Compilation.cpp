#include "driver/Compilation.h"

#include "codegen/Supported.h"
#include "driver/BindingsCheck.h"
#include "frontend/FrontEnd.h"
#include "ir/IRVerifier.h"
#include "passes/Pipeline.h"
#include "sema/Sema.h"

namespace wfc {

Compilation::Compilation(const CommonOptions &options, llvm::raw_ostream &out)
    : options_(options), out_(out), files_(sourceMgr_), diags_(sourceMgr_, out),
      loader_(files_, diags_) {
  diags_.setFormat(options.diagnosticsFormat);
  diags_.setWarningsAsErrors(options.warningsAsErrors);
  diags_.setErrorLimit(options.errorLimit);
  diags_.setShowColors(options.showColors);
  diags_.setDeferred(true);  // printed in source order by finish()
  if (options.verifyDiagnostics) verifier_ = std::make_unique<DiagnosticVerifier>(diags_);
}

AnalyzedPack Compilation::analyzePack(llvm::StringRef path, const BindingsFile *bindings) {
  AnalyzedPack out;
  const Document *doc = loader_.load(path, {}, "pack");
  if (!doc) return out;
  Dialect dialect = options_.dialect ? *options_.dialect : detectDialect(*doc->root());
  out.module = lowerDocument(*doc, dialect, loader_, diags_);
  if (!out.module) return out;
  if (ir::Registry *registry = out.module->registry.get()) {
    // A registry runs its workflows, each a program of its own (docs/registry.md).
    if (!options_.composition.empty())
      diags_.error(out.module->loc, "--composition picks a composition of a pack; a registry runs its workflows "
                                    "(choose one when the executable runs, with --workflow ID)");
    for (size_t i = 0; i < registry->workflows.size() && i < registry->members.size(); ++i) {
      ir::Module *member = registry->members[i].get();
      if (!member) continue;
      AnalyzedMember m{registry->workflows[i].id, member, checkModule(*member, bindings, registry->workflows[i].pack)};
      if (m.program && m.program->chat)
        diags_.error(member->loc, "workflow '" + m.workflow + "' is a pack of prompts alone (a chat pack): a registry "
                                  "runs compositions and workflows, whose runs complete; give it a composition");
      out.members.push_back(std::move(m));
    }
    return out;
  }
  out.program = checkModule(*out.module, bindings, path);
  return out;
}

std::optional<analysis::Program> Compilation::checkModule(ir::Module &module, const BindingsFile *bindings,
                                                          llvm::StringRef path) {
  if (bindings) applyBindingEffects(*this, *bindings, module);
  sema::SemaOptions semaOptions;
  semaOptions.composition = options_.composition;
  sema::check(module, diags_, semaOptions);
  std::optional<analysis::Program> program = analyzeProgram(module);
  if (program) codegen::reportUnsupported(module, *program, diags_);
  if (!diags_.hasErrors()) {
    for (const ir::VerifierProblem &problem : ir::verifyModule(module)) {
      std::string message = "internal compiler error: invalid IR: " + problem.message + " (please report this with the pack)";
      if (problem.loc.isValid()) diags_.error(problem.loc, message);
      else diags_.error(Location::inFile(path.str()), message);
    }
  }
  return program;
}

std::optional<analysis::Program> Compilation::analyzeProgram(const ir::Module &module) {
  analysis::ProgramOptions options;
  options.composition = options_.composition;
  return analysis::analyzeProgram(module, options, diags_);
}

std::string Compilation::describe(llvm::SMLoc loc) const {
  ResolvedLocation r = diags_.resolve(loc);
  if (r.line == 0) return "";
  return r.file + ":" + std::to_string(r.line) + ":" + std::to_string(r.column);
}

unsigned Compilation::line(llvm::SMLoc loc) const { return diags_.resolve(loc).line; }

int Compilation::finish() {
  diags_.flush();
  if (verifier_) return verifier_->verify(out_) ? 0 : 1;
  if (usageError_) return 2;
  return diags_.hasErrors() ? 1 : 0;
}

bool Compilation::optimize(ir::Module &module) {
  passes::PassManager pm(options_.instrumentation, [this](llvm::SMLoc loc) { return describe(loc); });
  passes::buildPipeline(pm, options_.optLevel == OptLevel::O0 ? 0 : 1);
  return pm.run(module, out_);
}

}  // namespace wfc
