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
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <thread>

namespace wfc {
namespace {

// Removes the temporary directory however the command ends.
struct TempDir {
  llvm::SmallString<256> path;
  ~TempDir() {
    if (!path.empty()) llvm::sys::fs::remove_directories(path);
  }
};

// One source to compile to an object; its messages go to `log`.
struct CompileJob {
  std::string source, object, log;
  std::vector<std::string> args;
  bool failed = false;
};

// The generated program first, then the --native sources in the order given.
std::vector<std::string> sourcesOf(const std::string &generated, const std::vector<std::string> &natives) {
  std::vector<std::string> sources = {generated};
  sources.insert(sources.end(), natives.begin(), natives.end());
  return sources;
}

// An object or archive given as --native goes to the link as it is.
bool isLinkerInput(llvm::StringRef path) {
  return path.endswith(".o") || path.endswith(".a") || path.endswith(".so");
}

// Adds a line of wfc's own to a compile's messages.
void appendLine(const std::string &log, const llvm::Twine &line) {
  std::error_code ec;
  llvm::raw_fd_ostream out(log, ec, llvm::sys::fs::OF_Append);
  if (!ec) out << line << "\n";
}

void printFile(const std::string &path) {
  if (auto text = llvm::MemoryBuffer::getFile(path)) llvm::errs() << (*text)->getBuffer();
}

// Runs the jobs, at most one per core at a time; marks each that fails. True when all succeed.
bool runCompileJobs(llvm::StringRef cxx, std::vector<CompileJob> &jobs) {
  size_t width = std::max(1u, std::thread::hardware_concurrency());
  struct Running {
    llvm::sys::ProcessInfo process;
    size_t job;
  };
  std::deque<Running> running;
  bool ok = true;
  auto finishOldest = [&] {
    Running oldest = running.front();
    running.pop_front();
    std::string message;
    llvm::sys::ProcessInfo done = llvm::sys::Wait(oldest.process, 0, /*WaitUntilTerminates=*/true, &message);
    if (done.ReturnCode != 0) {
      jobs[oldest.job].failed = true;
      ok = false;
      if (!message.empty()) appendLine(jobs[oldest.job].log, cxx + ": " + message);
    }
  };
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (running.size() == width) finishOldest();
    std::vector<llvm::StringRef> argRefs(jobs[i].args.begin(), jobs[i].args.end());
    llvm::StringRef log(jobs[i].log);
    llvm::Optional<llvm::StringRef> redirects[] = {llvm::None, log, log};
    std::string message;
    bool failedToStart = false;
    llvm::sys::ProcessInfo process =
        llvm::sys::ExecuteNoWait(cxx, argRefs, llvm::None, redirects, 0, &message, &failedToStart);
    if (failedToStart) {
      jobs[i].failed = true;
      ok = false;
      appendLine(jobs[i].log, "cannot run " + cxx + ": " + message);
      continue;
    }
    running.push_back({process, i});
  }
  while (!running.empty()) finishOldest();
  return ok;
}

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

  // Each source compiles in a process of its own, as many at once as there are cores, then one
  // link: the generated program and the native tools do not wait for each other. -pthread and
  // -g match the precompiled headers (RuntimeLocation::precompiledDir), which GCC then uses in
  // place of <wfc/program.h> and <wfc/tool.h>.
  std::vector<CompileJob> jobs;
  std::vector<std::string> objects;
  for (const std::string &source : sourcesOf(cpp.str().str(), compile.natives)) {
    if (isLinkerInput(source)) {
      objects.push_back(source);
      continue;
    }
    CompileJob job;
    job.source = source;
    job.object = (llvm::Twine(temp.path) + "/" + llvm::Twine(jobs.size()) + ".o").str();
    job.log = (llvm::Twine(temp.path) + "/" + llvm::Twine(jobs.size()) + ".log").str();
    job.args = {*cxx, "-std=c++20", compile.cxxOptLevel, "-pthread"};
    if (compile.debug) job.args.push_back("-g");
    if (!runtime->precompiledDir.empty()) job.args.insert(job.args.end(), {"-I", runtime->precompiledDir});
    job.args.insert(job.args.end(), {"-I", runtime->includeDir, "-c", source, "-o", job.object});
    objects.push_back(job.object);
    jobs.push_back(std::move(job));
  }
  if (!runCompileJobs(*cxx, jobs)) {
    for (const CompileJob &job : jobs)
      if (job.failed) printFile(job.log);
    error("the C++ compiler failed" + (jobs.front().failed ? std::string(" on the generated program") : "") +
          " (errors inside step functions point into the pack through #line directives)");
    return 1;
  }

  std::vector<std::string> args = {*cxx};
  // The runtime's archives carry their debug information (a RelWithDebInfo build's): linked in,
  // it is 30 times the code. An executable a release pipeline ships leaves it out unless asked.
  args.push_back(compile.debug ? "-g" : "-Wl,--strip-debug");
  args.insert(args.end(), objects.begin(), objects.end());
  for (const std::string &l : runtime->libraries) args.push_back(l);
  for (const std::string &l : runtime->linkLibraries) args.push_back(l);
  args.push_back("-o");
  args.push_back(compile.output);
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  llvm::Optional<llvm::StringRef> redirects[] = {llvm::None, llvm::StringRef(log), llvm::StringRef(log)};
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(*cxx, argRefs, llvm::None, redirects, 0, 0, &message);
  if (rc != 0) {
    // The usual cause of an undefined reference: a `native:` binding whose function no --native
    // source defines.
    bool undefined = false;
    if (auto text = llvm::MemoryBuffer::getFile(log)) {
      llvm::errs() << (*text)->getBuffer();
      undefined = (*text)->getBuffer().contains("undefined reference");
    }
    error("linking the executable failed" + (message.empty() ? "" : ": " + message) +
          (undefined ? " (a function named by a `native:` binding must be defined, with the signature of <wfc/tool.h>, "
                       "in one of the --native sources)"
                     : ""));
    return 1;
  }
  return 0;
}

}  // namespace wfc
