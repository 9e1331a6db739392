// Reading a shape-checked document into typed declarations, field by field, through each
// declaration type's FieldTable (frontend/FieldTable.h): the same declarations its object shapes
// were built from, so every field a shape allows is bound to a member (or says why nothing reads
// it), and the member's type says how its value is read.
//
// A value of the wrong type was reported by the shape checker; the reader leaves the field
// absent (it reads only what fits), so later stages never see ill-typed values.
#pragma once

#include "frontend/Document.h"
#include "frontend/SchemaRef.h"

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace wfc {

// A field's value as written: the value, the node holding it (for locations, also inside a
// string), and where its key is written.
template <typename T>
struct Located {
  T value{};
  const DocNode *node = nullptr;  // null: absent (or ill-typed, which the shape checker reported)
  llvm::SMLoc keyLoc;             // set whenever the key is written, even with an ill-typed value

  bool present() const { return node != nullptr; }
  // The key is written (its value may be ill-typed): later rules about a missing field stay quiet.
  bool written() const { return keyLoc.isValid(); }
  explicit operator bool() const { return present(); }
  llvm::SMLoc loc() const { return node ? node->loc : llvm::SMLoc(); }
  const T &operator*() const { return value; }
  const T *operator->() const { return &value; }
};

// A value the compiler treats as data (a step's input, a tool's arguments, an eval's params):
// the node itself.
struct DataField {
  const DocNode *node = nullptr;
  llvm::SMLoc keyLoc;
  explicit operator bool() const { return node != nullptr; }
};

// One entry of a mapping of declarations (`prompts: {name: …}`): its key, and the declaration
// when the value is a mapping (otherwise `wellFormed` is false and the shape checker reported it).
template <typename T>
struct Named {
  std::string name;
  llvm::SMLoc keyLoc;
  const DocNode *node = nullptr;
  bool wellFormed = false;
  T decl{};
};

namespace field_reader {

template <typename T, typename = void>
struct HasFields : std::false_type {};
template <typename T>
struct HasFields<T, std::void_t<decltype(T::fields())>> : std::true_type {};

template <typename T>
struct IsVector : std::false_type {};
template <typename T>
struct IsVector<std::vector<T>> : std::true_type {};

template <typename T>
struct IsNamed : std::false_type {};
template <typename T>
struct IsNamed<Named<T>> : std::true_type {};

}  // namespace field_reader

// Reads every field of `node` that `D`'s table binds into `decl`.
template <typename D>
void readFields(D &decl, const DocNode &node);

// The value of one entry, by the type of the member it goes to.
template <typename T>
void readValue(Located<T> &out, const DocNode &node, llvm::SMLoc keyLoc) {
  out.keyLoc = keyLoc;
  if (node.invalid) return;
  if constexpr (std::is_same_v<T, std::string>) {
    if (!node.isString()) return;
    out.value = node.stringValue;
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!node.isBool()) return;
    out.value = node.boolValue;
  } else if constexpr (std::is_same_v<T, int64_t>) {
    if (!node.isInt()) return;
    out.value = node.intValue;
  } else if constexpr (std::is_same_v<T, double>) {
    if (!node.isNumber()) return;
    out.value = node.asDouble();
  } else if constexpr (field_reader::HasFields<T>::value) {
    if (!node.isMapping()) return;
    readFields(out.value, node);
  } else if constexpr (field_reader::IsVector<T>::value) {
    using E = typename T::value_type;
    if (!node.isSequence()) return;
    // Room first, and declarations read in place: a step's declaration is large, and moving
    // 10,000 of them through the vector's growth was a tenth of `wfc check`'s time.
    out.value.reserve(node.items.size());
    for (const DocNode *item : node.items) {
      if constexpr (field_reader::IsNamed<E>::value) {
        static_assert(!field_reader::IsNamed<E>::value, "a list holds declarations, not named ones");
      } else if constexpr (field_reader::HasFields<E>::value) {
        if (!item->isMapping() || item->invalid) continue;
        readFields(out.value.emplace_back(), *item);
      } else {
        E element{};
        readValue(element, *item, llvm::SMLoc());
        if (element) out.value.push_back(std::move(element));
      }
    }
  } else {
    static_assert(sizeof(T) == 0, "no reader for this member type");
  }
  out.node = &node;
  out.keyLoc = keyLoc;
}

// A mapping of declarations, in source order.
template <typename T>
void readValue(Located<std::vector<Named<T>>> &out, const DocNode &node, llvm::SMLoc keyLoc) {
  out.keyLoc = keyLoc;
  if (node.invalid || !node.isMapping()) return;
  for (const DocEntry &e : node.entries) {
    Named<T> named;
    named.name = e.key;
    named.keyLoc = e.keyLoc;
    named.node = e.value;
    if constexpr (field_reader::HasFields<T>::value) {
      named.wellFormed = e.value->isMapping() && !e.value->invalid;
      if (named.wellFormed) readFields(named.decl, *e.value);
    } else {
      readValue(named.decl, *e.value, e.keyLoc);
      named.wellFormed = static_cast<bool>(named.decl);
    }
    out.value.push_back(std::move(named));
  }
  out.node = &node;
  out.keyLoc = keyLoc;
}

// A schema reference: the string as written; the reader resolves it afterwards.
inline void readValue(Located<SchemaRef> &out, const DocNode &node, llvm::SMLoc keyLoc) {
  out.keyLoc = keyLoc;
  if (node.invalid || !node.isString()) return;
  out.value.text = node.stringValue;
  out.value.loc = node.loc;
  out.node = &node;
  out.keyLoc = keyLoc;
}

inline void readValue(DataField &out, const DocNode &node, llvm::SMLoc keyLoc) {
  if (node.invalid) return;
  out.node = &node;
  out.keyLoc = keyLoc;
}

template <typename D>
void readFields(D &decl, const DocNode &node) {
  static_assert(field_reader::HasFields<D>::value, "a declaration type needs a fields() table");
  decl.loc = node.loc;
  for (const DocEntry &e : node.entries)
    if (const auto *field = D::fields().find(e.key); field && field->read) field->read(decl, e);
}

}  // namespace wfc
