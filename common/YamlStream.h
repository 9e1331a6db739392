// Reading the one YAML document a file must hold (a pack, a schema, a bindings file) without
// yaml-cpp 0.7's YAML::LoadAll, which loops forever — growing until the kernel kills the process
// — on some malformed input such as "\n,\n": its parser then reports an empty document at the
// same token on every call, never consuming it (fixed upstream in 0.8). Here the parser is
// called a bounded number of times and a call that makes no progress is a syntax error.
//
// Compiled into both the compiler's front end and the runtime (one source, two libraries).
#pragma once

#include <nlohmann/json.hpp>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>

namespace wfc::yaml {

// What a file holds beyond its first document.
struct DocumentStream {
  bool empty = true;                       // the text holds no document at all
  std::optional<YAML::Mark> second;        // where a second document starts, if one does
  std::optional<YAML::Mark> stuck;         // a token no YAML value may start with: a syntax error
  std::string stuckText;                   // that token's first character, for the message
};

struct FirstDocument : DocumentStream {
  YAML::Node node;  // the first document (read also when a second follows); null when none
};

// Throws YAML::Exception (a ParserException for a syntax error), as YAML::Load does.
FirstDocument loadFirstDocument(const std::string &text);

// Parses `text` once, handing the first document's events to `firstDocument` when given (a reader
// that builds its own tree, without yaml-cpp's nodes: the compiler's DocNodes), with the same
// checks as loadFirstDocument. When it returns with neither `stuck` nor `second` set, the handler
// has seen one whole document (or none: `empty`). Throws YAML::Exception as loadFirstDocument does.
DocumentStream parseFirstDocument(const std::string &text, YAML::EventHandler *firstDocument);

// yaml-cpp 0.7 decodes the escapes "\_" (U+00A0) and "\N" (U+0085) of a double-quoted scalar
// to one byte each (0xA0, 0x85), not to their two bytes of UTF-8. Given a scalar's text read from
// UTF-8 input, puts back the character the escape stands for; false when the text holds other
// invalid UTF-8, not yaml-cpp's doing (left for the reader to refuse).
bool repairDecodedEscapes(std::string &text);

// A scalar's JSON value by the YAML 1.2 core schema: true/false, null (also empty and ~),
// integers, finite numbers, otherwise the text. A quoted or !!str-tagged scalar is a string
// whatever it looks like.
nlohmann::ordered_json coreScalar(const YAML::Node &node);

// The YAML 1.2 core schema's forms, matched by hand (std::regex costs half a million
// instructions to compile at every start of an executable, and recurses per character — a
// 100,000-digit scalar overflows the stack):
bool isCoreInt(std::string_view text);    // [-+]?[0-9]+
bool isCoreFloat(std::string_view text);  // [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?

}  // namespace wfc::yaml
