#include "common/DidYouMean.h"

#include <algorithm>

namespace wfc {
namespace {

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string closestMatch(std::string_view name, const std::vector<std::string> &candidates) {
  size_t limit = (name.size() + 2) / 3, best = limit + 1;
  std::string found;
  for (const std::string &c : candidates) {
    size_t d = editDistance(name, c);
    if (d < best) best = d, found = c;
  }
  return found;
}

std::string didYouMean(std::string_view name, const std::vector<std::string> &candidates) {
  std::string match = closestMatch(name, candidates);
  return match.empty() ? "" : "; did you mean '" + match + "'?";
}

}  // namespace wfc
