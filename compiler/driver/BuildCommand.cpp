#include "driver/BuildCommand.h"

#include "driver/Compilation.h"
#include "ir/IRPrinter.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/ToolOutputFile.h>
#include <llvm/Support/WithColor.h>

namespace wfc {

int runBuild(const BuildOptions &build, const CommonOptions &options) {
  if (build.emit == EmitKind::Cpp) {
    llvm::WithColor::error(llvm::errs(), "wfc")
        << "C++ code generation is not implemented in this version of wfc; 'wfc build' can emit the IR "
           "with --emit=ir\n";
    return 1;
  }
  Compilation compilation(options);
  std::unique_ptr<ir::Module> module = compilation.analyzePack(build.pack);
  int status = compilation.finish();
  if (status != 0 || !module || options.verifyDiagnostics) return status;

  std::string text;
  llvm::raw_string_ostream os(text);
  ir::printModule(*module, os, [&](llvm::SMLoc loc) { return compilation.describe(loc); });
  os.flush();
  if (build.output.empty() || build.output == "-") {
    llvm::outs() << text;
    return 0;
  }
  // Written only after every stage succeeded (above), and only when it changed.
  auto existing = llvm::MemoryBuffer::getFile(build.output);
  if (existing && (*existing)->getBuffer() == text) return 0;
  std::error_code ec;
  llvm::ToolOutputFile out(build.output, ec, llvm::sys::fs::OF_None);
  if (ec) {
    llvm::WithColor::error(llvm::errs(), "wfc") << "cannot write '" << build.output << "': " << ec.message() << "\n";
    return 1;
  }
  out.os() << text;
  out.keep();
  return 0;
}

}  // namespace wfc
