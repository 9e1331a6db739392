#include "core/tools/BuiltinTools.h"

#include "common/BuiltinToolNames.h"

#include "common/Utf8.h"
#include "support/RegularFile.h"
#include "wfc/error.h"

#include <fmt/chrono.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wfc::tools {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(std::string_view tool, const std::string &message) {
  throw Error(ErrorKind::StepFailed, std::string(tool) + ": " + message);
}

std::string inQuotes(std::string_view s) { return "'" + std::string(s) + "'"; }

const char *typeName(const Value &v) {
  switch (v.type()) {
    case Value::Type::Null: return "null";
    case Value::Type::Boolean: return "a boolean";
    case Value::Type::Integer: return "an integer";
    case Value::Type::Number: return "a number";
    case Value::Type::String: return "a string";
    case Value::Type::Array: return "an array";
    case Value::Type::Object: return "an object";
  }
  return "a value";
}

// The arguments object, checked to have only `allowed` keys (null counts as {}).
void checkArguments(std::string_view tool, const Value &args, std::initializer_list<const char *> allowed) {
  if (args.isNull()) return;
  if (!args.isObject()) fail(tool, std::string("arguments must be an object, found ") + typeName(args));
  for (const std::string &key : args.keys()) {
    if (std::find_if(allowed.begin(), allowed.end(), [&](const char *a) { return key == a; }) != allowed.end())
      continue;
    std::string expected;
    for (const char *a : allowed) expected += (expected.empty() ? "" : ", ") + std::string(a);
    fail(tool, "unknown argument " + inQuotes(key) +
                   (expected.empty() ? " (it takes none)" : " (expected: " + expected + ")"));
  }
}

std::string stringArgument(std::string_view tool, const Value &args, const char *key) {
  std::optional<Value> v = args.get(key);
  if (!v) fail(tool, std::string("missing argument '") + key + "'");
  if (!v->isString()) fail(tool, std::string("argument '") + key + "' must be a string, found " + typeName(*v));
  return v->asString();
}

// Whether `path` is `root` or below it (both absolute and normalized).
bool within(const fs::path &path, const fs::path &root) {
  auto p = path.begin();
  for (auto r = root.begin(); r != root.end(); ++r, ++p) {
    if (r->empty()) continue;  // a trailing separator
    if (p == path.end() || *p != *r) return false;
  }
  return true;
}

// The refusal: a path that names a place outside, or one that gets there through a symlink.
[[noreturn]] void outside(std::string_view tool, const std::string &given, bool lexicallyInside) {
  fail(tool,
       "path " + inQuotes(given) +
           (lexicallyInside ? " resolves outside the workspace (through a symlink)" : " is outside the workspace"));
}

std::string realPath(const fs::path &path, int &err) {
  char *resolved = ::realpath(path.c_str(), nullptr);
  if (!resolved) {
    err = errno;
    return {};
  }
  std::string out(resolved);
  std::free(resolved);
  err = 0;
  return out;
}

// The real path of `given` (relative to `workspace`, or absolute), which must exist and be inside
// it, symlinks resolved; fails the call naming what is wrong (`verb`: what the tool could not do).
std::string existingInside(const fs::path &workspace, std::string_view tool, const std::string &given,
                           const char *verb) {
  const fs::path lexical = (workspace / given).lexically_normal();  // an absolute `given` replaces it
  const bool lexicallyInside = within(lexical, workspace);
  int err = 0;
  std::string real = realPath(lexical, err);
  if (real.empty()) {
    if (!lexicallyInside) outside(tool, given, false);
    if (err == ENOENT) fail(tool, inQuotes(given) + " does not exist");
    fail(tool, std::string("cannot ") + verb + " " + inQuotes(given) + ": " + std::strerror(err));
  }
  if (!within(fs::path(real), workspace)) outside(tool, given, lexicallyInside);
  return real;
}

bool validUtf8(std::string_view s) { return invalidUtf8At(s) == std::string_view::npos; }

}  // namespace

BuiltinTools::BuiltinTools() : BuiltinTools(fs::current_path()) {}

BuiltinTools::BuiltinTools(const fs::path &workspace) {
  int err = 0;
  std::string real = realPath(workspace.empty() ? fs::path(".") : workspace, err);
  if (real.empty())
    throw Error(ErrorKind::Usage, "workspace " + inQuotes(workspace.string()) + ": " + std::strerror(err));
  struct stat st {};
  if (::stat(real.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw Error(ErrorKind::Usage, "workspace " + inQuotes(workspace.string()) + " is not a directory");
  workspace_ = fs::path(real);
}

const std::vector<std::string> &BuiltinTools::names() { return builtinToolNames(); }

bool BuiltinTools::has(std::string_view name) { return isBuiltinTool(name); }

Value BuiltinTools::call(std::string_view name, const Value &args) const {
  if (name == "read_file") return readFile(args);
  if (name == "write_file") return writeFile(args);
  if (name == "list_files") return listFiles(args);
  if (name == "parse_json") return parseJson(args);
  if (name == "now") return now(args);
  throw Error(ErrorKind::Usage,
              "unknown builtin tool " + inQuotes(name) + " (builtins: read_file, write_file, list_files, parse_json, now)");
}

Value BuiltinTools::readFile(const Value &args) const {
  constexpr std::string_view tool = "read_file";
  checkArguments(tool, args, {"path"});
  const std::string given = stringArgument(tool, args, "path");
  if (given.empty()) fail(tool, "argument 'path' is empty");
  if (given.find('\0') != std::string::npos) fail(tool, "path contains a NUL byte");
  const std::string real = existingInside(workspace_, tool, given, "read");

  RegularFile file = readRegularFile(real, std::numeric_limits<size_t>::max(), O_NOFOLLOW);
  if (file.problem == RegularFile::Problem::Directory) fail(tool, inQuotes(given) + " is a directory");
  if (file.problem == RegularFile::Problem::NotRegular) fail(tool, inQuotes(given) + " is not a regular file");
  if (file.problem != RegularFile::Problem::None)
    fail(tool, "cannot read " + inQuotes(given) + ": " + std::strerror(file.error));
  std::string content = std::move(file.bytes);
  if (!validUtf8(content)) fail(tool, inQuotes(given) + " is not UTF-8 text");
  return Value::object({{"content", Value::string(content)}});
}

// A directory's entries by name, not following symlinks (a symlink is listed as one, whatever it
// points to); at most kMaxListed of them, so that a huge directory cannot flood a model's context.
Value BuiltinTools::listFiles(const Value &args) const {
  constexpr std::string_view tool = "list_files";
  constexpr size_t kMaxListed = 1000;
  checkArguments(tool, args, {"path"});
  std::string given = ".";
  if (std::optional<Value> path = args.isObject() ? args.get("path") : std::nullopt; path && !path->isNull())
    given = stringArgument(tool, args, "path");
  if (given.empty()) given = ".";
  if (given.find('\0') != std::string::npos) fail(tool, "path contains a NUL byte");
  const std::string real = existingInside(workspace_, tool, given, "list");
  std::error_code ec;
  fs::directory_iterator it(real, ec);
  if (ec) fail(tool, "cannot list " + inQuotes(given) + ": " + ec.message());
  std::vector<std::pair<std::string, Value>> found;
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (!validUtf8(name)) continue;  // a name a model could not read back
    struct stat st {};
    const char *type = "other";
    std::optional<uint64_t> size;
    if (::lstat(it->path().c_str(), &st) == 0) {
      if (S_ISREG(st.st_mode)) type = "file", size = uint64_t(st.st_size);
      else if (S_ISDIR(st.st_mode)) type = "directory";
      else if (S_ISLNK(st.st_mode)) type = "symlink";
    }
    std::vector<std::pair<std::string, Value>> entry = {{"name", Value::string(name)}, {"type", Value::string(type)}};
    if (size) entry.push_back({"size", Value::integer(int64_t(*size))});
    found.push_back({std::move(name), Value::object(std::move(entry))});
  }
  if (ec) fail(tool, "cannot list " + inQuotes(given) + ": " + ec.message());  // an increment that failed ends the loop
  std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
  const bool truncated = found.size() > kMaxListed;
  if (truncated) found.resize(kMaxListed);
  std::vector<Value> entries;
  for (auto &f : found) entries.push_back(std::move(f.second));
  return Value::object({{"entries", Value::array(std::move(entries))}, {"truncated", Value::boolean(truncated)}});
}

Value BuiltinTools::writeFile(const Value &args) const {
  constexpr std::string_view tool = "write_file";
  checkArguments(tool, args, {"path", "content"});
  const std::string given = stringArgument(tool, args, "path");
  const std::string content = stringArgument(tool, args, "content");
  if (given.empty()) fail(tool, "argument 'path' is empty");
  if (given.find('\0') != std::string::npos) fail(tool, "path contains a NUL byte");
  const fs::path lexical = (workspace_ / given).lexically_normal();
  const bool lexicallyInside = within(lexical, workspace_);
  const fs::path fileName = lexical.filename();
  if (fileName.empty() || fileName == "." || fileName == ".." || lexical == workspace_) {
    if (!lexicallyInside) outside(tool, given, false);
    fail(tool, inQuotes(given) + " does not name a file");
  }

  // The nearest existing ancestor, resolved, must be inside; then the missing directories below it
  // are created one by one, each checked again (a symlink could appear meanwhile).
  fs::path parent = lexical.parent_path();
  std::vector<fs::path> missing;
  fs::path existing = parent;
  struct stat st {};
  while (::lstat(existing.c_str(), &st) != 0) {
    if (errno != ENOENT) {
      if (!lexicallyInside) outside(tool, given, false);
      fail(tool, "cannot write " + inQuotes(given) + ": " + std::strerror(errno));
    }
    missing.push_back(existing.filename());
    existing = existing.parent_path();
  }
  int err = 0;
  std::string real = realPath(existing, err);
  if (real.empty()) {
    if (!lexicallyInside) outside(tool, given, false);
    fail(tool, "cannot write " + inQuotes(given) + ": " + std::strerror(err));
  }
  fs::path dir(real);
  if (!within(dir, workspace_)) outside(tool, given, lexicallyInside);
  for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
    fs::path next = dir / *it;
    if (::mkdir(next.c_str(), 0777) != 0 && errno != EEXIST)
      fail(tool, "cannot create directory " + inQuotes(next.string()) + ": " + std::strerror(errno));
    real = realPath(next, err);
    if (real.empty()) fail(tool, "cannot write " + inQuotes(given) + ": " + std::strerror(err));
    dir = fs::path(real);
    if (!within(dir, workspace_)) outside(tool, given, lexicallyInside);
  }
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    fail(tool, "the parent of " + inQuotes(given) + " is not a directory");

  fs::path target = dir / fileName;
  if (::lstat(target.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    real = realPath(target, err);
    if (real.empty()) fail(tool, inQuotes(given) + " is a symlink to a missing file");
    target = fs::path(real);
    if (!within(target, workspace_)) outside(tool, given, lexicallyInside);
  }
  // O_NOFOLLOW: a symlink swapped in after the checks fails the open instead of being followed.
  int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0666);
  if (fd < 0) {
    if (errno == EISDIR) fail(tool, inQuotes(given) + " is a directory");
    fail(tool, "cannot write " + inQuotes(given) + ": " + std::strerror(errno));
  }
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    fail(tool, inQuotes(given) + " is not a regular file");
  }
  size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    int e = n < 0 ? errno : EIO;
    ::close(fd);
    fail(tool, "cannot write " + inQuotes(given) + ": " + std::strerror(e));
  }
  if (::close(fd) != 0) fail(tool, "cannot write " + inQuotes(given) + ": " + std::strerror(errno));
  return Value::object({{"bytes", Value::integer(static_cast<int64_t>(content.size()))}});
}

Value BuiltinTools::parseJson(const Value &args) {
  constexpr std::string_view tool = "parse_json";
  checkArguments(tool, args, {"text"});
  const std::string text = stringArgument(tool, args, "text");
  try {
    return Value::parse(text);
  } catch (const Error &e) {
    throw Error(ErrorKind::InvalidJson, std::string(tool) + ": " + e.what());
  }
}

Value BuiltinTools::now(const Value &args) {
  checkArguments("now", args, {});
  int64_t ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  return Value::object({{"unix_ms", Value::integer(ms)}, {"iso8601", Value::string(formatIso8601(ms))}});
}

std::string BuiltinTools::formatIso8601(int64_t unixMs) {
  int64_t seconds = unixMs / 1000, millis = unixMs % 1000;
  if (millis < 0) {
    millis += 1000;
    seconds -= 1;
  }
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  return fmt::format("{:%Y-%m-%dT%H:%M:%S}.{:03}Z", tm, static_cast<int>(millis));
}

}  // namespace wfc::tools
