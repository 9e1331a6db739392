// Small helpers shared by the unit test suites: a fresh temporary directory per test, file
// writing, line splitting and "where is this text" (line and column, 1-based, in characters).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace wfc::test {

// A directory created for one test and removed with everything in it afterwards.
class TempDir {
 public:
  TempDir() {
    const char *base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/wfc-unit-XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data())) {
      ADD_FAILURE() << "mkdtemp failed for " << pattern;
      return;
    }
    path_ = std::filesystem::path(buf.data());
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;

  const std::filesystem::path &path() const { return path_; }
  std::string str() const { return path_.string(); }

  // Writes `content` (bytes, exactly) to `relative`, creating directories; returns the path.
  std::string write(const std::string &relative, const std::string &content) const {
    std::filesystem::path p = path_ / relative;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.close();
    EXPECT_TRUE(out.good()) << "cannot write " << p;
    return p.string();
  }

 private:
  std::filesystem::path path_;
};

inline std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Splits on '\n'; a final newline does not make an empty last line.
inline std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  std::string::size_type start = 0;
  while (start < text.size()) {
    std::string::size_type nl = text.find('\n', start);
    if (nl == std::string::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

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
