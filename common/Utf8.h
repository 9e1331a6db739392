// Where text stops being UTF-8: the bindings reader rejects such a file before yaml-cpp (which
// takes any bytes) reads it, and the builtin file tools reject such a file's content. JSON
// holds only UTF-8, so bytes that are not would make nlohmann-json throw when dumped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace wfc {

// The offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629:
// no overlong forms, no surrogates, nothing above U+10FFFF), or std::string_view::npos.
inline size_t invalidUtf8At(std::string_view s) {
  size_t i = 0, n = s.size();
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF)
      len = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
      len = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
      len = 4, cp = c & 0x07;
    else
      return i;
    if (i + len > n) return i;
    for (size_t k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (cc & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
      return i;
    i += len;
  }
  return std::string_view::npos;
}

// `s` with every byte that is not part of well-formed UTF-8 replaced by U+FFFD: what a program
// prints becomes a JSON string without losing the text around a stray byte.
inline std::string repairUtf8(std::string_view s) {
  size_t bad = invalidUtf8At(s);
  if (bad == std::string_view::npos) return std::string(s);
  std::string out;
  out.reserve(s.size() + 16);
  while (bad != std::string_view::npos) {
    out.append(s.substr(0, bad));
    out.append("\xEF\xBF\xBD");
    s.remove_prefix(bad + 1);
    bad = invalidUtf8At(s);
  }
  out.append(s);
  return out;
}

}  // namespace wfc
