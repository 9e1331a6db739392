#include "common/YamlStream.h"

#include "common/Utf8.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include <yaml-cpp/eventhandler.h>

#include <sstream>
#include <unordered_set>
#include <vector>

namespace wfc::yaml {
namespace {

// Hands the first document's events to the reader's handler and notes where each document
// starts; the rest of a later document is of no interest here.
class FirstDocumentEvents : public YAML::EventHandler {
 public:
  explicit FirstDocumentEvents(YAML::EventHandler *first) : first_(first) {}
  std::vector<YAML::Mark> starts;

  void OnDocumentStart(const YAML::Mark &mark) override {
    starts.push_back(mark);
    if (reading()) first_->OnDocumentStart(mark);
  }
  void OnDocumentEnd() override {
    if (reading()) first_->OnDocumentEnd();
    done_ = true;
  }
  void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override {
    if (reading()) first_->OnNull(mark, anchor);
  }
  void OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor) override {
    if (reading()) first_->OnAlias(mark, anchor);
  }
  void OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                const std::string &value) override {
    if (reading()) first_->OnScalar(mark, tag, anchor, value);
  }
  void OnSequenceStart(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value style) override {
    if (reading()) first_->OnSequenceStart(mark, tag, anchor, style);
  }
  void OnSequenceEnd() override {
    if (reading()) first_->OnSequenceEnd();
  }
  void OnMapStart(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value style) override {
    if (reading()) first_->OnMapStart(mark, tag, anchor, style);
  }
  void OnMapEnd() override {
    if (reading()) first_->OnMapEnd();
  }

 private:
  bool reading() const { return first_ && !done_; }
  YAML::EventHandler *first_;
  bool done_ = false;
};

// Throws a syntax error at a NUL byte: yaml-cpp reads one as the end of its input and mangles
// the bytes around it into other characters (even invalid UTF-8), so it is refused here, at the
// byte, for every reader.
void refuseNul(const std::string &text) {
  size_t nul = text.find('\0');
  if (nul == std::string::npos) return;
  YAML::Mark mark;
  size_t lineStart = text.rfind('\n', nul == 0 ? 0 : nul - 1);
  lineStart = lineStart == std::string::npos || nul == 0 ? 0 : lineStart + 1;
  mark.pos = static_cast<int>(nul);
  mark.line = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(lineStart), '\n'));
  mark.column = static_cast<int>(nul - lineStart);
  throw YAML::ParserException(mark, "a NUL byte; YAML text cannot hold one (write \"\\0\" in a quoted string)");
}

void repairEscape(YAML::Node node) {
  std::string repaired = node.Scalar();
  if (invalidUtf8At(repaired) == std::string::npos || !repairDecodedEscapes(repaired)) return;
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

bool repairDecodedEscapes(std::string &text) {
  for (size_t bad = invalidUtf8At(text); bad != std::string::npos; bad = invalidUtf8At(text)) {
    unsigned char c = static_cast<unsigned char>(text[bad]);
    if (c != 0xA0 && c != 0x85) return false;
    text.insert(bad, 1, '\xC2');
  }
  return true;
}

DocumentStream parseFirstDocument(const std::string &text, YAML::EventHandler *firstDocument) {
  refuseNul(text);
  DocumentStream out;
  std::istringstream in(text);
  YAML::Parser parser(in);
  FirstDocumentEvents documents(firstDocument);
  // Three calls at most: the first document, a second one, and a third that tells a stuck
  // second call (no progress: the same token again; yaml-cpp 0.7's YAML::LoadAll loops forever
  // there) from a real second document.
  int calls = 0;
  while (calls < 3 && parser.HandleNextDocument(documents)) ++calls;
  const std::vector<YAML::Mark> &starts = documents.starts;
  if (calls == 0) return out;
  out.empty = false;
  auto stuckAt = [&](const YAML::Mark &mark) {
    out.stuck = mark;
    if (mark.pos >= 0 && static_cast<size_t>(mark.pos) < text.size()) out.stuckText = text.substr(mark.pos, 1);
  };
  if (calls >= 2 && starts[1].pos == starts[0].pos) stuckAt(starts[0]);
  else if (calls == 3 && starts[2].pos == starts[1].pos) stuckAt(starts[1]);
  else if (calls >= 2) out.second = starts[1];
  return out;
}

FirstDocument loadFirstDocument(const std::string &text) {
  // The stream's checks first (no reader: a document's events are of no interest), then
  // yaml-cpp's nodes of the first document. Two parses: these files (bindings, skills) are small.
  FirstDocument out;
  static_cast<DocumentStream &>(out) = parseFirstDocument(text, nullptr);
  if (out.empty || out.stuck) return out;  // a second document: the first is still read
  out.node = YAML::Load(text);
  if (text.find("\\_") != std::string::npos || text.find("\\N") != std::string::npos) {
    std::unordered_set<int> seen;
    repairEscapes(out.node, seen);
  }
  return out;
}

namespace {

bool isDigits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

}  // namespace

bool isCoreInt(std::string_view s) {
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
  return isDigits(s);
}

bool isCoreFloat(std::string_view s) {
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
  size_t e = s.find_first_of("eE");
  std::string_view mantissa = s.substr(0, e);
  if (e != std::string_view::npos && !isCoreInt(s.substr(e + 1))) return false;
  size_t dot = mantissa.find('.');
  if (dot == std::string_view::npos) return isDigits(mantissa);
  std::string_view whole = mantissa.substr(0, dot), frac = mantissa.substr(dot + 1);
  if (whole.empty()) return isDigits(frac);
  return isDigits(whole) && (frac.empty() || isDigits(frac));
}

nlohmann::ordered_json coreScalar(const YAML::Node &node) {
  const std::string &s = node.Scalar();
  // Quoted ("!") and explicitly tagged strings stay strings whatever they look like.
  if (node.Tag() == "!" || node.Tag() == "tag:yaml.org,2002:str") return s;
  if (s == "true" || s == "True" || s == "TRUE") return true;
  if (s == "false" || s == "False" || s == "FALSE") return false;
  if (s == "null" || s == "Null" || s == "NULL" || s == "~" || s.empty()) return nullptr;
  if (isCoreInt(s)) {
    errno = 0;
    long long v = std::strtoll(s.c_str(), nullptr, 10);
    if (errno != ERANGE) return int64_t(v);
  }
  if (isCoreFloat(s)) {
    // JSON has no infinity: a number too large for a double stays the text it is.
    double d = std::strtod(s.c_str(), nullptr);
    if (std::isfinite(d)) return d;
  }
  return s;
}

}  // namespace wfc::yaml
