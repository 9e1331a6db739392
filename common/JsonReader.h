// The one reader of JSON text: everything that enters the process as JSON (a model's reply, a
// tool's output, an MCP message, an HTTP body, a recording, an event file, a journal read back)
// is parsed here, so that the nesting bound of common/JsonNesting.h holds everywhere
// (docs/limits.md). `Value::parse` reads through it too. A test (lint/one-json-reader) keeps
// nlohmann's own parse out of the runtime.
#pragma once

#include <nlohmann/json.hpp>

#include <string_view>

namespace wfc {

// `text` parsed; throws wfc::Error (ErrorKind::InvalidJson, "invalid JSON: …", with the line and
// column for a syntax error) when it is not JSON or nests deeper than kMaxJsonNesting.
nlohmann::ordered_json readJson(std::string_view text);

// The same without exceptions: a discarded value (`is_discarded()`) when `readJson` would throw.
nlohmann::ordered_json readJsonOrDiscarded(std::string_view text);

}  // namespace wfc
