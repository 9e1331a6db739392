#include "support/DidYouMean.h"

#include <algorithm>

namespace wfc {

std::optional<std::string> closestMatch(llvm::StringRef word,
                                        llvm::ArrayRef<std::string> candidates) {
  if (word.size() < 2) return std::nullopt;  // "did you mean '1'?" for '2' helps nobody
  std::string lower = word.lower();
  unsigned maxDistance = std::max<unsigned>(1, (static_cast<unsigned>(word.size()) + 2) / 3);
  std::optional<std::string> best;
  unsigned bestDistance = maxDistance + 1;
  for (const std::string &c : candidates) {
    if (c == word) continue;
    unsigned d = llvm::StringRef(lower).edit_distance(llvm::StringRef(c).lower(),
                                                      /*AllowReplacements=*/true, maxDistance);
    if (d < bestDistance) {  // first best wins: candidates are in a stable order
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

std::string didYouMeanSuffix(llvm::StringRef word, llvm::ArrayRef<std::string> candidates) {
  if (auto m = closestMatch(word, candidates)) return "; did you mean '" + *m + "'?";
  return "";
}

std::string quotedList(llvm::ArrayRef<std::string> names, llvm::StringRef conjunction) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += (i + 1 == names.size()) ? " " + conjunction.str() + " " : std::string(", ");
    out += "'" + names[i] + "'";
  }
  return out;
}

}  // namespace wfc
