// A TOML document as JSON (docs/awl.md "Actions": read-file's toml format), read with toml++.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace wfc::awl {

// Throws wfc::Error (StepFailed) naming `path`, the line and column of a syntax error.
nlohmann::ordered_json parseToml(const std::string &text, const std::string &path);

}  // namespace wfc::awl
