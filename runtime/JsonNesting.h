// JSON text that nests deeper than a limit is refused before it is parsed: what reads a value
// (schemas, dumps, destructors) recurses, and a 1 MiB body of '[' would exhaust the stack. Used
// by the MCP server (docs/mcp-server.md) and the HTTP server (docs/serve.md) on what clients send.
#pragma once

#include <string_view>

namespace wfc {

inline constexpr int kMaxJsonNesting = 512;

// Whether `text` opens more than `limit` arrays and objects at once (strings are skipped).
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
