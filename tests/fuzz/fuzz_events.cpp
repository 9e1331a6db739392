// The events file of external states (docs/workflows.md "External states and `--events`"; runtime/workflow/
// EventFile.h): read and checked whole by EventFile::load, then taken event by event as a
// workflow would. The input is the file's bytes, read from memory through its real path-based
// reader (MemoryFile.h).
//
// Invariants checked besides crashes: every event has a name, with no blank in it, and lines
// that only increase; a context is a JSON value.
#include "FuzzTarget.h"
#include "MemoryFile.h"

#include "wfc/error.h"
#include "core/workflow/EventFile.h"

#include <optional>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string &path = wfc::fuzz::memoryFile(wfc::fuzz::asText(data, size));
  std::optional<wfc::workflow::EventFile> file;
  try {
    file = wfc::workflow::EventFile::load(path);
  } catch (const wfc::Error &) {
    return 0;  // a malformed line: exit 2 before the run starts
  }
  unsigned lastLine = 0;
  while (std::optional<wfc::workflow::ExternalEvent> event = file->next()) {
    if (event->event.empty()) wfc::fuzz::fail("an event without a name");
    if (event->event.find_first_of(" \t") != std::string::npos) wfc::fuzz::fail("a blank in event name '" + event->event + "'");
    if (event->line <= lastLine) wfc::fuzz::fail("events out of line order");
    lastLine = event->line;
    if (event->context) (void)event->context->dump();
  }
  return 0;
}
