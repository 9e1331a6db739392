#include "passes/PassManager.h"

#include "ir/IRVerifier.h"

#include <llvm/Support/Format.h>

#include <chrono>

namespace wfc::passes {

bool PassManager::run(ir::Module &module, llvm::raw_ostream &log) {
  struct Timing {
    const char *name;
    double ms;
    bool changed;
  };
  std::vector<Timing> timings;
  for (const auto &pass : passes_) {
    auto start = std::chrono::steady_clock::now();
    bool changed = pass->run(module);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    timings.push_back({pass->name(), ms, changed});
    bool print = instrumentation_.printAfterAll || instrumentation_.printAfter.count(pass->name());
    if (print && changed) {
      log << "; *** IR after " << pass->name() << " ***\n";
      ir::printModule(module, log, where_);
    } else if (print) {
      log << "; *** IR unchanged by " << pass->name() << " ***\n";
    }
    if (instrumentation_.verifyEach) {
      std::vector<ir::VerifierProblem> problems = ir::verifyModule(module);
      if (!problems.empty()) {
        log << "wfc: internal error: the IR is broken after pass '" << pass->name() << "':\n";
        for (const ir::VerifierProblem &p : problems) {
          std::string at = where_(p.loc);
          log << "  " << (at.empty() ? "" : at + ": ") << p.message << "\n";
        }
        return false;
      }
    }
  }
  if (instrumentation_.timePasses) {
    double total = 0;
    for (const Timing &t : timings) total += t.ms;
    log << "===-------------------------------------------------------------------------===\n"
        << "                          wfc pass execution timing\n"
        << "===-------------------------------------------------------------------------===\n";
    log << "   wall (ms)   share  changed   pass\n";
    for (const Timing &t : timings)
      log << llvm::format("  %10.3f  %5.1f%%  %-8s  %s\n", t.ms, total > 0 ? 100.0 * t.ms / total : 0.0,
                          t.changed ? "yes" : "no", t.name);
    log << llvm::format("  %10.3f  %5.1f%%            total\n", total, 100.0);
  }
  return true;
}

}  // namespace wfc::passes
