// Safe C++ spellings for pack names and values: identifiers for step ids, tool and composition
// names (docs/codegen.md), and string literals.
#pragma once

#include <llvm/ADT/StringRef.h>

#include <functional>
#include <set>
#include <string>

namespace wfc::codegen {

// Hands out identifiers, each unique within the table: characters C++ does not allow become
// '_', a keyword gets a trailing '_', a leading digit or underscore gets a letter in front (so
// no name is reserved: no leading '_', no '__'), and a clash gets a numeric suffix.
class NameTable {
 public:
  NameTable() = default;
  // A table for a scope the generated code shares with names of its own: an identifier `taken`
  // says is in use there gets `prefix` in front.
  NameTable(std::function<bool(llvm::StringRef)> taken, std::string prefix)
      : taken_(std::move(taken)), prefix_(std::move(prefix)) {}

  std::string add(llvm::StringRef name);

 private:
  std::set<std::string> used_;
  std::function<bool(llvm::StringRef)> taken_;
  std::string prefix_;
};

// A C++ keyword (or alternative token): not usable as any identifier.
bool isCppKeyword(llvm::StringRef name);

// A C++ string literal, quoted and escaped: "a\"b\n".
std::string cppString(llvm::StringRef text);

// The shortest C++ literal that reads back as `value`: 4, 0.5, 1e-05.
std::string cppNumber(double value);
// Text for a // comment, kept on its line: control characters (a newline in a name) as escapes
// (\n, \t, \x1b), and a final backslash followed by a note, since a backslash at the end of a
// line would splice the next line into the comment.
std::string commentText(llvm::StringRef text);
// A raw string literal R"json(...)json" (`delimiter`, numbered when the text holds it), between
// kRawBegin and kRawEnd: the Printer writes what lies between them exactly as it is (its lines
// neither indented nor trimmed) and drops the two marks. Neither byte can come from a pack: pack
// text reaches generated code escaped (cppString, commentText) or as JSON, which escapes them.
std::string rawString(llvm::StringRef text, llvm::StringRef delimiter = "json");
inline constexpr char kRawBegin = '\x01';
inline constexpr char kRawEnd = '\x02';

}  // namespace wfc::codegen
