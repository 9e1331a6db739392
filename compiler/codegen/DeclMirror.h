// A typed mirror of one of the runtime's table types (wfc::StepDecl, wfc::CompositionDecl, … in
// include/wfc/program.h): a struct with a member per field of the table type, of the same name
// and in the same order, holding the C++ initializer text the generated table gives that field.
// An emitter fills one; the Printer writes it as a designated initializer (docs/codegen.md
// "Tables").
//
// Why not a list of (name, text) pairs: the generated file's designated initializers must name
// real fields, in declaration order, or the *generated* C++ does not compile — at a user's site,
// long after wfc was built — and a pair whose name nobody writes out is silently dropped. A
// mirror moves all of that into wfc's own build. It is declared from the list of the table
// type's field names (an X-macro), and WFC_DECL_MIRROR checks at compile time that
//   - each name is a data member of the table type (a misspelled or removed field fails),
//   - the names are in the table type's declaration order (what designated initializers need),
//   - there are as many names as the table type has fields (a field added to program.h and not
//     to its mirror fails).
// An emitter writes only members that exist, so it cannot misspell one either.
#pragma once

#include "codegen/Printer.h"

#include <concepts>
#include <cstddef>
#include <iterator>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace wfc::codegen {

// One field of a mirrored table row: its initializer's C++ text, and an optional trailing comment.
// Empty text: the field keeps the default its declaration gives it, and is not written.
struct FieldText {
  std::string text, comment;

  FieldText() = default;
  // Implicit, so that emitters read like the tables they write: `row.run = "run_" + name;`,
  // `row.maxSteps = {"50", "PromptKit's default max_rounds"};`.
  FieldText(std::string initializer, std::string trailingComment = "")  // NOLINT
      : text(std::move(initializer)), comment(std::move(trailingComment)) {}
  FieldText(const char *initializer) : text(initializer) {}  // NOLINT
};

namespace mirror_detail {

// Converts to any type, so that `Decl{AnyField{}, …}` with N of them is well-formed exactly when
// the aggregate Decl has at least N fields. Used only in unevaluated operands.
struct AnyField {
  template <typename T>
  operator T() const;  // NOLINT
};

// The number of fields of the aggregate `Decl`: the most AnyFields it can be initialized from.
template <typename Decl, typename... Fields>
constexpr std::size_t fieldCount() {
  if constexpr (requires { Decl{Fields{}..., AnyField{}}; }) return fieldCount<Decl, Fields..., AnyField>();
  else return sizeof...(Fields);
}

// Whether the offsets grow strictly: the mirror lists the fields in declaration order.
template <std::size_t N>
constexpr bool inDeclarationOrder(const std::size_t (&offsets)[N]) {
  for (std::size_t i = 1; i < N; ++i)
    if (offsets[i] <= offsets[i - 1]) return false;
  return true;
}

}  // namespace mirror_detail

// What the Printer needs of a mirror: the C++ type it mirrors, and its fields to write.
template <typename Mirror>
concept DeclMirror = requires(const Mirror &m) {
  { Mirror::kType } -> std::convertible_to<const char *>;
  { m.fieldsToWrite() } -> std::same_as<InitFields>;
};

// `const TYPE NAME = {…};` and `const TYPE NAME[] = {…};` (Printer.h) of mirrors: the type is the
// mirrored one.
template <DeclMirror Mirror>
void emitInitializer(Printer &p, const std::string &name, const Mirror &fields) {
  emitInitializer(p, Mirror::kType, name, fields.fieldsToWrite());
}

template <DeclMirror Mirror>
void emitInitializerTable(Printer &p, const std::string &name, const std::vector<Mirror> &rows) {
  std::vector<InitFields> written;
  for (const Mirror &row : rows) written.push_back(row.fieldsToWrite());
  emitInitializerTable(p, Mirror::kType, name, written);
}

// `{.a = x, .b = y}`, on one line: the value of a field whose type is itself a table type (a
// registry route, a state's artifacts). Comments are not written.
template <DeclMirror Mirror>
std::string inlineInitializer(const Mirror &fields) {
  std::string list;
  for (const InitField &f : fields.fieldsToWrite()) list += (list.empty() ? "." : ", .") + f.name + " = " + f.value;
  return "{" + list + "}";
}

}  // namespace wfc::codegen

// Declares `struct MIRROR`, the mirror of table type DECL whose field names FIELDS lists:
// FIELDS(F) must expand to F(name) for each field of DECL, in declaration order.
#define WFC_DECL_MIRROR(MIRROR, DECL, FIELDS)                                                             \
  struct MIRROR {                                                                                         \
    using Mirrored = DECL;                                                                                \
    static constexpr const char *kType = #DECL;                                                           \
    FIELDS(WFC_DECL_MIRROR_MEMBER)                                                                        \
    /* The fields given, in declaration order. */                                                         \
    InitFields fieldsToWrite() const {                                                                    \
      InitFields fields;                                                                                  \
      FIELDS(WFC_DECL_MIRROR_WRITE)                                                                       \
      return fields;                                                                                      \
    }                                                                                                     \
    FIELDS(WFC_DECL_MIRROR_IS_FIELD)                                                                      \
    static constexpr std::size_t kOffsets[] = {FIELDS(WFC_DECL_MIRROR_OFFSET)};                           \
  };                                                                                                      \
  static_assert(std::is_standard_layout_v<DECL>, #DECL " is plain data, so its fields have offsets");    \
  static_assert(::wfc::codegen::mirror_detail::inDeclarationOrder(MIRROR::kOffsets),                      \
                #MIRROR " lists the fields of " #DECL " in declaration order");                           \
  static_assert(::wfc::codegen::mirror_detail::fieldCount<DECL>() == std::size(MIRROR::kOffsets),         \
                #MIRROR " lists every field of " #DECL ": add the new field to its list")

#define WFC_DECL_MIRROR_MEMBER(name) ::wfc::codegen::FieldText name;
#define WFC_DECL_MIRROR_WRITE(name) \
  if (!name.text.empty()) fields.push_back({#name, name.text, name.comment});
#define WFC_DECL_MIRROR_IS_FIELD(name)                                     \
  static_assert(std::is_member_object_pointer_v<decltype(&Mirrored::name)>, \
                "'" #name "' is a data member of the mirrored table type");
#define WFC_DECL_MIRROR_OFFSET(name) offsetof(Mirrored, name),
