#include "common/JsonReader.h"

#include "common/JsonNesting.h"
#include "common/Utf8.h"
#include "wfc/error.h"

#include <string>

namespace wfc {

using Json = nlohmann::ordered_json;

Json readJson(std::string_view text) {
  if (nestsDeeperThan(text))
    throw Error(ErrorKind::InvalidJson, "invalid JSON: arrays and objects nest deeper than " +
                                            std::to_string(kMaxJsonNesting) + " levels");
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::exception &e) {
    // A syntax error (parse_error), or a number too large for a double (out_of_range 406:
    // "number overflow parsing '1e400'"), which must not escape as anything but bad JSON.
    std::string what = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 7: …" → keep the position.
    // The message quotes the bytes last read, which need not be UTF-8: it is repaired, since an
    // error message ends up in JSON (a report, a trace, an HTTP answer).
    std::string::size_type tag = what.find("] ");
    throw Error(ErrorKind::InvalidJson, "invalid JSON: " + repairUtf8(tag == std::string::npos ? what : what.substr(tag + 2)));
  }
}

Json readJsonOrDiscarded(std::string_view text) {
  if (nestsDeeperThan(text)) return Json(Json::value_t::discarded);
  return Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
}

}  // namespace wfc
