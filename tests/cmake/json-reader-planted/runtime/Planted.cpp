// A runtime source that parses JSON itself: lint/one-json-reader-catches expects the check to fail.
#include <nlohmann/json.hpp>
int planted(const char *text) { return static_cast<int>(nlohmann::ordered_json::parse(text).size()); }
