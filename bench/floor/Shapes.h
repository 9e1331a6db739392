// The benchmark's shapes written by hand in C++ — the floor every wfc figure is divided by.
// Each does the work of the compiled workflow of the same shape with nothing in between: direct
// calls of the same native tools (native_tools.h), std::thread for the fan-out, and the
// runtime's own HTTP client for the LLM shapes (so the transport is the same on both sides).
#pragma once

#include <wfc/value.h>

#include <string>

namespace wfc::bench {

// N calls of noop, each given the last one's output as {"value": …}, starting from `seed`.
Value chain(int steps, const Value &seed);

// The chain, with one row per step committed to an SQLite database in WAL mode (synchronous
// NORMAL, or FULL) before the next step: the least a journal can cost, written straight through
// SQLite's C API — the floor of the journal figures (BENCHMARKS.md). Each call is a new run.
Value journaledChain(int steps, const Value &seed, const std::string &path, bool full);

// N threads, each calling wait_20ms once; the results in order.
Value fanout(int branches);

// The branch pack: n > 10 picks "big", else "small" (one noop call either way), then one more.
Value branch(int64_t n);

// One call of stamp: the process-start shape.
Value start();

// An agent loop of `rounds` chat-completion requests to `baseUrl` (an OpenAI-compatible server:
// the test LLM server), one tool call (noop) between requests, each request carrying the
// conversation so far, as an agent step sends it.
Value agent(const std::string &baseUrl, int rounds);

// `count` independent chat-completion requests at once (one thread each).
Value parallelPrompts(const std::string &baseUrl, int count);

}  // namespace wfc::bench
