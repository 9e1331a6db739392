#include "driver/Compilation.h"

#include "frontend/PromptPackReader.h"
#include "support/DidYouMean.h"

namespace wfc {

Compilation::Compilation(const CommonOptions &options)
    : options_(options), files_(sourceMgr_), diags_(sourceMgr_, llvm::errs()),
      loader_(files_, diags_) {
  diags_.setFormat(options.diagnosticsFormat);
  diags_.setWarningsAsErrors(options.warningsAsErrors);
  diags_.setErrorLimit(options.errorLimit);
  diags_.setShowColors(options.showColors);
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

int Compilation::finish() {
  if (verifier_) return verifier_->verify(llvm::errs()) ? 0 : 1;
  return diags_.hasErrors() ? 1 : 0;
}

}  // namespace wfc
