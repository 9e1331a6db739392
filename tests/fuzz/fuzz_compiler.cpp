// The compiler, one input file through every stage in process (docs/development.md "Fuzzing"):
// the loader (YAML or JSON), the dialect detector, the dialect's shape check, reader and lowering
// (lowerDocument: whichever dialect the detector picks, so a new dialect is fuzzed as soon as
// FrontEnd.cpp lowers it), sema, the program analysis, the -O1 passes and code generation — the
// pipeline `wfc compile` runs (driver/CppGeneration.h), with tools left unbound as
// `--allow-unbound` leaves them, and the diagnostics printed as `wfc check` prints them.
//
// The pack is held in memory (SourceFiles::addMemoryFile) at /fuzz/pack, so the loader decides
// between JSON and YAML by content as it does for a file without an extension. The schema files
// of the repository's packs sit beside it in memory (/fuzz/schemas/NAME.json), so packs from the
// seed corpus resolve their `schemas/…` references and reach code generation.
//
// Besides crashes, hangs and sanitizer reports, the target stops on what is a compiler bug
// whatever the input: an "internal compiler error" diagnostic (the IR verifier after the front
// end), an IR broken by a pass (every pass is verified: --verify-each), a failed compilation
// that reported no error, and generated C++ that differs between two compilations of one input.
#include "FuzzTarget.h"

#include "driver/Compilation.h"
#include "driver/CppGeneration.h"

#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace {

constexpr const char *kPack = "/fuzz/pack";

// The schema files of the repository's packs: name → text of every file in a `schemas/` folder
// under examples/ or tests/, read once. Several packs have a schemas/document.json of their
// own: the first in path order (examples before tests) is the one packs here see.
const std::map<std::string, std::string> &repositorySchemas() {
  static const std::map<std::string, std::string> schemas = [] {
    std::vector<std::filesystem::path> files;
    for (const char *top : {"/examples", "/tests"})
      for (const auto &entry : std::filesystem::recursive_directory_iterator(std::string(WFC_SOURCE_DIR) + top))
        if (entry.is_regular_file() && entry.path().parent_path().filename() == "schemas") files.push_back(entry.path());
    std::sort(files.begin(), files.end());  // "the first" must not depend on the order of readdir
    std::map<std::string, std::string> out;
    for (const auto &file : files) {
      std::ifstream in(file, std::ios::binary);
      out.emplace(file.filename().string(), std::string(std::istreambuf_iterator<char>(in), {}));
    }
    return out;
  }();
  return schemas;
}

struct Outcome {
  std::optional<std::string> source;  // the generated C++, when the pack compiled
  bool errors = false;
  std::string log;  // the diagnostics as `wfc check` prints them, and the passes' reports
};

Outcome compile(std::string_view pack, wfc::OptLevel level) {
  wfc::CommonOptions options;
  options.optLevel = level;
  options.instrumentation.verifyEach = true;
  Outcome outcome;
  llvm::raw_string_ostream log(outcome.log);
  {
    wfc::Compilation compilation(options, log);
    compilation.files().addMemoryFile(kPack, std::string(pack));
    for (const auto &[name, text] : repositorySchemas())
      compilation.files().addMemoryFile(std::string("/fuzz/schemas/") + name, text);
    wfc::GenerateOptions generate;
    generate.pack = kPack;
    generate.allowUnbound = true;
    if (std::optional<wfc::GeneratedProgram> program = wfc::generateProgram(compilation, options, generate))
      outcome.source = std::move(program->source);
    outcome.errors = compilation.diags().hasErrors();
    compilation.finish();  // prints the diagnostics, in source order, into `log`
  }
  log.flush();
  return outcome;
}

void checkNoCompilerBug(const Outcome &o, const char *level) {
  // The messages wfc gives its own bugs (driver/Compilation.cpp, passes/PassManager.cpp). A pack
  // cannot make these phrases appear by quoting itself in a diagnostic by chance: libFuzzer would
  // have to invent them, and nothing in the compiler compares input with them.
  for (const char *bug : {"internal compiler error: ", "wfc: internal error: "})
    if (o.log.find(bug) != std::string::npos) wfc::fuzz::fail(std::string(level) + ": a compiler bug:\n" + o.log);
  if (!o.source && !o.errors)
    wfc::fuzz::fail(std::string(level) + ": no C++ was generated and no error says why:\n" + o.log);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view pack = wfc::fuzz::asText(data, size);
  Outcome o1 = compile(pack, wfc::OptLevel::O1);
  // WFC_FUZZ_VERBOSE=1: what the compiler said, to see how far an input gets.
  static const bool verbose = std::getenv("WFC_FUZZ_VERBOSE") != nullptr;
  if (verbose)
    std::fprintf(stderr, "%s%s\n", o1.log.c_str(),
                 o1.source ? ("-O1: " + std::to_string(o1.source->size()) + " bytes of C++").c_str() : "-O1: no C++");
  checkNoCompilerBug(o1, "-O1");
  if (!o1.source) return 0;
  // A pack that compiles: -O0 must compile it too, and the output of -O1 is a function of the
  // input alone (codegen/ProgramEmitter.h: the same input gives byte-identical output).
  Outcome o0 = compile(pack, wfc::OptLevel::O0);
  checkNoCompilerBug(o0, "-O0");
  if (!o0.source) wfc::fuzz::fail("the pack compiles at -O1 but not at -O0:\n" + o0.log);
  if (compile(pack, wfc::OptLevel::O1).source != o1.source)
    wfc::fuzz::fail("two compilations of one pack generated different C++");
  return 0;
}
