#include "driver/BuildCommand.h"

#include "driver/BindingsCheck.h"
#include "driver/Compilation.h"
#include "driver/CostCheck.h"
#include "driver/CppGeneration.h"
#include "ir/IRPrinter.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/ToolOutputFile.h>
#include <llvm/Support/WithColor.h>

namespace wfc {
namespace {

int buildIR(const BuildOptions &build, const CommonOptions &options) {
  Compilation compilation(options);
  // The bindings may give tools their effects, which the IR's plan depends on.
  std::optional<BindingsFile> bindings;
  if (!build.bindings.empty() && !(bindings = loadBindings(compilation, build.bindings))) return compilation.finish();
  AnalyzedPack analyzed = compilation.analyzePack(build.pack, bindings ? &*bindings : nullptr);
  int status = compilation.finish();
  if (status != 0 || !analyzed.module || options.verifyDiagnostics) return status;
  ir::Module *module = analyzed.module.get();
  if (!compilation.optimize(*module)) return 1;  // the IR codegen would receive

  std::string text;
  llvm::raw_string_ostream os(text);
  ir::printModule(*module, os, [&](llvm::SMLoc loc) { return compilation.describe(loc); });
  os.flush();
  if (build.output.empty() || build.output == "-") {
    llvm::outs() << text;
    return 0;
  }
  return writeIfChanged(build.output, text) ? 0 : 1;
}

}  // namespace

bool writeIfChanged(const std::string &path, const std::string &text) {
  auto existing = llvm::MemoryBuffer::getFile(path);
  if (existing && (*existing)->getBuffer() == text) return true;
  std::error_code ec;
  llvm::ToolOutputFile out(path, ec, llvm::sys::fs::OF_None);  // written whole or not at all
  if (ec) {
    llvm::WithColor::error(llvm::errs(), "wfc") << "cannot write '" << path << "': " << ec.message() << "\n";
    return false;
  }
  out.os() << text;
  out.keep();
  return true;
}

std::string depfileText(const std::string &target, const std::vector<std::string> &deps) {
  auto escape = [](const std::string &path) {
    std::string out;
    for (char c : path) {
      if (c == ' ' || c == '#') out += '\\';
      if (c == '$') out += '$';
      out += c;
    }
    return out;
  };
  std::string text = escape(target) + ":";
  for (const std::string &d : deps) text += " \\\n  " + escape(d);
  return text + "\n";
}

// --emit=cost: the static cost bound as JSON (docs/cost.md "The static bound").
int buildCost(const BuildOptions &build, const CommonOptions &options) {
  Compilation compilation(options);
  std::optional<BindingsFile> bindings;
  if (!build.bindings.empty() && !(bindings = loadBindings(compilation, build.bindings))) return compilation.finish();
  AnalyzedPack analyzed = compilation.analyzePack(build.pack, bindings ? &*bindings : nullptr);
  nlohmann::ordered_json json;
  if (analyzed.program && !compilation.diags().hasErrors())
    checkCost(compilation, build.pack, *analyzed.program, bindings ? &*bindings : nullptr, options.cost, nullptr, &json);
  else if (analyzed.module && analyzed.module->registry && !compilation.diags().hasErrors())
    compilation.diags().error(Location::inFile(build.pack),
                              "--emit=cost bounds one program: give a workflow of the registry with 'wfc check --cost'");
  int finished = compilation.finish();
  if (finished != 0 || json.is_null()) return finished != 0 ? finished : 1;
  std::string text = json.dump(2) + "\n";
  if (build.output.empty() || build.output == "-") {
    llvm::outs() << text;
    return 0;
  }
  return writeIfChanged(build.output, text) ? 0 : 1;
}

int runBuild(const BuildOptions &build, const CommonOptions &options) {
  if (build.emit == EmitKind::IR) return buildIR(build, options);
  if (build.emit == EmitKind::Cost) return buildCost(build, options);
  if (build.output.empty()) {
    llvm::WithColor::error(llvm::errs(), "wfc") << "'wfc build' needs -o DIR: the directory for the C++ source\n";
    return 2;
  }
  if (!build.outputName.empty() && (build.outputName == "." || build.outputName == ".." ||
                                    build.outputName.find_first_of("/\\") != std::string::npos)) {
    llvm::WithColor::error(llvm::errs(), "wfc")
        << "--output-name '" << build.outputName << "' must be a file name, without a directory\n";
    return 2;
  }
  Compilation compilation(options);
  GenerateOptions generate{build.pack, build.bindings, build.allowUnbound, build.lineDirectives, build.output,
                           build.outputName};
  std::optional<GeneratedProgram> program = generateProgram(compilation, options, generate);
  int finished = compilation.finish();
  if (options.verifyDiagnostics) return finished;  // the verifier's verdict, nothing written
  if (!program) return finished != 0 ? finished : 1;  // a failure the passes printed (--verify-each)
  if (build.output == "-") {  // the source alone, for pipes and golden tests
    llvm::outs() << program->source;
    return 0;
  }

  // Written only now, after every stage succeeded, and only where something changed.
  if (std::error_code ec = llvm::sys::fs::create_directories(build.output)) {
    llvm::WithColor::error(llvm::errs(), "wfc") << "cannot create '" << build.output << "': " << ec.message() << "\n";
    return 1;
  }
  llvm::SmallString<256> cpp(build.output), dep(build.output);
  llvm::sys::path::append(cpp, program->stem + ".wfc.cpp");
  llvm::sys::path::append(dep, program->stem + ".wfc.d");
  std::string depfile = build.depfile.empty() ? dep.str().str() : build.depfile;
  if (!writeIfChanged(cpp.str().str(), program->source)) return 1;
  if (!writeIfChanged(depfile, depfileText(cpp.str().str(), program->filesRead))) return 1;
  return 0;
}

}  // namespace wfc
