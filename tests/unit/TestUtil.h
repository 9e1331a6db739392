// Where a text is in a test input (line and column, 1-based, in characters), for the unit
// suites; files and temporary directories come from the shared TestFiles.h.
#pragma once

#include "TestFiles.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace wfc::test {

struct LineCol {
  unsigned line = 0;
  unsigned column = 0;
  bool operator==(const LineCol &o) const { return line == o.line && column == o.column; }
};

inline std::ostream &operator<<(std::ostream &os, const LineCol &lc) {
  return os << lc.line << ":" << lc.column;
}

// Where byte `offset` of `text` is, as an editor counts: 1-based line, and 1-based column in
// characters (UTF-8 continuation bytes do not count; a tab counts as one). A UTF-8 byte-order
// mark at the start of the text is not part of the first line's columns.
inline LineCol lineColAt(const std::string &text, std::string::size_type offset) {
  LineCol lc{1, 1};
  std::string::size_type i = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
  for (; i < offset && i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++lc.line;
      lc.column = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++lc.column;
    }
  }
  return lc;
}

// Where the `nth` (0-based) occurrence of `needle` starts in `text`.
inline LineCol lineColOf(const std::string &text, const std::string &needle, unsigned nth = 0) {
  std::string::size_type pos = text.find(needle);
  for (unsigned i = 0; i < nth && pos != std::string::npos; ++i) pos = text.find(needle, pos + 1);
  if (pos == std::string::npos) {
    ADD_FAILURE() << "'" << needle << "' not found in the test input";
    return {};
  }
  return lineColAt(text, pos);
}

}  // namespace wfc::test
