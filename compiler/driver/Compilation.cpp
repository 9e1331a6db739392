#include "driver/Compilation.h"

#include "frontend/PromptPackReader.h"
#include "ir/IRVerifier.h"
#include "passes/Pipeline.h"
#include "sema/Sema.h"
#include "support/DidYouMean.h"

namespace wfc {

Compilation::Compilation(const CommonOptions &options)
    : options_(options), files_(sourceMgr_), diags_(sourceMgr_, llvm::errs()),
      loader_(files_, diags_) {
  diags_.setFormat(options.diagnosticsFormat);
  diags_.setWarningsAsErrors(options.warningsAsErrors);
  diags_.setErrorLimit(options.errorLimit);
  diags_.setShowColors(options.showColors);
  diags_.setDeferred(true);  // printed in source order by finish()
  if (options.verifyDiagnostics) verifier_ = std::make_unique<DiagnosticVerifier>(diags_);
}

std::optional<PromptPackAST> Compilation::readPack(llvm::StringRef path) {
  const Document *doc = loader_.load(path, {}, "pack");
  if (!doc) return std::nullopt;
  Dialect dialect = options_.dialect ? *options_.dialect : detectDialect(*doc->root());
  if (dialect != Dialect::PromptPack) {
    diags_.error(doc->root()->loc,
                 "the '" + dialectName(dialect) +
                     "' dialect is not supported by this version of wfc; it compiles PromptPack "
                     "packs (pass --dialect=promptpack if this file is one)");
    return std::nullopt;
  }
  std::optional<PromptPackAST> ast = readPromptPack(*doc, loader_, diags_);
  if (ast && !options_.composition.empty()) {
    std::vector<std::string> names;
    for (const CompositionDecl &c : ast->compositions) names.push_back(c.name);
    if (std::find(names.begin(), names.end(), options_.composition) == names.end()) {
      std::string suffix = didYouMeanSuffix(options_.composition, names);
      diags_.error(Location::inFile(path.str()),
                   "no composition named '" + options_.composition + "' in this pack" +
                       (suffix.empty() && !names.empty() ? "; it has " + quotedList(names, "and")
                                                         : suffix));
    }
  }
  return ast;
}

std::unique_ptr<ir::Module> Compilation::analyzePack(llvm::StringRef path) {
  std::optional<PromptPackAST> ast = readPack(path);
  if (!ast) return nullptr;
  sema::SemaOptions options;
  options.composition = options_.composition;
  std::unique_ptr<ir::Module> module = sema::analyze(*ast, loader_, diags_, options);
  if (!diags_.hasErrors()) {
    for (const ir::VerifierProblem &problem : ir::verifyModule(*module)) {
      std::string message = "internal compiler error: invalid IR: " + problem.message + " (please report this with the pack)";
      if (problem.loc.isValid()) diags_.error(problem.loc, message);
      else diags_.error(Location::inFile(path.str()), message);
    }
  }
  return module;
}

std::string Compilation::describe(llvm::SMLoc loc) const {
  ResolvedLocation r = diags_.resolve(loc);
  if (r.line == 0) return "";
  return r.file + ":" + std::to_string(r.line) + ":" + std::to_string(r.column);
}

unsigned Compilation::line(llvm::SMLoc loc) const { return diags_.resolve(loc).line; }

int Compilation::finish() {
  diags_.flush();
  if (verifier_) return verifier_->verify(llvm::errs()) ? 0 : 1;
  return diags_.hasErrors() ? 1 : 0;
}

bool Compilation::optimize(ir::Module &module) {
  passes::PassManager pm(options_.instrumentation, [this](llvm::SMLoc loc) { return describe(loc); });
  passes::buildPipeline(pm, options_.optLevel == OptLevel::O0 ? 0 : 1);
  return pm.run(module, llvm::errs());
}

}  // namespace wfc
