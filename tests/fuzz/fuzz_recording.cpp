// The recording reader (docs/recording.md "Format"; core/llm/Recording.h): a --replay file — JSON
// Lines, a header, then one exchange per line — loaded by ReplayProvider, which checks it whole,
// then asked for an exchange as a run would ask: the first exchange of step `classify`, the step
// of the seed recordings (a mutated key still misses it, which is an answer too). The input is
// the file's bytes, read from memory through the reader's real path-based code (MemoryFile.h).
//
// Invariants checked besides crashes: loading throws only wfc::Error (a usage error naming the
// line: exit 2); a replayed exchange answers with a reply or a wfc::Error, nothing else.
#include "FuzzTarget.h"
#include "MemoryFile.h"

#include "core/llm/Recording.h"
#include "wfc/cancellation.h"
#include "wfc/error.h"

#include <exception>
#include <optional>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string &path = wfc::fuzz::memoryFile(wfc::fuzz::asText(data, size));
  std::optional<wfc::llm::ReplayProvider> replay;
  try {
    replay.emplace(path);
  } catch (const wfc::Error &) {
    return 0;  // not a recording, or a malformed line: exit 2 before the run starts
  } catch (const std::exception &e) {
    wfc::fuzz::fail(std::string("loading a recording threw something other than wfc::Error: ") + e.what());
  }
  (void)replay->header().dump();
  wfc::llm::ExchangeKey key;
  key.step = "classify";
  wfc::CancellationToken cancel;
  try {
    // As a stream too (--stream replays a recording piece by piece): the pieces rebuild the text.
    std::string text;
    wfc::llm::DeltaSink deltas = [&](const wfc::llm::Delta &d) {
      if (d.kind == wfc::llm::Delta::Kind::Text) text += d.text;
      return true;
    };
    wfc::llm::Reply reply = replay->complete(wfc::llm::Request(), key, cancel, &deltas);
    if (text != reply.content) wfc::fuzz::fail("a replayed reply's pieces do not add up to its text");
  } catch (const wfc::Error &) {
    // no such exchange, or a recorded failure: the step fails as it did when recorded
  }
  return 0;
}
