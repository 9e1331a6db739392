// JSON from outside the process (model replies, tool outputs, MCP messages, HTTP bodies, batch
// lines, recordings, events, journals read back) is refused when it nests deeper than a bound,
// before it is parsed: what reads a value afterwards (schemas, dumps, destruction) recurses, and a
// line of ten million '[' must not exhaust the stack. common/JsonReader.h applies it to every such
// read (docs/limits.md).
#pragma once

#include <string_view>

namespace wfc {

inline constexpr int kMaxJsonNesting = 512;

// Whether `text` opens more than `limit` arrays and objects inside one another (brackets inside
// strings do not count). A cheap scan: it does not check that the text is JSON.
inline bool nestsDeeperThan(std::string_view text, int limit = kMaxJsonNesting) {
  int depth = 0;
  bool inString = false, escaped = false;
  for (char c : text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

}  // namespace wfc
