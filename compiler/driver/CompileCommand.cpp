#include "driver/CompileCommand.h"

#include "driver/BuildCommand.h"
#include "driver/Compilation.h"
#include "driver/CppGeneration.h"
#include "driver/RuntimeLocation.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/WithColor.h>

#include <cstdlib>

namespace wfc {
namespace {

// Removes the temporary directory however the command ends.
struct TempDir {
  llvm::SmallString<256> path;
  ~TempDir() {
    if (!path.empty()) llvm::sys::fs::remove_directories(path);
  }
};

}  // namespace

int runCompile(const CompileOptions &compile, const CommonOptions &options, const char *argv0) {
  auto error = [](const llvm::Twine &message) {
    llvm::WithColor::error(llvm::errs(), "wfc") << message << "\n";
  };
  if (compile.output.empty()) {
    error("'wfc compile' needs -o EXE: the executable to write");
    return 2;
  }
  std::optional<RuntimeLocation> runtime = findRuntime(argv0);
  if (!runtime) {
    error("cannot find the wfc runtime (libwfc_runtime_host.a, the layers below it and include/wfc/) next to this wfc "
          "or in its build tree; install wfc or build the 'wfc_runtime_host' target");
    return 2;
  }
  Compilation compilation(options);
  GenerateOptions generate{compile.pack, compile.bindings, compile.allowUnbound, /*lineDirectives=*/true, "", ""};
  std::optional<GeneratedProgram> program = generateProgram(compilation, options, generate);
  int finished = compilation.finish();
  if (!program) return finished != 0 ? finished : 1;  // a failure the passes printed (--verify-each)

  TempDir temp;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("wfc-compile", temp.path)) {
    error("cannot create a temporary directory: " + ec.message());
    return 1;
  }
  llvm::SmallString<256> cpp(temp.path), log(temp.path);
  llvm::sys::path::append(cpp, program->stem + ".wfc.cpp");
  llvm::sys::path::append(log, "compiler.log");
  if (!writeIfChanged(cpp.str().str(), program->source)) return 1;

  const char *cxxEnv = std::getenv("CXX");
  std::string cxxName = cxxEnv && *cxxEnv ? cxxEnv : "c++";
  auto cxx = llvm::sys::findProgramByName(cxxName);
  if (!cxx) {
    error("cannot find the C++ compiler '" + cxxName + "' (set CXX to choose one)");
    return 2;
  }
  std::vector<std::string> args = {*cxx, "-std=c++20", compile.cxxOptLevel};
  // The runtime's archives carry their debug information (a RelWithDebInfo build's): linked in,
  // it is 30 times the code. An executable a release pipeline ships leaves it out unless asked.
  if (compile.debug) args.push_back("-g");
  else args.push_back("-Wl,--strip-debug");
  args.insert(args.end(), {"-I", runtime->includeDir, cpp.str().str()});
  for (const std::string &n : compile.natives) args.push_back(n);
  for (const std::string &l : runtime->libraries) args.push_back(l);
  for (const std::string &l : runtime->linkLibraries) args.push_back(l);
  args.push_back("-o");
  args.push_back(compile.output);
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  llvm::Optional<llvm::StringRef> redirects[] = {llvm::None, llvm::StringRef(log), llvm::StringRef(log)};
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(*cxx, argRefs, llvm::None, redirects, 0, 0, &message);
  if (rc != 0) {
    if (auto text = llvm::MemoryBuffer::getFile(log)) llvm::errs() << (*text)->getBuffer();
    error("the C++ compiler failed" + (message.empty() ? "" : ": " + message) +
          " (errors inside step functions point into the pack through #line directives)");
    return 1;
  }
  return 0;
}

}  // namespace wfc
