#include "driver/CppGeneration.h"

#include "Bindings.h"
#include "codegen/ProgramEmitter.h"
#include "support/DidYouMean.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/WithColor.h>

#include <set>

namespace wfc {
namespace {

// The pack as the banner and run-time messages name it: relative to the current directory when
// it is inside it, else as given.
std::string displayPath(const std::string &pack) {
  llvm::SmallString<256> cwd, absolute(pack);
  if (llvm::sys::fs::current_path(cwd) || llvm::sys::fs::make_absolute(absolute)) return pack;
  llvm::sys::path::remove_dots(absolute, true);
  llvm::StringRef rel(absolute);
  if (rel.consume_front(cwd) && rel.consume_front("/")) return rel.str();
  return pack;
}

const ir::Composition *chooseEntry(const ir::Module &module, const CommonOptions &options, DiagnosticEngine &diags) {
  if (!options.composition.empty()) {
    if (const ir::Composition *c = module.findComposition(options.composition)) return c;
    std::vector<std::string> names;
    for (const auto &c : module.compositions) names.push_back(c->name);
    diags.error(module.compositions.empty() ? llvm::SMLoc() : module.compositions.front()->loc,
                "--composition names '" + options.composition + "', which the pack does not define" +
                    didYouMeanSuffix(options.composition, names));
    return nullptr;
  }
  if (module.workflow) {
    diags.error(module.workflow->loc,
                "the pack has a 'workflow', whose states code generation does not support yet; build one "
                "composition alone with --composition NAME");
    return nullptr;
  }
  if (module.compositions.size() == 1) return module.compositions.front().get();
  return nullptr;  // sema has reported it
}

}  // namespace

std::optional<GeneratedProgram> generateProgram(Compilation &compilation, const CommonOptions &options,
                                                const GenerateOptions &generate, int &status) {
  status = 1;
  std::unique_ptr<ir::Module> module = compilation.analyzePack(generate.pack);
  if (!module || compilation.diags().hasErrors()) return std::nullopt;

  std::optional<BindingsFile> bindings;
  if (!generate.bindings.empty()) {
    try {
      bindings = BindingsFile::load(generate.bindings);
    } catch (const Error &e) {
      llvm::WithColor::error(llvm::errs(), "wfc") << e.what() << "\n";
      status = 2;
      return std::nullopt;
    }
  }
  DiagnosticEngine &diags = compilation.diags();
  const ir::Composition *entry = chooseEntry(*module, options, diags);
  if (!entry) return std::nullopt;

  codegen::CodegenOptions cg;
  cg.sourcePath = displayPath(generate.pack);
  cg.wfcVersion = WFC_VERSION;
  cg.allowUnbound = generate.allowUnbound;
  GeneratedProgram program;
  program.stem = options.composition.empty() ? module->id : options.composition;
  if (program.stem.empty()) program.stem = llvm::sys::path::stem(generate.pack).str();
  if (generate.lineDirectives) {
    llvm::SmallString<256> absolute(generate.pack);
    llvm::sys::fs::make_absolute(absolute);
    llvm::sys::path::remove_dots(absolute, true);
    cg.lineDirectivePath = absolute.str().str();
    cg.outputName = program.stem + ".wfc.cpp";
  }

  // Bindings: every bound name must be a declared tool; every tool a compiled step calls must be
  // bound, unless --allow-unbound leaves it to the run-time --bindings.
  std::set<std::string> bound;
  if (bindings) {
    std::vector<std::string> declared;
    for (const auto &t : module->tools) declared.push_back(t->name);
    for (const BindingsFile::Entry &e : bindings->entries()) {
      if (!module->findTool(e.tool)) {
        llvm::WithColor::error(llvm::errs(), "wfc")
            << e.where << ": the bindings bind tool '" << e.tool << "', which the pack does not declare"
            << didYouMeanSuffix(e.tool, declared) << "\n";
        status = 2;
        return std::nullopt;
      }
      bound.insert(e.tool);
      if (!e.native.empty() && std::find(cg.natives.begin(), cg.natives.end(), e.native) == cg.natives.end())
        cg.natives.push_back(e.native);
    }
    cg.bindingsJson = toJsonText(*bindings);
  }
  for (const ir::Composition *c : codegen::programCompositions(*module, *entry))
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      if (s.kind != ir::StepKind::Tool || !s.tool || bound.count(s.tool->name) || generate.allowUnbound) return;
      bound.insert(s.tool->name);  // one error per tool
      diags.error(s.tool->loc, "tool '" + s.tool->name + "' has no binding; bind it in the file given with "
                               "--bindings (see docs/bindings.md), or build with --allow-unbound and bind it "
                               "when the executable runs")
          .note(s.loc, "step '" + s.id + "' calls it");
    });
  if (diags.hasErrors()) return std::nullopt;

  auto lineOf = [&](llvm::SMLoc loc) { return compilation.line(loc); };
  std::optional<std::string> source = codegen::emitProgram(*module, *entry, cg, diags, lineOf);
  if (!source) return std::nullopt;
  program.source = std::move(*source);
  program.filesRead = compilation.files().filesRead();
  if (!generate.bindings.empty()) program.filesRead.push_back(generate.bindings);
  status = 0;
  return program;
}

}  // namespace wfc
