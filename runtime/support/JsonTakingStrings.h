// JSON text parsed as nlohmann::ordered_json::parse parses it — same values, same errors — but
// with one copy of each string fewer. nlohmann's DOM builder copies every string (and key) out of
// its lexer's buffer into the value; this builder, fed by the library's own SAX interface
// (ordered_json::sax_parse), takes the buffer instead. For a large body — a request to --serve up
// to --max-body, mostly one long string — that copy is as large as the body (docs/limits.md).
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wfc {

namespace json_taking_strings {

// nlohmann's SAX interface (ordered_json::sax_parse) building the value as its DOM builder does.
struct Builder {
  using Json = nlohmann::ordered_json;
  Json root;
  std::vector<Json *> open;  // the arrays and objects being filled, innermost last
  Json *member = nullptr;    // the object member the next value is, after its key

  bool add(Json &&value) {
    if (open.empty()) {
      root = std::move(value);
    } else if (open.back()->is_array()) {
      open.back()->push_back(std::move(value));
    } else {
      *member = std::move(value);
    }
    return true;
  }
  bool begin(Json &&container) {
    if (open.empty()) {
      root = std::move(container);
      open.push_back(&root);
    } else if (open.back()->is_array()) {
      open.back()->push_back(std::move(container));
      open.push_back(&open.back()->back());
    } else {
      *member = std::move(container);
      open.push_back(member);
    }
    return true;
  }
  bool null() { return add(Json(nullptr)); }
  bool boolean(bool b) { return add(Json(b)); }
  bool number_integer(Json::number_integer_t n) { return add(Json(n)); }
  bool number_unsigned(Json::number_unsigned_t n) { return add(Json(n)); }
  bool number_float(Json::number_float_t n, const Json::string_t &) { return add(Json(n)); }
  bool string(Json::string_t &s) { return add(Json(std::move(s))); }  // taken, not copied
  bool binary(Json::binary_t &b) { return add(Json::binary(std::move(b))); }
  bool start_object(std::size_t) { return begin(Json::object()); }
  // A repeated key: the last value wins, as in ordered_json::parse.
  bool key(Json::string_t &k) {
    member = &(*open.back())[std::move(k)];
    return true;
  }
  bool end_object() {
    open.pop_back();
    return true;
  }
  bool start_array(std::size_t) { return begin(Json::array()); }
  bool end_array() {
    open.pop_back();
    return true;
  }
  // Thrown as ordered_json::parse throws it: the parser passes its own type (parse_error,
  // out_of_range), which decides what a caller catches.
  template <class Exception>
  bool parse_error(std::size_t, const std::string &, const Exception &e) {
    throw e;
  }
};

}  // namespace json_taking_strings

// Throws what ordered_json::parse throws (parse_error, out_of_range for a number too large) with
// the same messages.
inline nlohmann::ordered_json parseJsonTakingStrings(std::string_view text) {
  json_taking_strings::Builder builder;
  nlohmann::ordered_json::sax_parse(text, &builder);
  return std::move(builder.root);
}

}  // namespace wfc
