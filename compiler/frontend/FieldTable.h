// A declaration type's fields, each declared once: its name, its shape and the member of the
// typed AST it is read into (docs/development.md "Adding a dialect"). A dialect's shape file
// builds the object shapes of its declarations from these declarations (ShapeArena::object with
// a FieldTable), and the reader reads with the same table (FieldReader.h): one line drives the
// shape check, the editor schema (`wfc schema`) and the typed AST, so a field cannot be in the
// shape and missing from the AST, or the other way round.
//
//   a.object("rollback", rollbackFields,
//            {req("tool", a.str(), &RollbackDecl::tool),
//             opt("parameters", parameters, &RollbackDecl::parameters)});
//
// A field is bound to a member (its type says how it is read), to a function of its own that
// says which declaration it reads (`readAs<T>(function)`), or to nothing, with the reason
// (`unread("…")`).
#pragma once

#include "frontend/FieldReader.h"
#include "frontend/Shape.h"

#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

namespace wfc {

namespace field_table {

// The declaration type a member of type M is read as (Located<T>, a list of T or a mapping of
// named T), or void for a scalar, a list of scalars or data.
template <typename M>
struct DeclarationOf {
  using type = void;
};
template <typename T>
struct DeclarationOf<Located<T>> {
  using type = std::conditional_t<field_reader::HasFields<T>::value, T, void>;
};
template <typename T>
struct DeclarationOf<Located<std::vector<T>>> {
  using type = std::conditional_t<field_reader::HasFields<T>::value, T, void>;
};
template <typename T>
struct DeclarationOf<Located<std::vector<Named<T>>>> {
  using type = std::conditional_t<field_reader::HasFields<T>::value, T, void>;
};

template <typename M>
const std::type_info *declarationOf() {
  using T = typename DeclarationOf<M>::type;
  if constexpr (std::is_void_v<T>)
    return nullptr;
  else
    return &typeid(T);
}

}  // namespace field_table

// One field of a declaration type D: what its object shape holds, and how the reader fills D.
template <typename D>
struct DeclaredField {
  Field field;  // name, shape, required, and the declaration type its value is read as
  // Reads the entry into the declaration; null for a field read by nobody.
  std::function<void(D &, const DocEntry &)> read;
  std::string whyUnread;
  // What the field binds, to tell whether two declarations of one name (a field several variants
  // of a union share) agree: the member's address within a declaration, or the reading function.
  std::function<const void *(const D &)> memberIn;
  void (*readWith)(D &, const DocEntry &) = nullptr;

  bool bindsLike(const DeclaredField &other) const {
    if (memberIn || other.memberIn) {
      if (!memberIn || !other.memberIn) return false;
      static const D probe{};
      return memberIn(probe) == other.memberIn(probe);
    }
    return readWith == other.readWith;  // two unread fields bind alike
  }
};

// A field no stage reads: informational, or rejected by its shape as unsupported.
struct Unread {
  std::string why;
};
inline Unread unread(std::string why) { return {std::move(why)}; }

// An unread field, before the table it goes into says its declaration type.
struct UnreadField {
  Field field;
  std::string why;
  template <typename D>
  operator DeclaredField<D>() const {  // NOLINT(google-explicit-constructor): used in table literals
    DeclaredField<D> f;
    f.field = field;
    f.whyUnread = why;
    return f;
  }
};

namespace field_table {

template <typename D, typename M>
DeclaredField<D> bindMember(Field field, M D::*member) {
  DeclaredField<D> f;
  f.field = std::move(field);
  f.field.declaration = declarationOf<M>();
  f.read = [member](D &decl, const DocEntry &e) { readValue(decl.*member, *e.value, e.keyLoc); };
  f.memberIn = [member](const D &decl) -> const void * { return &(decl.*member); };
  return f;
}

template <typename D>
DeclaredField<D> bindFunction(Field field, void (*read)(D &, const DocEntry &), const std::type_info *declaration) {
  DeclaredField<D> f;
  f.field = std::move(field);
  f.field.declaration = declaration;
  f.read = read;
  f.readWith = read;
  return f;
}

}  // namespace field_table

// A required or optional field read into `member`; the member's type says how.
template <typename D, typename M>
DeclaredField<D> req(std::string name, const Shape *shape, M D::*member) {
  return field_table::bindMember(Field{std::move(name), shape, true, nullptr}, member);
}
template <typename D, typename M>
DeclaredField<D> opt(std::string name, const Shape *shape, M D::*member) {
  return field_table::bindMember(Field{std::move(name), shape, false, nullptr}, member);
}

// A function that reads a field into D by a way of its own (a union of a string and a mapping,
// one declaration held in a vector), and the declaration type T it reads the value as.
template <typename D>
struct ReadFunction {
  void (*read)(D &, const DocEntry &);
  const std::type_info *declaration;
};
template <typename T, typename D>
ReadFunction<D> readAs(void (*read)(D &, const DocEntry &)) {
  static_assert(field_reader::HasFields<T>::value, "a function reads a field as a declaration type");
  return {read, &typeid(T)};
}

template <typename D>
DeclaredField<D> req(std::string name, const Shape *shape, ReadFunction<D> read) {
  return field_table::bindFunction(Field{std::move(name), shape, true, nullptr}, read.read, read.declaration);
}
template <typename D>
DeclaredField<D> opt(std::string name, const Shape *shape, ReadFunction<D> read) {
  return field_table::bindFunction(Field{std::move(name), shape, false, nullptr}, read.read, read.declaration);
}

// An optional field no stage reads.
inline UnreadField opt(std::string name, const Shape *shape, Unread why) {
  return {Field{std::move(name), shape, false, nullptr}, std::move(why.why)};
}

// Every field of declaration type D, from every object shape built for it (ShapeArena::object):
// most declarations have one; a union's variants (a step's kinds, a predicate's forms) each add
// theirs, and the reader reads any of them (the shape checker has already reported a field the
// node's own variant does not allow).
template <typename D>
class FieldTable {
 public:
  // Adds one object shape's fields and returns them as its field list. Building the shapes stops
  // (std::logic_error) at a declaration that cannot be read as declared: a name twice in one
  // object, a name that binds differently in two variants, an unread field without a reason.
  std::vector<Field> declare(const std::string &what, const std::vector<DeclaredField<D>> &fields) {
    std::vector<Field> shapeFields;
    for (const DeclaredField<D> &f : fields) {
      const std::string &name = f.field.name;
      for (const Field &earlier : shapeFields)
        if (earlier.name == name) fail("field '" + name + "' is declared twice in '" + what + "'");
      if (!f.read && f.whyUnread.empty())
        fail("field '" + name + "' of '" + what + "' is read by nobody and says not why");
      if (const DeclaredField<D> *known = find(name)) {
        if (!known->bindsLike(f)) fail("field '" + name + "' of '" + what + "' binds differently in another variant");
      } else {
        fields_.push_back(f);
      }
      shapeFields.push_back(f.field);
    }
    return shapeFields;
  }

  const DeclaredField<D> *find(const std::string &name) const {
    for (const DeclaredField<D> &f : fields_)
      if (f.field.name == name) return &f;
    return nullptr;
  }

  const std::vector<DeclaredField<D>> &fields() const { return fields_; }

 private:
  [[noreturn]] static void fail(const std::string &message) {
    throw std::logic_error("wfc's own field declarations: " + message + " (frontend/FieldTable.h)");
  }

  std::vector<DeclaredField<D>> fields_;
};

}  // namespace wfc
