#include "frontend/DocumentLoader.h"

#include "common/YamlStream.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/ADT/StringMap.h>
#include <llvm/Support/ConvertUTF.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <nlohmann/json.hpp>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace wfc {
namespace {

constexpr llvm::StringLiteral kUtf8Bom = "\xEF\xBB\xBF";

// Checks the raw bytes before any parser sees them: parsers report broken encodings poorly.
bool checkText(llvm::StringRef text, const char *base, DiagnosticEngine &diags) {
  if (text.startswith("\xFF\xFE") || text.startswith("\xFE\xFF")) {
    diags.error(llvm::SMLoc::getFromPointer(base),
                "file is UTF-16 encoded; save it as UTF-8");
    return false;
  }
  const auto *p = reinterpret_cast<const llvm::UTF8 *>(text.begin());
  const auto *end = reinterpret_cast<const llvm::UTF8 *>(text.end());
  while (p < end) {
    if (*p == 0) {
      diags.error(llvm::SMLoc::getFromPointer(reinterpret_cast<const char *>(p)),
                  "file contains a NUL byte; a pack must be UTF-8 text");
      return false;
    }
    if (*p < 0x80) {
      ++p;
      continue;
    }
    unsigned n = llvm::getNumBytesForUTF8(*p);
    if (p + n > end || !llvm::isLegalUTF8Sequence(p, p + n)) {
      diags.error(llvm::SMLoc::getFromPointer(reinterpret_cast<const char *>(p)),
                  llvm::Twine("invalid UTF-8 byte 0x") + llvm::utohexstr(*p, /*LowerCase=*/true) +
                      "; a pack must be UTF-8 text");
      return false;
    }
    p += n;
  }
  return true;
}

// Strict JSON syntax check without building a DOM (nlohmann's SAX parser is not recursive, so
// deep nesting cannot overflow the stack here).
struct NullSax : nlohmann::json_sax<nlohmann::json> {
  std::size_t errorPosition = 0;
  std::string errorMessage;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t &) override { return true; }
  bool string(string_t &) override { return true; }
  bool binary(binary_t &) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t &) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &ex) override {
    errorPosition = position;
    errorMessage = ex.what();
    return false;
  }
};

std::string jsonErrorText(const std::string &what) {
  // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." →
  // "syntax error ..."
  std::string::size_type colon = what.find(": ");
  std::string text = colon == std::string::npos ? what : what.substr(colon + 2);
  while (!text.empty() && (text.back() == '.' || text.back() == ' ')) text.pop_back();
  return text;
}

// A light scan of the raw text for two things yaml-cpp handles badly:
// - deep flow nesting ("[[[[…"): yaml-cpp gives up with an exception that carries no useful
//   position, so find the first bracket past the limit ourselves;
// - a quoted scalar still open at the end of the file: yaml-cpp accepts `id: "abc` as the
//   string "abc ", so remember where such a quote opens (it is an error only if yaml-cpp read
//   a quoted scalar starting exactly there, which rules out quotes inside block scalars).
// Brackets and quotes inside quoted scalars and comments do not count.
struct RawScan {
  const char *tooDeep = nullptr;
  const char *unclosedQuote = nullptr;
};

RawScan scanRawText(llvm::StringRef text, unsigned limit) {
  RawScan scan;
  unsigned depth = 0;
  char quote = 0;
  const char *quoteStart = nullptr;
  bool comment = false;
  for (const char *p = text.begin(); p != text.end(); ++p) {
    char c = *p;
    if (comment) {
      comment = c != '\n';
      continue;
    }
    if (quote) {
      if (c == '\\' && quote == '"' && p + 1 != text.end()) ++p;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') {
      // A quote opens a quoted scalar only at the start of a token.
      if (p == text.begin() || strchr(" \t\n[{,:", p[-1])) {
        quote = c;
        quoteStart = p;
      }
    } else if (c == '#' && (p == text.begin() || p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n')) {
      comment = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) {
        scan.tooDeep = p;
        return scan;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  if (quote) scan.unclosedQuote = quoteStart;
  return scan;
}

class Converter {
 public:
  Converter(Document &doc, const char *base, size_t bomLength, const char *unclosedQuote,
            DiagnosticEngine &diags)
      : doc_(doc), base_(base), bomLength_(bomLength), unclosedQuote_(unclosedQuote), diags_(diags) {}

  const DocNode *convert(const YAML::Node &node, unsigned depth);

  llvm::SMLoc locOf(const YAML::Mark &mark) const {
    if (mark.pos < 0) return llvm::SMLoc();
    return llvm::SMLoc::getFromPointer(base_ + bomLength_ + mark.pos);
  }

 private:
  const DocNode *scalar(const YAML::Node &node);
  bool mapping(const YAML::Node &node, DocNode *out, unsigned depth);
  void merge(const DocNode *source, llvm::SMLoc at, DocNode *out, std::vector<DocEntry> &merged,
             llvm::StringMap<size_t> &index);

  Document &doc_;
  const char *base_;
  size_t bomLength_;
  const char *unclosedQuote_;
  DiagnosticEngine &diags_;
  // Nodes already converted, by source position: an alias shares its anchor's node.
  std::map<std::pair<int, int>, const DocNode *> byPosition_;
};

// The YAML 1.2 core schema's int and float forms, matched by hand: std::regex recurses per
// character and overflows the stack on a 100,000-digit scalar.
bool isDigits(llvm::StringRef s) {
  return !s.empty() && s.find_first_not_of("0123456789") == llvm::StringRef::npos;
}
bool isCoreInt(llvm::StringRef s) {  // [-+]?[0-9]+
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) s = s.drop_front();
  return isDigits(s);
}
bool isCoreFloat(llvm::StringRef s) {  // [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
  if (!s.empty() && (s.front() == '-' || s.front() == '+')) s = s.drop_front();
  size_t e = s.find_first_of("eE");
  llvm::StringRef mantissa = s.substr(0, e);
  if (e != llvm::StringRef::npos && !isCoreInt(s.substr(e + 1))) return false;
  auto [whole, frac] = mantissa.split('.');
  if (!mantissa.contains('.')) return isDigits(whole);
  if (whole.empty()) return isDigits(frac);
  return isDigits(whole) && (frac.empty() || isDigits(frac));
}

const DocNode *Converter::scalar(const YAML::Node &node) {
  DocNode *out = doc_.newNode();
  out->loc = locOf(node.Mark());
  const std::string &text = node.Scalar();
  const std::string &tag = node.Tag();
  auto asString = [&] {
    out->kind = DocNode::Kind::String;
    out->stringValue = text;
  };
  auto bad = [&](const llvm::Twine &message) {
    diags_.error(out->loc, message);
    out->kind = DocNode::Kind::Null;
    out->invalid = true;  // already diagnosed: readers must not complain about it again
  };
  auto parseInt = [&](llvm::StringRef digits, unsigned radix, bool negative) {
    uint64_t magnitude = 0;
    if (digits.getAsInteger(radix, magnitude) ||
        magnitude > (negative ? uint64_t(INT64_MAX) + 1 : uint64_t(INT64_MAX))) {
      bad("integer '" + text + "' is out of range (integers must fit in 64 bits)");
      return;
    }
    out->kind = DocNode::Kind::Int;
    out->intValue = negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
  };
  auto parseFloat = [&] {
    llvm::StringRef t(text);
    if (t == ".nan" || t == ".NaN" || t == ".NAN" || t.endswith(".inf") || t.endswith(".Inf") ||
        t.endswith(".INF")) {
      bad("'" + text + "' is not a finite number; JSON cannot represent it");
      return;
    }
    errno = 0;
    double v = std::strtod(text.c_str(), nullptr);
    if (errno == ERANGE && std::isinf(v)) {
      bad("number '" + text + "' is out of range");
      return;
    }
    out->kind = DocNode::Kind::Float;
    out->floatValue = v;
  };

  if (tag == "!") {  // quoted or block scalar: always a string
    if (unclosedQuote_ && out->loc.getPointer() == unclosedQuote_) {
      bad("unterminated quoted string: the closing " + std::string(1, *unclosedQuote_) + " is missing");
      return out;
    }
    asString();
    return out;
  }
  if (tag == "?") {  // plain scalar: the YAML 1.2 core schema decides
    llvm::StringRef t(text);
    if (t.empty() || t == "~" || t == "null" || t == "Null" || t == "NULL") {
      out->kind = DocNode::Kind::Null;
    } else if (t == "true" || t == "True" || t == "TRUE" || t == "false" || t == "False" ||
               t == "FALSE") {
      out->kind = DocNode::Kind::Bool;
      out->boolValue = t.front() == 't' || t.front() == 'T';
    } else if (isCoreInt(text)) {
      bool negative = t.front() == '-';
      parseInt(t.drop_front(t.front() == '-' || t.front() == '+' ? 1 : 0), 10, negative);
    } else if (t.size() > 2 && t.startswith("0o") &&
               t.drop_front(2).find_first_not_of("01234567") == llvm::StringRef::npos) {
      parseInt(t.drop_front(2), 8, false);
    } else if (t.size() > 2 && t.startswith("0x") &&
               t.drop_front(2).find_first_not_of("0123456789abcdefABCDEF") == llvm::StringRef::npos) {
      parseInt(t.drop_front(2), 16, false);
    } else if (isCoreFloat(text) || t.endswith(".inf") || t.endswith(".Inf") ||
               t.endswith(".INF") || t == ".nan" || t == ".NaN" || t == ".NAN") {
      parseFloat();
    } else {
      asString();
    }
    return out;
  }
  // Explicit tags.
  if (tag == "tag:yaml.org,2002:str") {
    asString();
  } else if (tag == "tag:yaml.org,2002:null") {
    out->kind = DocNode::Kind::Null;
  } else if (tag == "tag:yaml.org,2002:bool") {
    if (text == "true" || text == "false") {
      out->kind = DocNode::Kind::Bool;
      out->boolValue = text == "true";
    } else {
      bad("'" + text + "' is not a boolean; write true or false");
    }
  } else if (tag == "tag:yaml.org,2002:int") {
    llvm::StringRef t(text);
    if (isCoreInt(text))
      parseInt(t.drop_front(t.front() == '-' || t.front() == '+' ? 1 : 0), 10, t.front() == '-');
    else
      bad("'" + text + "' is not an integer");
  } else if (tag == "tag:yaml.org,2002:float") {
    if (isCoreFloat(text) || isCoreInt(text)) parseFloat();
    else bad("'" + text + "' is not a number");
  } else {
    bad("unsupported YAML tag '" + tag + "'; packs use plain YAML 1.2 core-schema values");
  }
  return out;
}

const DocNode *Converter::convert(const YAML::Node &node, unsigned depth) {
  if (depth > DocumentLoader::kMaxDepth) {
    diags_.error(locOf(node.Mark()), "nesting is deeper than " +
                                         llvm::Twine(DocumentLoader::kMaxDepth) + " levels");
    return nullptr;
  }
  switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null: {
      DocNode *out = doc_.newNode();
      out->loc = locOf(node.Mark());
      return out;
    }
    case YAML::NodeType::Scalar:
    case YAML::NodeType::Sequence:
    case YAML::NodeType::Map:
      break;
  }
  auto key = std::make_pair(node.Mark().pos, static_cast<int>(node.Type()));
  if (auto it = byPosition_.find(key); it != byPosition_.end()) return it->second;
  if (node.IsScalar()) {
    const DocNode *out = scalar(node);
    byPosition_.emplace(key, out);
    return out;
  }

  DocNode *out = doc_.newNode();
  out->loc = locOf(node.Mark());
  if (node.IsSequence()) {
    out->kind = DocNode::Kind::Sequence;
    for (YAML::const_iterator it = node.begin(); it != node.end(); ++it) {
      const YAML::Node item = *it;
      const DocNode *child = convert(item, depth + 1);
      if (!child) return nullptr;
      out->items.push_back(child);
      out->expandedSize = std::min(out->expandedSize + child->expandedSize, uint64_t(1) << 62);
    }
  } else {
    out->kind = DocNode::Kind::Mapping;
    if (!mapping(node, out, depth)) return nullptr;
  }
  if (out->expandedSize > DocumentLoader::kMaxExpandedNodes) {
    diags_.error(out->loc, "document expands to more than " +
                               llvm::Twine(DocumentLoader::kMaxExpandedNodes) +
                               " nodes through aliases");
    return nullptr;
  }
  byPosition_.emplace(key, out);
  return out;
}

bool Converter::mapping(const YAML::Node &node, DocNode *out, unsigned depth) {
  std::vector<std::pair<const DocNode *, llvm::SMLoc>> merges;
  llvm::StringMap<size_t> index;  // key → entry, so a 200,000-key mapping stays linear
  // Copies, not references: a yaml-cpp map iterator yields a temporary key/value pair, so
  // `const Node &k = it->first` would dangle (AddressSanitizer caught it).
  for (YAML::const_iterator it = node.begin(); it != node.end(); ++it) {
    const YAML::Node k = it->first;
    const YAML::Node v = it->second;
    llvm::SMLoc keyLoc = locOf(k.Mark());
    if (!k.IsScalar()) {
      diags_.error(keyLoc, "mapping keys must be plain strings, not " +
                               llvm::Twine(k.IsSequence() ? "a list" : k.IsMap() ? "a mapping" : "null"));
      continue;
    }
    const DocNode *value = convert(v, depth + 1);
    if (!value) return false;  // too deep or too large: give up on the file
    if (k.Tag() == "?" && k.Scalar() == "<<") {
      merges.emplace_back(value, keyLoc);
      continue;
    }
    if (auto found = index.find(k.Scalar()); found != index.end()) {
      diags_.error(keyLoc, "duplicate key '" + k.Scalar() + "'")
          .note(out->entries[found->second].keyLoc, "'" + k.Scalar() + "' first defined here");
      continue;
    }
    index[k.Scalar()] = out->entries.size();
    out->entries.push_back({k.Scalar(), keyLoc, value});
    out->expandedSize = std::min(out->expandedSize + value->expandedSize, uint64_t(1) << 62);
  }
  // Merge keys: the mapping's own keys win, then earlier merged mappings over later ones.
  std::vector<DocEntry> merged;
  for (auto &[source, at] : merges) merge(source, at, out, merged, index);
  for (DocEntry &e : merged) {
    out->entries.push_back(e);
    out->expandedSize = std::min(out->expandedSize + e.value->expandedSize, uint64_t(1) << 62);
  }
  return true;
}

void Converter::merge(const DocNode *source, llvm::SMLoc at, DocNode *out, std::vector<DocEntry> &merged,
                      llvm::StringMap<size_t> &index) {
  auto mergeOne = [&](const DocNode *m) {
    if (!m->isMapping()) {
      diags_.error(m->loc, "a '<<' merge key takes a mapping or a list of mappings, not " +
                               describeKind(m->kind));
      return;
    }
    for (const DocEntry &e : m->entries) {
      if (index.count(e.key)) continue;  // the mapping's own key, or an earlier merge's, wins
      index[e.key] = out->entries.size() + merged.size();
      merged.push_back(e);
    }
  };
  (void)at;
  if (source->isSequence()) {
    for (const DocNode *m : source->items) mergeOne(m);
  } else {
    mergeOne(source);
  }
}

}  // namespace

const Document *DocumentLoader::load(llvm::StringRef path, Location requestedAt,
                                     llvm::StringRef what) {
  std::string error;
  unsigned buffer = files_.open(path, error);
  if (buffer == 0) {
    if (!unopenable_.insert(path.str()).second) return nullptr;
    if (requestedAt.isValid())
      diags_.error(requestedAt, "cannot open " + what + " '" + path + "': " + error);
    else
      diags_.error(Location::inFile(path.str()), "cannot open " + what + ": " + error);
    return nullptr;
  }
  if (auto it = byBuffer_.find(buffer); it != byBuffer_.end()) return it->second.get();
  byBuffer_[buffer] = nullptr;  // a failure is remembered too: diagnosed once

  const llvm::MemoryBuffer *mb = files_.sourceMgr().getMemoryBuffer(buffer);
  llvm::StringRef text = mb->getBuffer();
  const char *base = mb->getBufferStart();
  llvm::SMLoc start = llvm::SMLoc::getFromPointer(base);
  if (!checkText(text, base, diags_)) return nullptr;
  size_t bom = text.startswith(kUtf8Bom) ? kUtf8Bom.size() : 0;
  llvm::StringRef body = text.drop_front(bom);

  if (body.trim().empty()) {
    diags_.error(start, "file is empty; expected a " + what);
    return nullptr;
  }

  llvm::StringRef ext = llvm::sys::path::extension(path);
  llvm::StringRef first = body.ltrim();
  bool json = ext.equals_insensitive(".json") ||
              (!ext.equals_insensitive(".yaml") && !ext.equals_insensitive(".yml") &&
               (first.startswith("{") || first.startswith("[")));
  if (json) {
    NullSax sax;
    bool ok = nlohmann::json::sax_parse(body.begin(), body.end(), &sax,
                                        nlohmann::json::input_format_t::json, /*strict=*/true);
    if (!ok) {
      size_t pos = sax.errorPosition == 0 ? 0 : sax.errorPosition - 1;
      if (pos > body.size()) pos = body.size();
      diags_.error(llvm::SMLoc::getFromPointer(body.begin() + pos),
                   "invalid JSON: " + jsonErrorText(sax.errorMessage));
      return nullptr;
    }
  }

  RawScan scan = scanRawText(body, kMaxDepth);
  if (const char *deep = scan.tooDeep) {
    diags_.error(llvm::SMLoc::getFromPointer(deep),
                 "nesting is deeper than " + llvm::Twine(kMaxDepth) + " levels");
    return nullptr;
  }

  auto doc = std::make_unique<Document>(path.str(), buffer);
  Converter converter(*doc, base, bom, scan.unclosedQuote, diags_);
  try {
    yaml::FirstDocument docs = yaml::loadFirstDocument(std::string(body));
    if (docs.stuck) {
      diags_.error(converter.locOf(*docs.stuck), (json ? "invalid JSON: '" : "invalid YAML: '") + docs.stuckText +
                                                     "' cannot start a value here");
      return nullptr;
    }
    if (docs.empty) {
      diags_.error(start, "file is empty; expected a " + what);
      return nullptr;
    }
    if (docs.second) {
      diags_.error(converter.locOf(*docs.second),
                   "file holds 2 YAML documents; a " + what + " is a single document (remove '---')");
      return nullptr;
    }
    // Recoverable problems (a duplicate key, a bad tag) were diagnosed and the document is
    // still read, so one run reports every error; only a document too deep or too large to
    // walk is abandoned.
    if (docs.node.IsNull()) {  // only comments, or a bare `---`
      diags_.error(start, "file is empty; expected a " + what);
      return nullptr;
    }
    const DocNode *root = converter.convert(docs.node, 0);
    if (!root) return nullptr;
    doc->setRoot(root);
  } catch (const YAML::DeepRecursion &e) {
    diags_.error(e.mark.is_null() ? start : converter.locOf(e.mark),
                 "nesting is too deep for the YAML parser (at most " + llvm::Twine(kMaxDepth) +
                     " levels are supported)");
    return nullptr;
  } catch (const YAML::Exception &e) {
    std::string msg = e.msg;
    if (!msg.empty()) msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
    diags_.error(e.mark.is_null() ? start : converter.locOf(e.mark),
                 (json ? "invalid JSON: " : "invalid YAML: ") + msg);
    return nullptr;
  }
  Document *result = doc.get();
  byBuffer_[buffer] = std::move(doc);
  return result;
}

}  // namespace wfc
