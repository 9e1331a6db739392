// What every fuzz target in tests/fuzz defines (docs/development.md "Fuzzing"): libFuzzer's entry
// point, which feeds one input through the real code in process. A target never aborts on bad
// input — a diagnostic, a wfc::Error or a rejected file is the normal answer — so anything that
// does abort (a crash, a sanitizer report, a failed invariant the target checks) is a bug.
//
// The same file builds two ways: with libFuzzer in the fuzz build (WFC_BUILD_FUZZERS, clang),
// and in the normal build with ReplayMain.cpp, which runs committed inputs through it for ctest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace wfc::fuzz {

inline std::string_view asText(const uint8_t *data, size_t size) {
  return {reinterpret_cast<const char *>(data), size};
}

// Stops the process with `what` on stderr: an invariant a target checks has failed (libFuzzer
// keeps the input as a crash; the replay binary fails its test).
[[noreturn]] inline void fail(std::string_view what) {
  std::fprintf(stderr, "fuzz target invariant failed: %.*s\n", static_cast<int>(what.size()), what.data());
  std::abort();
}

}  // namespace wfc::fuzz
