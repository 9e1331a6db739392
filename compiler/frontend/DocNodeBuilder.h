// Builds a Document's located nodes straight from yaml-cpp's parser events, in the one pass that
// also checks the stream (common/YamlStream.h parseFirstDocument): no yaml-cpp node graph is
// built and then converted, which cost a second scan of the text and a shared_ptr per node
// (half of `wfc check`'s time on a 10,000-step pack).
//
// The rules are DocumentLoader's (frontend/DocumentLoader.h): scalars typed by the YAML 1.2
// core schema (quoted ones are strings), duplicate keys diagnosed, aliases share their anchor's
// node, `<<` merges (the mapping's own keys win, then earlier merged mappings), nesting and alias
// expansion bounded. Recoverable problems are diagnosed and the document is still built, so one
// run reports every error; a document too deep or too large to walk is abandoned
// (Abandoned is thrown out of the parser, and load() gives up on the file).
#pragma once

#include "frontend/Document.h"
#include "support/DiagnosticEngine.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/StringMap.h>
#include <llvm/Support/SMLoc.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/mark.h>

#include <optional>
#include <string>
#include <vector>

namespace wfc {

class DocNodeBuilder : public YAML::EventHandler {
 public:
  // Thrown out of the parser when the document is abandoned: too deep, too large through aliases,
  // or an alias that would make a cycle (already diagnosed).
  struct Abandoned {};

  // `base` is the file's first byte and `bomLength` the byte-order mark yaml-cpp did not see;
  // `unclosedQuote` where a quote opens that the raw scan found still open at the end, if any.
  DocNodeBuilder(Document &doc, const char *base, size_t bomLength, const char *unclosedQuote,
                 unsigned maxDepth, uint64_t maxExpandedNodes, bool repairEscapes, DiagnosticEngine &diags);

  llvm::SMLoc locOf(const YAML::Mark &mark) const {
    if (mark.pos < 0) return llvm::SMLoc();
    return llvm::SMLoc::getFromPointer(base_ + bomLength_ + mark.pos);
  }

  // The document's root; null for an empty document (only comments, or a bare `---`).
  const DocNode *root() const { return root_; }

  void OnDocumentStart(const YAML::Mark &) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override;
  void OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor) override;
  void OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                const std::string &value) override;
  void OnSequenceStart(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value style) override;
  void OnSequenceEnd() override;
  void OnMapStart(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value style) override;
  void OnMapEnd() override;

 private:
  // A node as a mapping key sees it: its text when it is a scalar.
  struct Key {
    std::optional<std::string> text;  // none: not a scalar
    bool plain = false;               // a plain scalar (so `<<` is the merge key)
    llvm::SMLoc loc;
    DocNode::Kind kind = DocNode::Kind::Null;
  };
  // What an anchor names: the node, and what it is as a key.
  struct Anchored {
    const DocNode *node = nullptr;
    Key asKey;
    bool open = false;  // a collection not yet ended: an alias to it would make a cycle
  };
  // A collection being read.
  struct Open {
    DocNode *node;
    YAML::anchor_t anchor;
    std::optional<Key> key;  // a mapping's key read, its value not yet
    std::vector<const DocNode *> merges;  // the values of its `<<` keys
    llvm::StringMap<size_t> index;  // key → entry, so a 200,000-key mapping stays linear
  };

  const DocNode *scalar(const YAML::Mark &mark, const std::string &tag, std::string text);
  void start(const YAML::Mark &mark, DocNode::Kind kind, YAML::anchor_t anchor);
  void end();
  // A whole node read (`key` is what it would be as a mapping key): goes where the open
  // collection puts it.
  void add(const DocNode *node, Key key);
  void addEntry(Open &map, const Key &key, const DocNode *value);
  void merge(Open &map, std::vector<DocEntry> &merged);

  Document &doc_;
  const char *base_;
  size_t bomLength_;
  const char *unclosedQuote_;
  const unsigned maxDepth_;
  const uint64_t maxExpandedNodes_;
  const bool repairEscapes_;
  DiagnosticEngine &diags_;
  std::vector<Open> open_;
  llvm::DenseMap<YAML::anchor_t, Anchored> anchors_;
  const DocNode *root_ = nullptr;
};

}  // namespace wfc
