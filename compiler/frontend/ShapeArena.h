// Building shapes (frontend/Shape.h): an arena that owns them, with one constructor per kind of
// shape every dialect's shape file uses — objects of a declaration type from its FieldTable
// (frontend/FieldTable.h), objects read as data from plain fields.
#pragma once

#include "frontend/FieldTable.h"
#include "frontend/Shape.h"

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace wfc {

// Owns every shape; shapes point at each other, so they must not move.
class ShapeArena {
 public:
  Shape *make(Shape::Type type, std::string what = "") {
    Shape &s = shapes_.emplace_back();
    s.type = type;
    s.what = std::move(what);
    return &s;
  }
  const Shape *str() { return string_ ? string_ : (string_ = make(Shape::Type::String)); }
  const Shape *boolean() { return bool_ ? bool_ : (bool_ = make(Shape::Type::Boolean)); }
  const Shape *number() { return number_ ? number_ : (number_ = make(Shape::Type::Number)); }
  const Shape *any() { return any_ ? any_ : (any_ = make(Shape::Type::Any)); }
  const Shape *integer(std::optional<double> min = std::nullopt) {
    Shape *s = make(Shape::Type::Integer);
    s->minimum = min;
    return s;
  }
  const Shape *numberIn(double min, double max) {
    Shape *s = make(Shape::Type::Number);
    s->minimum = min;
    s->maximum = max;
    return s;
  }
  const Shape *oneOf(std::vector<std::string> values) {
    Shape *s = make(Shape::Type::String);
    s->enumValues = std::move(values);
    return s;
  }
  const Shape *matching(const char *regex, std::string hint) {
    Shape *s = make(Shape::Type::String);
    s->pattern = std::make_shared<llvm::Regex>(regex);
    s->patternSource = regex;
    s->patternHint = std::move(hint);
    return s;
  }
  const Shape *list(const Shape *element, size_t minItems = 0) {
    Shape *s = make(Shape::Type::Array);
    s->element = element;
    s->minCount = minItems;
    return s;
  }
  const Shape *strings() { return list(str()); }
  const Shape *map(const Shape *element, size_t minEntries = 0) {
    Shape *s = make(Shape::Type::Map);
    s->element = element;
    s->minCount = minEntries;
    return s;
  }
  Shape *object(std::string what, std::vector<Field> fields, bool open = false) {
    Shape *s = make(Shape::Type::Object, std::move(what));
    s->fields = std::move(fields);
    s->open = open;
    return s;
  }
  // The object shape of declaration type D: `fields` are declared once, in D's table too, which
  // the reader reads with (frontend/FieldTable.h).
  template <typename D>
  Shape *object(std::string what, FieldTable<D> &table, const std::vector<DeclaredField<D>> &fields,
                bool open = false) {
    std::vector<Field> shapeFields = table.declare(what, fields);
    Shape *s = object(std::move(what), std::move(shapeFields), open);
    s->declaration = &typeid(D);
    return s;
  }
  const Shape *opaque() { return opaque_ ? opaque_ : (opaque_ = object("mapping", {}, true)); }
  // `shape`, or null (JSON Schema's type: [X, "null"]).
  const Shape *nullOr(const Shape *shape) {
    Shape *s = make(Shape::Type::Union, shape->what);
    const Shape *null = make(Shape::Type::Any, "null");
    s->variants = {shape};
    s->choose = [shape, null](const DocNode &n, DiagnosticEngine &) { return n.isNull() ? null : shape; };
    return s;
  }
  const Shape *unsupported(std::string message) {
    Shape *s = make(Shape::Type::Any);
    s->unsupported = std::move(message);
    return s;
  }

 private:
  std::deque<Shape> shapes_;
  const Shape *string_ = nullptr, *bool_ = nullptr, *number_ = nullptr, *any_ = nullptr,
              *opaque_ = nullptr;
};

inline Field req(std::string name, const Shape *shape) { return {std::move(name), shape, true, nullptr}; }
inline Field opt(std::string name, const Shape *shape) { return {std::move(name), shape, false, nullptr}; }

}  // namespace wfc
