// JSON from outside the process (an MCP client's messages, an HTTP client's bodies, a batch's
// lines) is refused when it nests deeper than a bound, before it is parsed: what reads a value
// afterwards (schemas, dumps, destruction) recurses, and a line of ten million '[' must not exhaust
// the stack. Used by the MCP server (docs/mcp-server.md), the HTTP server (docs/serve.md) and batches
// (docs/batch.md).
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
