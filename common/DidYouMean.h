// Suggestions for misspelled names in run-time messages (flags, tool names in bindings files),
// with the compiler's rule: the closest candidate within (length + 2) / 3 edits.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace wfc {

// The closest candidate, or "" when none is close enough.
std::string closestMatch(std::string_view name, const std::vector<std::string> &candidates);
// "; did you mean 'X'?" or "".
std::string didYouMean(std::string_view name, const std::vector<std::string> &candidates);

}  // namespace wfc
