#include "frontend/DocNodeBuilder.h"

#include "common/Utf8.h"
#include "common/YamlStream.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/ADT/Twine.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace wfc {
namespace {

using yaml::isCoreFloat;
using yaml::isCoreInt;

uint64_t saturatingAdd(uint64_t a, uint64_t b) { return std::min(a + b, uint64_t(1) << 62); }

}  // namespace

DocNodeBuilder::DocNodeBuilder(Document &doc, const char *base, size_t bomLength, const char *unclosedQuote,
                               unsigned maxDepth, uint64_t maxExpandedNodes, bool repairEscapes,
                               DiagnosticEngine &diags)
    : doc_(doc),
      base_(base),
      bomLength_(bomLength),
      unclosedQuote_(unclosedQuote),
      maxDepth_(maxDepth),
      maxExpandedNodes_(maxExpandedNodes),
      repairEscapes_(repairEscapes),
      diags_(diags) {}

const DocNode *DocNodeBuilder::scalar(const YAML::Mark &mark, const std::string &tag, std::string text) {
  DocNode *out = doc_.newNode();
  out->loc = locOf(mark);
  auto asString = [&] {
    out->kind = DocNode::Kind::String;
    out->stringValue = std::move(text);
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
    } else if (isCoreInt(t)) {
      bool negative = t.front() == '-';
      parseInt(t.drop_front(t.front() == '-' || t.front() == '+' ? 1 : 0), 10, negative);
    } else if (t.size() > 2 && t.startswith("0o") &&
               t.drop_front(2).find_first_not_of("01234567") == llvm::StringRef::npos) {
      parseInt(t.drop_front(2), 8, false);
    } else if (t.size() > 2 && t.startswith("0x") &&
               t.drop_front(2).find_first_not_of("0123456789abcdefABCDEF") == llvm::StringRef::npos) {
      parseInt(t.drop_front(2), 16, false);
    } else if (isCoreFloat(t) || t.endswith(".inf") || t.endswith(".Inf") || t.endswith(".INF") ||
               t == ".nan" || t == ".NaN" || t == ".NAN") {
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
    if (isCoreInt(t))
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

void DocNodeBuilder::OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) {
  if (open_.empty()) return;  // an empty document: no root
  DocNode *out = doc_.newNode();
  out->loc = locOf(mark);
  Key key{std::nullopt, false, out->loc, DocNode::Kind::Null};
  if (anchor) anchors_[anchor] = {out, key, false};
  add(out, key);
}

void DocNodeBuilder::OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor) {
  auto found = anchors_.find(anchor);
  if (found == anchors_.end()) {  // yaml-cpp refuses an undefined anchor before this
    diags_.error(locOf(mark), "an alias to an anchor that is not defined");
    throw Abandoned{};
  }
  if (found->second.open) {
    diags_.error(locOf(mark), "an alias inside the collection its anchor names: the value would contain itself");
    throw Abandoned{};
  }
  Anchored anchored = found->second;
  // The alias stands where it is written: a node deep enough already, placed here, nests too
  // deep for a recursive walk.
  if (open_.size() + anchored.node->height > maxDepth_) {
    diags_.error(locOf(mark), "nesting is deeper than " + llvm::Twine(maxDepth_) + " levels");
    throw Abandoned{};
  }
  add(anchored.node, anchored.asKey);
}

void DocNodeBuilder::OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                              const std::string &value) {
  std::string text = value;
  if (repairEscapes_ && invalidUtf8At(text) != std::string::npos) {
    std::string repaired = text;
    if (yaml::repairDecodedEscapes(repaired)) text = std::move(repaired);
  }
  Key key{text, tag == "?", locOf(mark), DocNode::Kind::String};
  bool isKey = !open_.empty() && open_.back().node->isMapping() && !open_.back().key;
  if (isKey && !anchor) {  // a key is its text: typed only if an alias may use it as a value
    add(nullptr, std::move(key));
    return;
  }
  if (open_.size() > maxDepth_) {
    diags_.error(locOf(mark), "nesting is deeper than " + llvm::Twine(maxDepth_) + " levels");
    throw Abandoned{};
  }
  const DocNode *node = scalar(mark, tag, std::move(text));
  if (anchor) anchors_[anchor] = {node, key, false};
  add(node, std::move(key));
}

void DocNodeBuilder::OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                                     YAML::EmitterStyle::value) {
  start(mark, DocNode::Kind::Sequence, anchor);
}

void DocNodeBuilder::OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                                YAML::EmitterStyle::value) {
  start(mark, DocNode::Kind::Mapping, anchor);
}

void DocNodeBuilder::OnSequenceEnd() { end(); }
void DocNodeBuilder::OnMapEnd() { end(); }

void DocNodeBuilder::start(const YAML::Mark &mark, DocNode::Kind kind, YAML::anchor_t anchor) {
  DocNode *node = doc_.newNode();
  node->loc = locOf(mark);
  node->kind = kind;
  if (open_.size() > maxDepth_) {
    diags_.error(node->loc, "nesting is deeper than " + llvm::Twine(maxDepth_) + " levels");
    throw Abandoned{};
  }
  node->height = 1;
  if (anchor) anchors_[anchor] = {node, Key{std::nullopt, false, node->loc, node->kind}, true};
  open_.push_back({node, anchor, std::nullopt, {}, {}});
}

void DocNodeBuilder::end() {
  Open closing = std::move(open_.back());
  open_.pop_back();
  DocNode *node = closing.node;
  if (node->isMapping() && !closing.merges.empty()) {
    std::vector<DocEntry> merged;
    merge(closing, merged);
    for (DocEntry &e : merged) {
      node->entries.push_back(e);
      node->expandedSize = saturatingAdd(node->expandedSize, e.value->expandedSize);
      node->height = std::max(node->height, e.value->height + 1);
    }
  }
  if (node->expandedSize > maxExpandedNodes_) {
    diags_.error(node->loc, "document expands to more than " + llvm::Twine(maxExpandedNodes_) +
                                " nodes through aliases");
    throw Abandoned{};
  }
  if (closing.anchor) anchors_[closing.anchor].open = false;
  add(node, Key{std::nullopt, false, node->loc, node->kind});
}

void DocNodeBuilder::add(const DocNode *node, Key key) {
  if (open_.empty()) {
    root_ = node;
    return;
  }
  Open &parent = open_.back();
  DocNode *into = parent.node;
  if (into->isSequence()) {
    into->items.push_back(node);
    into->expandedSize = saturatingAdd(into->expandedSize, node->expandedSize);
    into->height = std::max(into->height, node->height + 1);
    return;
  }
  if (!parent.key) {  // this node is a key
    if (!key.text)
      diags_.error(key.loc, "mapping keys must be plain strings, not " +
                                llvm::Twine(key.kind == DocNode::Kind::Sequence  ? "a list"
                                            : key.kind == DocNode::Kind::Mapping ? "a mapping"
                                                                                 : "null"));
    parent.key = std::move(key);
    return;
  }
  Key entryKey = std::move(*parent.key);
  parent.key.reset();
  if (!entryKey.text) return;  // diagnosed at the key: the entry is dropped
  addEntry(parent, entryKey, node);
}

void DocNodeBuilder::addEntry(Open &map, const Key &key, const DocNode *value) {
  DocNode *into = map.node;
  const std::string &name = *key.text;
  if (key.plain && name == "<<") {
    map.merges.push_back(value);
    return;
  }
  if (auto found = map.index.find(name); found != map.index.end()) {
    diags_.error(key.loc, "duplicate key '" + name + "'")
        .note(into->entries[found->second].keyLoc, "'" + name + "' first defined here");
    return;
  }
  map.index[name] = into->entries.size();
  into->entries.push_back({name, key.loc, value});
  into->expandedSize = saturatingAdd(into->expandedSize, value->expandedSize);
  into->height = std::max(into->height, value->height + 1);
}

// Merge keys: the mapping's own keys win, then earlier merged mappings over later ones.
void DocNodeBuilder::merge(Open &map, std::vector<DocEntry> &merged) {
  auto mergeOne = [&](const DocNode *m) {
    if (!m->isMapping()) {
      diags_.error(m->loc, "a '<<' merge key takes a mapping or a list of mappings, not " + describeKind(m->kind));
      return;
    }
    for (const DocEntry &e : m->entries) {
      if (map.index.count(e.key)) continue;  // the mapping's own key, or an earlier merge's, wins
      map.index[e.key] = map.node->entries.size() + merged.size();
      merged.push_back(e);
    }
  };
  for (const DocNode *source : map.merges) {
    if (source->isSequence()) {
      for (const DocNode *m : source->items) mergeOne(m);
    } else {
      mergeOne(source);
    }
  }
}

}  // namespace wfc
