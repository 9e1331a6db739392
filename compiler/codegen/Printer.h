// The code generator's text printer, after protobuf's io::Printer: C++ is written as raw
// string templates with `$name$` variables, and indentation follows RAII scopes.
//
//   Printer p(out);
//   p.emit({{"id", "classify"}, {"kind", "prompt"}}, R"cc(
//     // step $id$ — $kind$
//     wfc::Value step_$id$(wfc::StepContext &ctx) {
//   )cc");
//   { auto indent = p.indent(); p.emit("return ctx.input();\n"); }
//   p.emit("}\n");
//
// A template's first newline and the indentation common to its lines are removed, so
// templates can be indented like the code around them. `$$` writes one `$`. A value that is a raw
// string literal (R"…") is written exactly as given, its lines neither indented nor trimmed. A variable after a
// `//` in the template's own text is pack text in a comment: it is written by commentText(). A variable the
// template uses but was not given, or one given but never used, is a code-generator bug: the
// printer records it (failed() / errors()) and the driver reports an internal error instead of
// writing half-right code.
#pragma once

#include <llvm/ADT/StringRef.h>

#include <string>
#include <utility>
#include <vector>

namespace wfc::codegen {

class Printer {
 public:
  using Vars = std::vector<std::pair<std::string, std::string>>;

  explicit Printer(std::string &out) : out_(out) {}

  void emit(const Vars &vars, llvm::StringRef text);
  void emit(llvm::StringRef text) { emit({}, text); }
  // An empty line (templates lose their first newline, so emit("\n") writes nothing).
  void blankLine() {
    out_ += '\n';
    atLineStart_ = true;
  }

  // Indents everything emitted while the returned object lives by two more spaces.
  class Indent {
   public:
    explicit Indent(Printer &p) : p_(&p) { p_->depth_ += 1; }
    Indent(Indent &&o) noexcept : p_(o.p_) { o.p_ = nullptr; }
    Indent(const Indent &) = delete;
    Indent &operator=(const Indent &) = delete;
    Indent &operator=(Indent &&) = delete;
    ~Indent() {
      if (p_) p_->depth_ -= 1;
    }

   private:
    Printer *p_;
  };
  [[nodiscard]] Indent indent() { return Indent(*this); }
  // The contents of a braced initializer list: four spaces more (two levels), as clang-format
  // indents them.
  [[nodiscard]] std::pair<Indent, Indent> bracedListIndent() { return {Indent(*this), Indent(*this)}; }

  bool failed() const { return !errors_.empty(); }
  const std::vector<std::string> &errors() const { return errors_; }

 private:
  void writeLine(llvm::StringRef line, bool indent, bool trim);

  std::string &out_;
  unsigned depth_ = 0;
  bool atLineStart_ = true;
  std::vector<std::string> errors_;
};

// ---- tables: the shapes every generated table takes, written one way ----------------------------

// One `.field = value` of a designated initializer, with an optional trailing comment.
struct InitField {
  std::string name, value, comment;
};
using InitFields = std::vector<InitField>;

// One enumerator, with an optional trailing comment (the pack's spelling of the name).
struct EnumEntry {
  std::string name, comment;
};

// `namespace NS {` `enum Id : int {` one enumerator per line `};` `}  // namespace NS`, after a
// comment line when `comment` is given.
void emitEnum(Printer &p, const std::string &comment, const std::string &ns, const std::vector<EnumEntry> &entries);

// `const TYPE NAME = {` one field per line `};`.
void emitInitializer(Printer &p, const std::string &type, const std::string &name, const InitFields &fields);

// `const TYPE NAME[] = {` one row per element `};`. A short row without comments is written on
// one line (`{.name = "x", .required = true},`), any other with one field per line.
void emitInitializerTable(Printer &p, const std::string &type, const std::string &name,
                          const std::vector<InitFields> &rows);

}  // namespace wfc::codegen
