// Reading the one YAML document a file must hold (a pack, a schema, a bindings file) without
// yaml-cpp 0.7's YAML::LoadAll, which loops forever — growing until the kernel kills the process
// — on some malformed input such as "\n,\n": its parser then reports an empty document at the
// same token on every call, never consuming it (fixed upstream in 0.8). Here the parser is
// called a bounded number of times and a call that makes no progress is a syntax error.
//
// Compiled into both the compiler's front end and the runtime (one source, two libraries).
#pragma once

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>

namespace wfc::yaml {

struct FirstDocument {
  YAML::Node node;                         // the first document; null when there is none
  bool empty = true;                       // the text holds no document at all
  std::optional<YAML::Mark> second;        // where a second document starts, if one does
  std::optional<YAML::Mark> stuck;         // a token no YAML value may start with: a syntax error
  std::string stuckText;                   // that token's first character, for the message
};

// Throws YAML::Exception (a ParserException for a syntax error), as YAML::Load does.
FirstDocument loadFirstDocument(const std::string &text);

// A scalar's JSON value by the YAML 1.2 core schema: true/false, null (also empty and ~),
// integers, finite numbers, otherwise the text. A quoted or !!str-tagged scalar is a string
// whatever it looks like.
nlohmann::ordered_json coreScalar(const YAML::Node &node);

}  // namespace wfc::yaml
