// "Did you mean …?" suggestions by edit distance, as clang's typo correction does.
#pragma once

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/StringRef.h>

#include <optional>
#include <string>

namespace wfc {

// The candidate closest to `word` (case-insensitive edit distance), if it is close enough to
// be a plausible typo: at most (length + 2) / 3 edits away, clang's rule.
std::optional<std::string> closestMatch(llvm::StringRef word,
                                        llvm::ArrayRef<std::string> candidates);

// "; did you mean 'x'?" when a close candidate exists, else "".
std::string didYouMeanSuffix(llvm::StringRef word, llvm::ArrayRef<std::string> candidates);

// "'a', 'b' or 'c'": a list of names for messages.
std::string quotedList(llvm::ArrayRef<std::string> names, llvm::StringRef conjunction = "or");

}  // namespace wfc
