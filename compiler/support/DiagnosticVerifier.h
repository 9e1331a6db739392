// `wfc check --verify-diagnostics`: checks a run's diagnostics against annotations in its
// input files, as MLIR's -verify-diagnostics and clang's -verify do.
//
// An annotation is a comment in any file the run read:
//     steps: 3   # expected-error {{'steps' must be a list}}
//     # expected-warning@+1 {{may have been skipped}}
//     # expected-note@-2 {{first defined here}}
//     # expected-error@12 {{...}}            (absolute line)
// `{{text}}` must be a substring of the message. JSON has no comments, so a JSON file's
// annotations live beside it in `<file>.verify`, one per line, with absolute lines (`@12`).
// Every diagnostic must be expected and every expectation produced, at its line.
#pragma once

#include "support/DiagnosticEngine.h"

#include <llvm/Support/raw_ostream.h>

#include <vector>

namespace wfc {

class DiagnosticVerifier {
 public:
  // Takes over `engine`'s output: diagnostics are collected instead of printed.
  explicit DiagnosticVerifier(DiagnosticEngine &engine);

  // Compares what was produced with what the files expect; prints every mismatch to `os` and
  // returns true when there is none.
  bool verify(llvm::raw_ostream &os);

 private:
  DiagnosticEngine &engine_;
  std::vector<Diagnostic> produced_;
};

}  // namespace wfc
