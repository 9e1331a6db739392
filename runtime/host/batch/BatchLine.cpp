#include "host/batch/BatchLine.h"

#include "common/JsonNesting.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>

namespace wfc::batch {

Value lineInput(const InputLine &line) {
  if (line.tooLong)
    throw Error(ErrorKind::Usage, "the line is longer than " + std::to_string(kMaxLineBytes) + " bytes");
  if (nestsDeeperThan(line.text))
    throw Error(ErrorKind::Usage, "the line nests deeper than " + std::to_string(kMaxJsonNesting) + " levels");
  Value input;
  try {
    input = Value::parse(line.text);
  } catch (const Error &e) {
    // Value::parse says "invalid JSON: parse error at line 1, column 7: …".
    std::string why = e.what();
    if (why.rfind("invalid JSON: ", 0) == 0) why.erase(0, 14);
    throw Error(ErrorKind::Usage, "the line is not valid JSON: " + why);
  }
  if (!input.isObject()) {
    std::string shown = input.dump();
    if (shown.size() > 80) shown = shown.substr(0, 80) + "…";
    throw Error(ErrorKind::Usage, "the line must be a JSON object (the input of a run), not " + shown);
  }
  return input;
}

std::string resultLine(uint64_t line, const LineResult &result) {
  using Json = nlohmann::ordered_json;
  // Written by hand around the output: it is dumped once, as it is, not copied into another tree.
  std::string text = "{\"line\":" + std::to_string(line) + ",\"status\":" + Json(spell(result.status)).dump();
  if (result.status != journal::RunStatus::Succeeded) {
    Json error = {{"code", result.code}, {"message", result.error}};
    text += ",\"error\":" + error.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  if (result.output) text += ",\"output\":" + result.output->dump();
  return text + "}";
}

journal::RunStatus lineStatus(int code) {
  using journal::RunStatus;
  return code == 0 ? RunStatus::Succeeded : code == 4 ? RunStatus::Suspended : RunStatus::Failed;
}

}  // namespace wfc::batch
