#include "driver/CppGeneration.h"

#include "driver/BindingsCheck.h"
#include "driver/CostCheck.h"
#include "codegen/CppNames.h"
#include "codegen/ProgramEmitter.h"
#include "codegen/RegistryEmitter.h"
#include "graph/StepGraph.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/WithColor.h>

#include <nlohmann/json.hpp>

#include <map>
#include <set>

namespace wfc {

// The executable runs the builtin defaults unbound by anyone, and a --bindings file still
// overrides them.
std::optional<std::string> withBuiltinDefaults(std::optional<std::string> json, const std::vector<const ir::Module *> &modules,
                                               const BindingsFile *bindings) {
  nlohmann::ordered_json doc;
  for (const ir::Module *module : modules)
    for (const auto &tool : module->tools) {
      if (tool->builtin.empty() || (bindings && bindings->find(tool->name))) continue;
      if (doc.is_null()) doc = json ? nlohmann::ordered_json::parse(*json) : nlohmann::ordered_json{{"tools", nlohmann::ordered_json::object()}};
      doc["tools"][tool->name] = {{"builtin", tool->builtin}};
    }
  if (doc.is_null()) return json;
  return doc.dump();
}

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


// A registry (docs/registry.md): each workflow's program through the -O level's passes and code
// generation into a namespace of its own, then the registry's tables, all in one file.
std::optional<GeneratedProgram> generateRegistry(Compilation &compilation, const GenerateOptions &generate,
                                                 AnalyzedPack &analyzed, const std::optional<BindingsFile> &bindings) {
  DiagnosticEngine &diags = compilation.diags();
  const ir::Registry &registry = *analyzed.module->registry;
  std::vector<BoundProgram> programs;
  for (const AnalyzedMember &m : analyzed.members)
    if (m.program) programs.push_back({m.module, &*m.program});
  if (bindings || !generate.allowUnbound)
    checkBindings(compilation, bindings ? *bindings : BindingsFile(), programs, !generate.allowUnbound);
  if (diags.hasErrors()) return std::nullopt;

  codegen::RegistryCodegenOptions rg;
  rg.sourcePath = displayPath(generate.pack);
  rg.wfcVersion = WFC_VERSION;
  rg.allowUnbound = generate.allowUnbound;
  if (bindings) {
    for (const BindingsFile::Entry &e : bindings->entries())
      if (!e.native.empty() && std::find(rg.natives.begin(), rg.natives.end(), e.native) == rg.natives.end())
        rg.natives.push_back(e.native);
    rg.bindingsJson = toJsonText(*bindings);
  }
  {
    // A registry's workflows share their bindings, by tool name: an AWL agent's file tool (bound
    // to its builtin) and another workflow's own tool of the same name would share one binding.
    std::map<std::string, const ir::Tool *> declared;
    for (const AnalyzedMember &m : analyzed.members)
      for (const auto &tool : m.module->tools)
        if (tool->builtin.empty()) declared.emplace(tool->name, tool.get());
    for (const AnalyzedMember &m : analyzed.members)
      for (const auto &tool : m.module->tools)
        if (auto other = declared.find(tool->name); !tool->builtin.empty() && other != declared.end())
          diags.error(tool->loc, "workflow '" + m.workflow + "' offers its agent the file tool '" + tool->name +
                                     "', and another workflow of the registry declares a tool of that name: the "
                                     "workflows share their bindings, so one name cannot be both; name the declared "
                                     "tool otherwise (docs/awl.md \"Agents' file tools\")")
              .note(other->second->loc, "'" + tool->name + "' declared here");
    if (diags.hasErrors()) return std::nullopt;
    std::vector<const ir::Module *> modules;
    for (const AnalyzedMember &m : analyzed.members) modules.push_back(m.module);
    rg.bindingsJson = withBuiltinDefaults(std::move(rg.bindingsJson), modules, bindings ? &*bindings : nullptr);
  }
  auto lineOf = [&](llvm::SMLoc loc) { return compilation.line(loc); };
  std::vector<codegen::RegistryMember> members;
  for (const AnalyzedMember &m : analyzed.members) {
    if (!compilation.optimize(*m.module)) return std::nullopt;
    std::optional<analysis::Program> optimized = compilation.analyzeProgram(*m.module);
    if (!optimized) return std::nullopt;
    codegen::CodegenOptions cg;
    cg.sourcePath = displayPath(registry.findWorkflow(m.workflow)->pack);
    cg.wfcVersion = WFC_VERSION;
    cg.allowUnbound = generate.allowUnbound;
    if (m.module->workflow) cg.budget = m.module->workflow->budget;
    cg.memberNamespace = codegen::memberNamespace(m.workflow);
    std::optional<std::string> source = codegen::emitProgram(*m.module, *optimized, cg, diags, lineOf);
    if (!source) return std::nullopt;
    members.push_back({m.workflow, cg.memberNamespace, std::move(*source)});
  }
  auto location = [&](llvm::SMLoc loc) {
    ResolvedLocation r = diags.resolve(loc);
    return displayPath(r.file) + ":" + std::to_string(r.line);
  };
  GeneratedProgram program;
  program.stem = generate.outputName.empty() ? registry.packName : generate.outputName;
  program.source = codegen::emitRegistry(registry, members, rg, location);
  program.filesRead = compilation.files().filesRead();
  program.id = registry.packName;
  program.loc = analyzed.module->loc;
  program.registry = true;
  return program;
}

std::optional<GeneratedProgram> generateProgram(Compilation &compilation, const CommonOptions &options,
                                                const GenerateOptions &generate) {
  // Bindings (read first: they may declare tools' effects): every bound name must be a declared
  // tool; every tool the program needs must be bound, unless --allow-unbound leaves it to the
  // run-time --bindings.
  std::optional<BindingsFile> bindings;
  if (!generate.bindings.empty()) {
    bindings = loadBindings(compilation, generate.bindings);
    if (!bindings) return std::nullopt;
  }
  AnalyzedPack analyzed = compilation.analyzePack(generate.pack, bindings ? &*bindings : nullptr);
  if (analyzed.module && analyzed.module->registry && !compilation.diags().hasErrors())
    return generateRegistry(compilation, generate, analyzed, bindings);
  if (!analyzed.module || !analyzed.program || compilation.diags().hasErrors()) return std::nullopt;
  ir::Module &module = *analyzed.module;

  DiagnosticEngine &diags = compilation.diags();
  if (bindings) checkBindings(compilation, *bindings, module, *analyzed.program, !generate.allowUnbound);
  else if (!generate.allowUnbound) checkBindings(compilation, BindingsFile(), module, *analyzed.program, true);
  if (diags.hasErrors()) return std::nullopt;
  // --max-cost (docs/cost.md "The static bound"): no build of a program that may cost more.
  if (options.cost.maxCostUsd &&
      !checkCost(compilation, generate.pack, *analyzed.program, bindings ? &*bindings : nullptr, options.cost, nullptr,
                 nullptr))
    return std::nullopt;

  codegen::CodegenOptions cg;
  cg.sourcePath = displayPath(generate.pack);
  cg.wfcVersion = WFC_VERSION;
  cg.allowUnbound = generate.allowUnbound;
  // The workflow's budget binds the run when the workflow is what is compiled (not --composition).
  if (options.composition.empty() && module.workflow) cg.budget = module.workflow->budget;
  GeneratedProgram program;
  program.stem = options.composition.empty() ? module.id : options.composition;
  if (!generate.outputName.empty()) program.stem = generate.outputName;  // build systems name it
  if (program.stem.empty()) program.stem = llvm::sys::path::stem(generate.pack).str();
  if (generate.lineDirectives) {
    llvm::SmallString<256> absolute(generate.pack);
    llvm::sys::fs::make_absolute(absolute);
    llvm::sys::path::remove_dots(absolute, true);
    cg.lineDirectivePath = absolute.str().str();
    cg.outputName = program.stem + ".wfc.cpp";
  }

  if (bindings) {
    for (const BindingsFile::Entry &e : bindings->entries())
      if (!e.native.empty() && std::find(cg.natives.begin(), cg.natives.end(), e.native) == cg.natives.end())
        cg.natives.push_back(e.native);
    cg.bindingsJson = toJsonText(*bindings);
  }
  cg.bindingsJson = withBuiltinDefaults(std::move(cg.bindingsJson), {&module}, bindings ? &*bindings : nullptr);

  if (!compilation.optimize(module)) return std::nullopt;  // the -O level's passes
  // The passes changed the steps: what the program runs is worked out again from the result.
  std::optional<analysis::Program> optimized = compilation.analyzeProgram(module);
  if (!optimized) return std::nullopt;
  // The graph the web page of --serve draws: what runs, after the passes (as `wfc graph
  // --after-passes` draws it), with locations as the banner names the pack.
  auto graphLocation = [&](llvm::SMLoc loc) {
    ResolvedLocation r = diags.resolve(loc);
    return displayPath(r.file) + ":" + std::to_string(r.line);
  };
  const ir::Workflow *drawnWorkflow = options.composition.empty() && module.workflow ? &*module.workflow : nullptr;
  cg.graphJson = graph::writeJson(graph::buildStepGraph(module, optimized->compositions, drawnWorkflow, graphLocation));
  auto lineOf = [&](llvm::SMLoc loc) { return compilation.line(loc); };
  std::optional<std::string> source = codegen::emitProgram(module, *optimized, cg, diags, lineOf);
  if (!source) return std::nullopt;
  program.source = std::move(*source);
  program.filesRead = compilation.files().filesRead();
  program.id = module.id;
  program.loc = module.loc;
  program.usesLlm = !optimized->prompts.empty();
  if (optimized->chat)
    for (const ir::Prompt *prompt : optimized->prompts) program.chatTasks.push_back(prompt->key);
  return program;
}

}  // namespace wfc
