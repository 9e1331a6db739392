#include "frontend/DocumentLoader.h"

#include "common/YamlStream.h"
#include "frontend/DocNodeBuilder.h"

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
  // yaml-cpp 0.7 decodes two escapes to bytes that are not UTF-8 (common/YamlStream.h): scalars
  // are repaired only where the text may hold one.
  bool escapes = body.contains("\\_") || body.contains("\\N");
  DocNodeBuilder builder(*doc, base, bom, scan.unclosedQuote, kMaxDepth, kMaxExpandedNodes, escapes, diags_);
  try {
    yaml::DocumentStream docs = yaml::parseFirstDocument(std::string(body), &builder);
    if (docs.stuck) {
      diags_.error(builder.locOf(*docs.stuck), (json ? "invalid JSON: '" : "invalid YAML: '") + docs.stuckText +
                                                   "' cannot start a value here");
      return nullptr;
    }
    if (docs.second) {
      diags_.error(builder.locOf(*docs.second),
                   "file holds 2 YAML documents; a " + what + " is a single document (remove '---')");
      return nullptr;
    }
    // Recoverable problems (a duplicate key, a bad tag) were diagnosed and the document is
    // still read, so one run reports every error; only a document too deep or too large to
    // walk is abandoned (Abandoned, below).
    if (docs.empty || !builder.root()) {  // no document, only comments, or a bare `---`
      diags_.error(start, "file is empty; expected a " + what);
      return nullptr;
    }
    doc->setRoot(builder.root());
  } catch (const DocNodeBuilder::Abandoned &) {
    return nullptr;  // diagnosed
  } catch (const YAML::DeepRecursion &e) {
    diags_.error(e.mark.is_null() ? start : builder.locOf(e.mark),
                 "nesting is too deep for the YAML parser (at most " + llvm::Twine(kMaxDepth) +
                     " levels are supported)");
    return nullptr;
  } catch (const YAML::Exception &e) {
    std::string msg = e.msg;
    if (!msg.empty()) msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
    diags_.error(e.mark.is_null() ? start : builder.locOf(e.mark),
                 (json ? "invalid JSON: " : "invalid YAML: ") + msg);
    return nullptr;
  }
  Document *result = doc.get();
  byBuffer_[buffer] = std::move(doc);
  return result;
}

}  // namespace wfc
