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

#include <llvm/ADT/StringRef.h>
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
  bool internalError = false;  // a diagnostic that reports a bug of wfc's, not of the pack
  std::string passLog;         // what the pass manager wrote: only --verify-each's reports here
  std::string printed;         // the diagnostics as `wfc check` prints them
};

// The bugs are told apart by structure, never by searching text that quotes the pack: libFuzzer
// learns the strings a target compares its data with, and would soon write "internal compiler
// error" into a pack for a diagnostic to quote. So diagnostics are collected as values (each
// message begins with wfc's own words, never with the pack's), and printed afterwards.
Outcome compile(std::string_view pack, wfc::OptLevel level) {
  wfc::CommonOptions options;
  options.optLevel = level;
  options.instrumentation.verifyEach = true;
  Outcome outcome;
  llvm::raw_string_ostream passLog(outcome.passLog), printed(outcome.printed);
  {
    wfc::Compilation compilation(options, passLog);
    std::vector<wfc::Diagnostic> diagnostics;
    compilation.diags().setConsumer([&](const wfc::Diagnostic &d) { diagnostics.push_back(d); });
    compilation.files().addMemoryFile(kPack, std::string(pack));
    for (const auto &[name, text] : repositorySchemas())
      compilation.files().addMemoryFile(std::string("/fuzz/schemas/") + name, text);
    wfc::GenerateOptions generate;
    generate.pack = kPack;
    generate.allowUnbound = true;
    if (std::optional<wfc::GeneratedProgram> program = wfc::generateProgram(compilation, options, generate))
      outcome.source = std::move(program->source);
    outcome.errors = compilation.diags().hasErrors();
    compilation.finish();  // delivers the deferred diagnostics, in source order, to the consumer

    // driver/Compilation.cpp's report of an IR the verifier rejects after the front end.
    for (const wfc::Diagnostic &d : diagnostics)
      outcome.internalError |= llvm::StringRef(d.message).startswith("internal compiler error: ");
    // The same diagnostics through the text printer (source lines, carets, notes), as wfc prints
    // them: the printing is fuzzed too.
    wfc::DiagnosticEngine printer(compilation.files().sourceMgr(), printed);
    printer.setDeferred(true);
    for (const wfc::Diagnostic &d : diagnostics) {
      wfc::InFlightDiagnostic report = printer.report(d.severity, d.location, d.message);
      for (const wfc::DiagnosticNote &note : d.notes) report.note(note.location, note.message);
    }
    printer.flush();
  }
  passLog.flush();
  printed.flush();
  return outcome;
}

void checkNoCompilerBug(const Outcome &o, const char *level) {
  if (o.internalError) wfc::fuzz::fail(std::string(level) + ": an internal compiler error:\n" + o.printed);
  // With no dumps or timings asked for, the pass manager writes only when --verify-each finds a
  // pass that broke the IR (passes/PassManager.h).
  if (!o.passLog.empty()) wfc::fuzz::fail(std::string(level) + ": a pass broke the IR:\n" + o.passLog);
  if (!o.source && !o.errors)
    wfc::fuzz::fail(std::string(level) + ": no C++ was generated and no error says why:\n" + o.printed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view pack = wfc::fuzz::asText(data, size);
  Outcome o1 = compile(pack, wfc::OptLevel::O1);
  // WFC_FUZZ_VERBOSE=1: what the compiler said, to see how far an input gets.
  static const bool verbose = std::getenv("WFC_FUZZ_VERBOSE") != nullptr;
  if (verbose)
    std::fprintf(stderr, "%s%s\n", o1.printed.c_str(),
                 o1.source ? ("-O1: " + std::to_string(o1.source->size()) + " bytes of C++").c_str() : "-O1: no C++");
  checkNoCompilerBug(o1, "-O1");
  if (!o1.source) return 0;
  // A pack that compiles: -O0 must compile it too, and the output of -O1 is a function of the
  // input alone (codegen/ProgramEmitter.h: the same input gives byte-identical output).
  Outcome o0 = compile(pack, wfc::OptLevel::O0);
  checkNoCompilerBug(o0, "-O0");
  if (!o0.source) wfc::fuzz::fail("the pack compiles at -O1 but not at -O0:\n" + o0.printed);
  if (compile(pack, wfc::OptLevel::O1).source != o1.source)
    wfc::fuzz::fail("two compilations of one pack generated different C++");
  return 0;
}
