// Kubernetes and Argo manifests as YAML text (docs/deploy.md): a JSON document written in YAML's
// block style, keys in the order they were inserted, strings quoted exactly when YAML would read
// them as something else. The same document gives the same bytes.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace wfc::deploy {

using Manifest = nlohmann::ordered_json;

// One YAML document (no "---"), ending in a newline.
std::string yamlText(const Manifest &document);

// Whether `text` can be written as a plain (unquoted) YAML scalar that reads back as this string.
bool plainYamlScalar(const std::string &text);

}  // namespace wfc::deploy
