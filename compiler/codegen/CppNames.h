// Safe C++ spellings for pack names and values: identifiers for step ids, tool and composition
// names (SPEC §2.1 "Codegen maps ids to C++ identifiers safely"), and string literals.
#pragma once

#include <llvm/ADT/StringRef.h>

#include <set>
#include <string>

namespace wfc::codegen {

// Hands out identifiers, each unique within the table: characters C++ does not allow become
// '_', a keyword gets a trailing '_', a leading digit or underscore gets a letter in front (so
// no name is reserved: no leading '_', no '__'), and a clash gets a numeric suffix.
class NameTable {
 public:
  std::string add(llvm::StringRef name);

 private:
  std::set<std::string> used_;
};

// A C++ keyword (or alternative token): not usable as any identifier.
bool isCppKeyword(llvm::StringRef name);

// A C++ string literal, quoted and escaped: "a\"b\n".
std::string cppString(llvm::StringRef text);
// A raw string literal R"json(...)json" whose delimiter does not occur in the text.
std::string rawString(llvm::StringRef text);

}  // namespace wfc::codegen
