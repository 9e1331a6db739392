// Case-insensitive ASCII, for what protocols compare without case: HTTP header names and media
// types, the "Bearer" scheme, host names, method names. Locale-independent (std::tolower is not),
// and bytes past ASCII are left as they are.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

namespace wfc {

inline char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

inline std::string lowerAscii(std::string_view text) {
  std::string out(text);
  for (char &c : out) c = lowerAscii(c);
  return out;
}

inline bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lowerAscii(x) == lowerAscii(y); });
}

inline bool startsWithIgnoreCase(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && equalsIgnoreCase(text.substr(0, prefix.size()), prefix);
}

}  // namespace wfc
