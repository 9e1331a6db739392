// AWL's read-file and write-file (docs/awl.md "Actions"). They are the author's own file
// operations — like a shell command's — so paths are not confined to a workspace; a relative
// path is relative to the executable's current directory.
//
// read-file parses by `format`: text (the content as a string, which must be UTF-8), json, yaml
// (one document, the YAML 1.2 core schema) or toml (tables become objects, dates and times
// their TOML text). write-file replaces the file atomically (a temporary file renamed over it),
// creating missing parent directories, with `mode` (octal text, default 644).
#include "core/awl/Actions.h"
#include "core/awl/TomlDocument.h"

#include "common/Utf8.h"
#include "common/YamlStream.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace wfc::awl {
namespace {

using Json = nlohmann::ordered_json;

constexpr size_t kMaxFileBytes = size_t(256) << 20;

[[noreturn]] void fail(const std::string &message) { throw Error(ErrorKind::StepFailed, message); }

std::string readWhole(const std::string &path) {
  std::error_code ec;
  auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) fail("read-file: '" + path + "' does not exist");
  if (std::filesystem::is_directory(status)) fail("read-file: '" + path + "' is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("read-file: cannot open '" + path + "': " + std::strerror(errno));
  std::string text;
  char buffer[65536];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, size_t(in.gcount()));
    if (text.size() > kMaxFileBytes) fail("read-file: '" + path + "' is larger than 256 MiB");
  }
  return text;
}

Json yamlToJson(const YAML::Node &node, const std::string &path) {
  switch (node.Type()) {
    case YAML::NodeType::Sequence: {
      Json out = Json::array();
      for (const YAML::Node &item : node) out.push_back(yamlToJson(item, path));
      return out;
    }
    case YAML::NodeType::Map: {
      Json out = Json::object();
      for (const auto &kv : node) {
        if (!kv.first.IsScalar())
          fail("read-file: '" + path + "' line " + std::to_string(kv.first.Mark().line + 1) +
               ": a mapping key must be a plain scalar to be read as JSON");
        out[kv.first.Scalar()] = yamlToJson(kv.second, path);
      }
      return out;
    }
    case YAML::NodeType::Scalar: return yaml::coreScalar(node);
    default: return nullptr;
  }
}

Value parseYaml(const std::string &text, const std::string &path) {
  try {
    yaml::FirstDocument doc = yaml::loadFirstDocument(text);
    if (doc.stuck)
      fail("read-file: '" + path + "' line " + std::to_string(doc.stuck->line + 1) + ": invalid YAML at '" +
           doc.stuckText + "'");
    if (doc.second)
      fail("read-file: '" + path + "' holds more than one YAML document (a second starts on line " +
           std::to_string(doc.second->line + 1) + ")");
    return Value::fromJson(yamlToJson(doc.node, path));
  } catch (const YAML::Exception &e) {
    fail("read-file: '" + path + "' line " + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
}

}  // namespace

Value readFile(const Value &args) {
  const std::string path = stringArgument(args, "path", "read-file");
  const std::string format = stringArgument(args, "format", "read-file", "text");
  std::string text = readWhole(path);
  if (format == "text") {
    if (size_t bad = invalidUtf8At(text); bad != std::string::npos)
      fail("read-file: '" + path + "' is not UTF-8 text (byte " + std::to_string(bad) + ")");
    return Value::string(text);
  }
  if (format == "json") {
    try {
      return Value::parse(text);
    } catch (const Error &e) {
      fail("read-file: '" + path + "': " + e.what());
    }
  }
  // yaml-cpp and the TOML reader take any bytes; JSON values hold only UTF-8.
  if (format == "yaml" || format == "toml")
    if (size_t bad = invalidUtf8At(text); bad != std::string::npos)
      fail("read-file: '" + path + "' is not UTF-8 text (byte " + std::to_string(bad) + ")");
  if (format == "yaml") return parseYaml(text, path);
  if (format == "toml") return Value::fromJson(parseToml(text, path));
  fail("read-file: unknown format '" + format + "' (text, json, yaml or toml)");
}

Value writeFile(const Value &args) {
  const std::string path = stringArgument(args, "path", "write-file");
  std::optional<Value> content = args.get("content");
  std::string text = !content || content->isNull() ? std::string() : content->toText();
  std::string modeText = stringArgument(args, "mode", "write-file", "644");
  char *end = nullptr;
  unsigned long mode = std::strtoul(modeText.c_str(), &end, 8);
  if (modeText.empty() || *end != '\0' || mode > 07777)
    fail("write-file: mode '" + modeText + "' is not an octal file mode such as 644");

  std::filesystem::path target(path);
  std::error_code ec;
  if (target.has_parent_path()) {
    std::filesystem::create_directories(target.parent_path(), ec);
    if (ec) fail("write-file: cannot create the directory of '" + path + "': " + ec.message());
  }
  std::string temp = path + ".wfc-XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0) fail("write-file: cannot write next to '" + path + "': " + std::strerror(errno));
  size_t done = 0;
  bool ok = true;
  while (ok && done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    ok = n > 0;
    if (ok) done += size_t(n);
  }
  int e = errno;
  ok = ok && ::fchmod(fd, mode_t(mode)) == 0 && ::fsync(fd) == 0;
  if (!ok) e = errno;
  ::close(fd);
  if (!ok || ::rename(temp.c_str(), path.c_str()) != 0) {
    if (ok) e = errno;
    ::unlink(temp.c_str());
    fail("write-file: cannot write '" + path + "': " + std::strerror(e));
  }
  return Value::object({{"path", Value::string(path)}, {"bytes", Value::integer(int64_t(text.size()))}});
}

}  // namespace wfc::awl
