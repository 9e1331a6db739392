// A fuzz target without libFuzzer (docs/development.md "Fuzzing"): every file named on the command
// line — or found under a directory named there — is one input, run through the target's
// LLVMFuzzerTestOneInput exactly as the fuzzer runs it. The normal build links each target with
// this main, and ctest runs it on every committed regression input and on the seed corpus, with
// any compiler and no sanitizer runtime.
//
// What libFuzzer reports besides crashes is reported here too, so a regression of any kind fails
// its test instead of stalling or swapping the machine: an input that runs longer than
// WFC_FUZZ_TIMEOUT seconds (default 30) ends the process with status 70 (libFuzzer: -timeout),
// and the address space is capped at WFC_FUZZ_MEMORY_MB (default 2048; libFuzzer:
// -rss_limit_mb), so a memory blowup ends in std::bad_alloc rather than in the kernel's OOM
// killer.
#include "FuzzTarget.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

// libFuzzer calls LLVMFuzzerInitialize, when a target defines it, before the first input.
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

namespace {

// The input being run, for the timeout's message (a plain buffer: read in a signal handler).
char current[4096];

extern "C" void onAlarm(int) {
  const char prefix[] = "fuzz replay: timeout: the input ran too long: ";
  ssize_t ignored = ::write(STDERR_FILENO, prefix, sizeof prefix - 1);
  ignored = ::write(STDERR_FILENO, current, std::strlen(current));
  ignored = ::write(STDERR_FILENO, "\n", 1);
  (void)ignored;
  ::_exit(70);
}

unsigned envNumber(const char *name, unsigned fallback) {
  const char *text = std::getenv(name);
  return text && *text ? static_cast<unsigned>(std::stoul(text)) : fallback;
}

bool sanitized() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#endif
#endif
  return false;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " FILE|DIR...\n";
    return 2;
  }
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  // ASan reserves terabytes of address space for its shadow memory: no cap under it.
  if (!sanitized()) {
    rlim_t bytes = rlim_t(envNumber("WFC_FUZZ_MEMORY_MB", 2048)) << 20;
    rlimit limit{bytes, bytes};
    ::setrlimit(RLIMIT_AS, &limit);
  }
  unsigned timeout = envNumber("WFC_FUZZ_TIMEOUT", 30);
  std::signal(SIGALRM, onAlarm);

  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    std::filesystem::path path(argv[i]);
    if (std::filesystem::is_directory(path)) {
      for (const auto &entry : std::filesystem::recursive_directory_iterator(path))
        if (entry.is_regular_file()) inputs.push_back(entry.path().string());
    } else {
      inputs.push_back(path.string());
    }
  }
  std::sort(inputs.begin(), inputs.end());
  if (inputs.empty()) {
    std::cerr << "fuzz replay: no input files\n";
    return 2;
  }
  for (const std::string &input : inputs) {
    std::ifstream in(input, std::ios::binary);
    if (!in) {
      std::cerr << "fuzz replay: cannot read '" << input << "'\n";
      return 2;
    }
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::snprintf(current, sizeof current, "%s", input.c_str());
    ::alarm(timeout);
    // libFuzzer never passes a null pointer, even for an empty input.
    static const uint8_t empty = 0;
    LLVMFuzzerTestOneInput(bytes.empty() ? &empty : bytes.data(), bytes.size());
    ::alarm(0);
  }
  std::cout << "fuzz replay: " << inputs.size() << " input" << (inputs.size() == 1 ? "" : "s") << " ran cleanly\n";
  return 0;
}
