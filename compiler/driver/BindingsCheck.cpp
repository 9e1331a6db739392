#include "driver/BindingsCheck.h"

#include "codegen/CppNames.h"
#include "common/DidYouMean.h"
#include "support/DidYouMean.h"

#include <set>

namespace wfc {
namespace {

llvm::SMLoc locate(Compilation &compilation, unsigned buffer, int line, int column) {
  if (line <= 0) return {};
  return compilation.files().sourceMgr().FindLocForLineAndColumn(buffer, static_cast<unsigned>(line),
                                                                 static_cast<unsigned>(std::max(column, 1)));
}

}  // namespace

std::optional<BindingsFile> loadBindings(Compilation &compilation, const std::string &path) {
  std::string error;
  unsigned buffer = compilation.files().open(path, error);
  if (buffer == 0) {
    compilation.diags().error(Location::inFile(path), "cannot read bindings file '" + path + "': " + error);
    compilation.markUsageError();
    return std::nullopt;
  }
  llvm::StringRef text = compilation.files().sourceMgr().getMemoryBuffer(buffer)->getBuffer();
  std::vector<BindingsProblem> problems;
  BindingsFile file = BindingsFile::parse(std::string_view(text.data(), text.size()), path, problems);
  for (const BindingsProblem &p : problems) {
    llvm::SMLoc at = locate(compilation, buffer, p.line, p.column);
    if (at.isValid()) compilation.diags().error(at, p.message);
    else compilation.diags().error(Location::inFile(path), p.message);
  }
  if (!problems.empty()) {
    compilation.markUsageError();
    return std::nullopt;
  }
  // The entries' places, now as SourceMgr locations of this buffer.
  compilation.setBindingsBuffer(buffer);
  return file;
}

bool isUnusableNativeName(const std::string &name) {
  return codegen::isCppKeyword(name) || name == "main" || llvm::StringRef(name).startswith("_") ||
         name.find("__") != std::string::npos;
}

void applyBindingEffects(Compilation &compilation, const BindingsFile &bindings, ir::Module &module) {
  for (const BindingsFile::Entry &e : bindings.entries()) {
    if (e.effects.empty()) continue;
    ir::Tool *tool = nullptr;
    for (auto &t : module.tools)
      if (t->name == e.tool) tool = t.get();
    if (!tool) continue;  // checkBindings reports a binding of an undeclared tool
    ir::Effect effect = e.effects == "none" ? ir::Effect::None : e.effects == "read" ? ir::Effect::Read : ir::Effect::Write;
    if (!tool->effectDeclared) {
      tool->effect = effect;
      continue;
    }
    if (tool->effect == effect) continue;
    compilation.diags()
        .error(locate(compilation, compilation.bindingsBuffer(), e.effectsLine, e.effectsColumn),
               "the bindings give tool '" + e.tool + "' the effect '" + e.effects + "', but the pack declares '" +
                   ir::spell(tool->effect) + "'; keep one of them")
        .note(tool->loc, "tool '" + e.tool + "' is declared here");
    compilation.markUsageError();
  }
}

void checkBindings(Compilation &compilation, const BindingsFile &bindings, const ir::Module &module,
                   const analysis::Program &program, bool requireAll) {
  checkBindings(compilation, bindings, {{&module, &program}}, requireAll);
}

void checkBindings(Compilation &compilation, const BindingsFile &bindings, const std::vector<BoundProgram> &programs,
                   bool requireAll) {
  DiagnosticEngine &diags = compilation.diags();
  unsigned buffer = compilation.bindingsBuffer();
  std::vector<std::string> declared;
  for (const BoundProgram &p : programs)
    for (const auto &t : p.module->tools)
      if (std::find(declared.begin(), declared.end(), t->name) == declared.end()) declared.push_back(t->name);
  std::set<std::string> bound;
  for (const BindingsFile::Entry &e : bindings.entries()) {
    bound.insert(e.tool);
    if (std::find(declared.begin(), declared.end(), e.tool) == declared.end()) {
      // A team keeps one bindings file for several packs: a tool unlike any the pack declares is
      // another pack's (a warning); one a did-you-mean away is this pack's, misspelled
      // (docs/bindings.md "Tools the pack does not declare").
      // The executable's rule (common/DidYouMean.h), so that both sides call the same names
      // misspellings.
      std::string close = wfc::closestMatch(std::string_view(e.tool), declared);
      std::string suffix = close.empty() ? "" : "; did you mean '" + close + "'?";
      std::string what = "the bindings bind tool '" + e.tool + "', which " +
                         (programs.size() == 1 ? std::string("the pack does not declare")
                                               : std::string("none of the registry's workflows declares"));
      if (suffix.empty()) {
        diags.warning(locate(compilation, buffer, e.line, e.column), what + "; the entry is not used");
      } else {
        diags.error(locate(compilation, buffer, e.line, e.column), what + suffix);
        compilation.markUsageError();
      }
    }
    if (!e.native.empty() && isUnusableNativeName(e.native)) {
      diags.error(locate(compilation, buffer, e.nativeLine, e.nativeColumn),
                  "native function name '" + e.native +
                      "' cannot name a C++ function (a keyword, 'main', or a reserved identifier); rename the function");
      compilation.markUsageError();
    }
  }
  // providers: binds keys of requires.providers (docs/bindings.md "Providers"), and "default".
  std::vector<std::string> keys = {"default"};
  for (const BoundProgram &p : programs)
    for (const ir::ProviderRequirement &r : p.module->providers)
      if (std::find(keys.begin(), keys.end(), r.key) == keys.end()) keys.push_back(r.key);
  for (const BindingsFile::ProviderBinding &b : bindings.providers())
    if (std::find(keys.begin(), keys.end(), b.key) == keys.end()) {
      diags.error(locate(compilation, buffer, b.line, b.column),
                  "the bindings bind provider '" + b.key + "', which " +
                      (programs.size() == 1 ? std::string("the pack does not require") : std::string("none of the registry's workflows requires")) +
                      " (requires.providers)" + didYouMeanSuffix(b.key, keys));
      compilation.markUsageError();
    }
  if (!requireAll) return;
  for (const BoundProgram &p : programs)
    for (const analysis::BindingNeed &need : p.program->needsBinding) {
      if (bound.count(need.tool->name) || !need.tool->builtin.empty()) continue;  // bound by default
      diags.error(need.tool->loc, "tool '" + need.tool->name + "' has no binding; bind it in the file given with "
                                  "--bindings (see docs/bindings.md), or build with --allow-unbound and bind it "
                                  "when the executable runs")
          .note(need.loc, need.role);
    }
}

}  // namespace wfc
