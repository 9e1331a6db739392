// A pack taken through the front end in-process, for suites that test what comes after it (the
// dependence analysis, the execution plan): the module, with the source buffers its locations
// point into, and whatever was reported.
#pragma once

#include "TestUtil.h"

#include "frontend/DocumentLoader.h"
#include "frontend/FrontEnd.h"
#include "ir/Module.h"
#include "passes/Pipeline.h"
#include "sema/Sema.h"

#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <memory>
#include <string>

namespace wfc::test {

class PackUnderTest {
 public:
  // Lowers and checks `yaml` (a whole pack); at `optLevel` 1 the optimizer's passes run too.
  explicit PackUnderTest(const std::string &yaml, unsigned optLevel = 0)
      : files_(sourceMgr_), os_(diagnostics_), diags_(sourceMgr_, os_), loader_(files_, diags_) {
    diags_.setErrorLimit(0);
    std::string path = dir_.write("pack.yaml", yaml);
    if (const Document *doc = loader_.load(path, {}, "pack")) {
      module_ = lowerDocument(*doc, detectDialect(*doc->root()), loader_, diags_);
      if (module_) sema::check(*module_, diags_, sema::SemaOptions());
    }
    if (module_ && !diags_.hasErrors() && optLevel > 0) {
      passes::PassManager pm({}, [](llvm::SMLoc) { return std::string(); });
      passes::buildPipeline(pm, optLevel);
      pm.run(*module_, os_);
    }
    os_.flush();
  }

  ir::Module &module() { return *module_; }
  bool ok() const { return module_ && !diags_.hasErrors(); }
  const std::string &diagnostics() const { return diagnostics_; }
  const ir::Composition &composition(const std::string &name) { return *module_->findComposition(name); }
  // The step `id` of composition `in`, however deep.
  const ir::Step &step(const std::string &in, const std::string &id) {
    const ir::Step *found = nullptr;
    ir::forEachStep(composition(in).steps, [&](const ir::Step &s) {
      if (s.id == id) found = &s;
    });
    if (!found) throw std::runtime_error("no step " + id);
    return *found;
  }

 private:
  TempDir dir_;
  llvm::SourceMgr sourceMgr_;
  SourceFiles files_;
  std::string diagnostics_;
  llvm::raw_string_ostream os_;
  DiagnosticEngine diags_;
  DocumentLoader loader_;
  std::unique_ptr<ir::Module> module_;
};

}  // namespace wfc::test
