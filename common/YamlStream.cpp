#include "common/YamlStream.h"

#include "common/Utf8.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <regex>

#include <yaml-cpp/eventhandler.h>

#include <sstream>
#include <unordered_set>
#include <vector>

namespace wfc::yaml {
namespace {

// Notes where each document starts; the rest of a document is of no interest here.
class DocumentStarts : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> starts;

  void OnDocumentStart(const YAML::Mark &mark) override { starts.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark &, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark &, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark &, const std::string &, YAML::anchor_t, const std::string &) override {}
  void OnSequenceStart(const YAML::Mark &, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark &, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// yaml-cpp 0.7 decodes the escapes "\_" (U+00A0) and "\N" (U+0085) of a double-quoted scalar to
// one byte each — 0xA0, 0x85 — not to their two bytes of UTF-8. Every reader checks that its text
// is UTF-8 before yaml-cpp sees it, so in a scalar such a byte standing alone can only come from
// one of those escapes: it becomes the character the escape stands for.
void repairEscape(YAML::Node node) {
  const std::string &text = node.Scalar();
  size_t bad = invalidUtf8At(text);
  if (bad == std::string::npos) return;
  std::string repaired = text;
  while (bad != std::string::npos) {
    unsigned char c = static_cast<unsigned char>(repaired[bad]);
    if (c != 0xA0 && c != 0x85) return;  // not yaml-cpp's doing: left for the reader to refuse
    repaired.insert(bad, 1, '\xC2');
    bad = invalidUtf8At(repaired);
  }
  node = repaired;  // the node's tag (a quoted scalar's "!") and mark stay
}

void repairEscapes(YAML::Node node, std::unordered_set<int> &seen) {
  if (node.IsScalar()) return repairEscape(node);
  if (!node.IsMap() && !node.IsSequence()) return;
  // An alias shares its anchor's node (and mark): each collection is walked once, however often
  // it is aliased.
  if (!seen.insert(node.Mark().pos).second) return;
  if (node.IsSequence()) {
    for (YAML::Node item : node) repairEscapes(item, seen);
  } else {
    for (auto kv : node) {
      repairEscapes(kv.first, seen);
      repairEscapes(kv.second, seen);
    }
  }
}

}  // namespace

FirstDocument loadFirstDocument(const std::string &text) {
  FirstDocument out;
  // yaml-cpp reads a NUL byte as the end of its input and mangles the bytes around it into
  // other characters (even invalid UTF-8): a syntax error here, at the byte, for every reader.
  if (size_t nul = text.find('\0'); nul != std::string::npos) {
    YAML::Mark mark;
    size_t lineStart = text.rfind('\n', nul == 0 ? 0 : nul - 1);
    lineStart = lineStart == std::string::npos || nul == 0 ? 0 : lineStart + 1;
    mark.pos = static_cast<int>(nul);
    mark.line = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(lineStart), '\n'));
    mark.column = static_cast<int>(nul - lineStart);
    throw YAML::ParserException(mark, "a NUL byte; YAML text cannot hold one (write \"\\0\" in a quoted string)");
  }
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentStarts documents;
  // Three calls at most: the first document, a second one, and a third that tells a stuck
  // second call (no progress: the same token again) from a real second document.
  int calls = 0;
  while (calls < 3 && parser.HandleNextDocument(documents)) ++calls;
  const std::vector<YAML::Mark> &starts = documents.starts;
  if (calls == 0) return out;
  auto stuckAt = [&](const YAML::Mark &mark) {
    out.stuck = mark;
    if (mark.pos >= 0 && static_cast<size_t>(mark.pos) < text.size()) out.stuckText = text.substr(mark.pos, 1);
  };
  if (calls >= 2 && starts[1].pos == starts[0].pos) {
    stuckAt(starts[0]);
    return out;
  }
  if (calls == 3 && starts[2].pos == starts[1].pos) {
    stuckAt(starts[1]);
    return out;
  }
  if (calls >= 2) out.second = starts[1];
  out.node = YAML::Load(text);
  if (text.find("\\_") != std::string::npos || text.find("\\N") != std::string::npos) {
    std::unordered_set<int> seen;
    repairEscapes(out.node, seen);
  }
  out.empty = false;
  return out;
}

nlohmann::ordered_json coreScalar(const YAML::Node &node) {
  const std::string &s = node.Scalar();
  // Quoted ("!") and explicitly tagged strings stay strings whatever they look like.
  if (node.Tag() == "!" || node.Tag() == "tag:yaml.org,2002:str") return s;
  static const std::regex integer("[-+]?[0-9]+"),
      number("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
  if (s == "true" || s == "True" || s == "TRUE") return true;
  if (s == "false" || s == "False" || s == "FALSE") return false;
  if (s == "null" || s == "Null" || s == "NULL" || s == "~" || s.empty()) return nullptr;
  if (s.size() < 40 && std::regex_match(s, integer)) {
    errno = 0;
    long long v = std::strtoll(s.c_str(), nullptr, 10);
    if (errno != ERANGE) return int64_t(v);
  }
  if (s.size() < 400 && std::regex_match(s, number)) {
    // JSON has no infinity: a number too large for a double stays the text it is.
    double d = std::strtod(s.c_str(), nullptr);
    if (std::isfinite(d)) return d;
  }
  return s;
}

}  // namespace wfc::yaml
