#include "driver/CppGeneration.h"

#include "driver/BindingsCheck.h"
#include "codegen/CppNames.h"
#include "codegen/ProgramEmitter.h"

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

// What runs: --composition's composition, the pack's only one (SPEC §2.1), the composition of a
// Function-style workflow (one terminal composition state: running it is running that
// composition, so such packs compile exactly as the composition alone), or — null with
// `runsWorkflow` set — the workflow's state machine.
const ir::Composition *chooseEntry(const ir::Module &module, const CommonOptions &options, bool &runsWorkflow) {
  runsWorkflow = false;
  if (!options.composition.empty()) return module.findComposition(options.composition);  // sema reports a miss
  if (module.workflow) {
    const auto &states = module.workflow->states;
    if (states.size() == 1 && states[0].kind == ir::State::Kind::Composition && states[0].composition &&
        states[0].onEvent.empty())
      return states[0].composition;
    runsWorkflow = true;
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
    bindings = loadBindings(generate.bindings);
    if (!bindings || !bindsOnlyDeclaredTools(*bindings, *module)) {
      status = 2;
      return std::nullopt;
    }
  }
  DiagnosticEngine &diags = compilation.diags();
  bool runsWorkflow = false;
  const ir::Composition *entry = chooseEntry(*module, options, runsWorkflow);
  if (!entry && !runsWorkflow) return std::nullopt;
  if (!compilation.optimize(*module)) return std::nullopt;  // the -O level's passes

  codegen::CodegenOptions cg;
  cg.sourcePath = displayPath(generate.pack);
  cg.wfcVersion = WFC_VERSION;
  cg.allowUnbound = generate.allowUnbound;
  // The workflow's budget binds the run when the workflow is what is compiled (not --composition).
  if (options.composition.empty() && module->workflow) cg.budget = module->workflow->budget;
  GeneratedProgram program;
  program.stem = options.composition.empty() ? module->id : options.composition;
  if (!generate.outputName.empty()) program.stem = generate.outputName;  // build systems name it
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
    for (const BindingsFile::Entry &e : bindings->entries()) {
      bound.insert(e.tool);
      if (!e.native.empty() && (codegen::isCppKeyword(e.native) || e.native == "main" ||
                                llvm::StringRef(e.native).startswith("_") || e.native.find("__") != std::string::npos)) {
        llvm::WithColor::error(llvm::errs(), "wfc")
            << e.where << ": native function name '" << e.native
            << "' cannot name a C++ function (a keyword, 'main', or a reserved identifier); rename the function\n";
        status = 2;
        return std::nullopt;
      }
      if (!e.native.empty() && std::find(cg.natives.begin(), cg.natives.end(), e.native) == cg.natives.end())
        cg.natives.push_back(e.native);
    }
    cg.bindingsJson = toJsonText(*bindings);
  }
  // Tool steps' tools and agents' tools must be bound; an agent's tool_called tool need not be
  // (its call ends the loop, and it runs only when bound).
  auto requireBinding = [&](const ir::Tool *tool, const ir::Step &s, const std::string &how) {
    if (!tool || bound.count(tool->name) || generate.allowUnbound) return;
    bound.insert(tool->name);  // one error per tool
    diags.error(tool->loc, "tool '" + tool->name + "' has no binding; bind it in the file given with "
                           "--bindings (see docs/bindings.md), or build with --allow-unbound and bind it "
                           "when the executable runs")
        .note(s.loc, "step '" + s.id + "' " + how);
  };
  if (runsWorkflow)
    for (const ir::State &st : module->workflow->states)
      if (st.kind == ir::State::Kind::Internal && st.prompt)
        for (const ir::Tool *t : st.prompt->tools) {
          if (!t || bound.count(t->name) || generate.allowUnbound) continue;
          bound.insert(t->name);
          diags.error(t->loc, "tool '" + t->name + "' has no binding; bind it in the file given with "
                              "--bindings (see docs/bindings.md), or build with --allow-unbound and bind it "
                              "when the executable runs")
              .note(st.loc, "internal state '" + st.name + "' offers it to the model (its prompt '" +
                                st.prompt->key + "' lists it)");
        }
  for (const ir::Composition *c : codegen::programCompositions(*module, codegen::programRoots(*module, entry)))
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      if (s.kind == ir::StepKind::Tool) requireBinding(s.tool, s, "calls it");
      if (s.kind == ir::StepKind::Agent)
        for (const ir::Tool *t : s.tools)
          if (t != s.toolCalled) requireBinding(t, s, "offers it to the model");
    });
  if (diags.hasErrors()) return std::nullopt;

  auto lineOf = [&](llvm::SMLoc loc) { return compilation.line(loc); };
  std::optional<std::string> source = codegen::emitProgram(*module, entry, cg, diags, lineOf);
  if (!source) return std::nullopt;
  program.source = std::move(*source);
  program.filesRead = compilation.files().filesRead();
  if (!generate.bindings.empty()) program.filesRead.push_back(generate.bindings);
  status = 0;
  return program;
}

}  // namespace wfc
