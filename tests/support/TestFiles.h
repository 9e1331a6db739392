// Files for tests: a fresh temporary directory per test, and reading and writing whole files.
// What every suite shares (unit, runtime, e2e, fault), so there is one of each.
#pragma once

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

namespace wfc::test {

inline std::string readText(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Writes `text` (bytes, exactly), replacing the file.
inline void writeText(const std::filesystem::path &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

// A JSON-lines file (a trace, a server log): one value per non-empty line.
inline std::vector<nlohmann::json> jsonLines(const std::filesystem::path &path) {
  std::vector<nlohmann::json> out;
  std::istringstream in(readText(path));
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(nlohmann::json::parse(line));
  return out;
}

// The events of one kind in a trace's lines (docs/executable.md "--trace").
inline std::vector<nlohmann::json> events(const std::vector<nlohmann::json> &trace, const std::string &name) {
  std::vector<nlohmann::json> out;
  for (const nlohmann::json &e : trace)
    if (e.value("event", "") == name) out.push_back(e);
  return out;
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

// A directory created for one test (under $TMPDIR, else /tmp) and removed with everything in it
// afterwards.
class TempDir {
 public:
  TempDir() {
    const char *base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/wfc-test-XXXXXX";
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed for " + pattern);
    path_ = std::filesystem::canonical(pattern);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;

  const std::filesystem::path &path() const { return path_; }
  std::string str() const { return path_.string(); }
  std::filesystem::path operator/(const std::string &name) const { return path_ / name; }

  // Writes `content` to `relative`, creating directories; returns the path.
  std::string write(const std::string &relative, const std::string &content) const {
    std::filesystem::path p = path_ / relative;
    std::filesystem::create_directories(p.parent_path());
    writeText(p, content);
    EXPECT_EQ(readText(p), content) << "cannot write " << p;
    return p.string();
  }

 private:
  std::filesystem::path path_;
};

}  // namespace wfc::test
