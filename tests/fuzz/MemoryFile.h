// A file that lives in memory, for the runtime readers that take a path (the events file, the
// replay file): each input is written to a memfd and read back through /proc/self/fd/N, so a
// target runs the reader's real code — opening, reading line by line — without touching a
// disk or leaving files behind. One per process; not thread-safe (libFuzzer runs one input at a
// time).
#pragma once

#include <string>
#include <string_view>

namespace wfc::fuzz {

// Replaces the file's contents with `bytes` and returns its path.
const std::string &memoryFile(std::string_view bytes);

}  // namespace wfc::fuzz
