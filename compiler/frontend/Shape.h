// Shapes: a declarative description of what a document may hold, and the checker that walks
// a located Document against one, reporting every mismatch at its position.
//
// A shape is to our readers what a JSON Schema is to an editor, with two differences that make
// diagnostics good: objects are closed unless marked open (an unknown field is an error with a
// did-you-mean), and unions choose their variant by a discriminating field (`kind`) instead of
// trying every alternative, so the error names the one the author meant.
#pragma once

#include "frontend/Document.h"
#include "support/DiagnosticEngine.h"

#include <functional>
#include <optional>
#include <llvm/Support/Regex.h>

#include <memory>
#include <string>
#include <typeinfo>
#include <vector>

namespace wfc {

struct Shape;

struct Field {
  std::string name;
  const Shape *shape;
  bool required = false;
  // The declaration type of the typed AST the reader reads this field's value as (a FieldTable
  // field bound to a Located<T>, a list of T or a mapping of named T; frontend/FieldTable.h), or
  // null for a scalar or data.
  const std::type_info *declaration = nullptr;
};

struct Shape {
  enum class Type { Any, String, Integer, Number, Boolean, Object, Array, Map, Union };

  Type type = Type::Any;
  std::string what;  // how messages name a value of this shape: "step", "prompt"

  // Object: its fields; `open` objects accept unknown fields unchecked.
  std::vector<Field> fields;
  // The declaration type whose FieldTable this object's fields were declared in, or null for an
  // object the reader keeps whole as data (frontend/FieldTable.h).
  const std::type_info *declaration = nullptr;
  bool open = false;
  // Unknown fields unlike any known one are accepted with a warning, not an error: for formats
  // whose producers add fields freely (the workflow registry, docs/registry.md). One within a
  // did-you-mean's distance of a known field is still an error: a misspelling.
  bool lenient = false;
  // Array items or Map values.
  const Shape *element = nullptr;
  // Array minItems / Map minProperties.
  size_t minCount = 0;
  // Scalars.
  std::vector<std::string> enumValues;
  std::optional<double> minimum, maximum;
  // POSIX extended syntax, which is also valid ECMAScript (the editor schema copies it).
  // llvm::Regex, not std::regex: the latter recurses per character and overflows the stack
  // on a long value.
  std::shared_ptr<llvm::Regex> pattern;
  std::string patternSource;
  std::string patternHint;  // "must start with a letter or '_' …"
  // Union: picks the shape this node is meant to have, reporting (and returning null) when it
  // cannot tell.
  std::function<const Shape *(const DocNode &, DiagnosticEngine &)> choose;
  // What a union may be, for the editor schema (`wfc schema`): its variants, and for a
  // discriminated union the field that tells them apart and each variant's value of it.
  std::vector<const Shape *> variants;
  std::string discriminator;
  std::vector<std::string> discriminatorValues;  // parallel to `variants`
  // A union that is an object with constraints across fields (termination: at least one of).
  std::vector<std::vector<std::string>> requireOneOf;
  // A value wfc does not support: its presence is an error with this message.
  std::string unsupported;

  std::vector<std::string> fieldNames() const;
};

// Walks `node` against `shape`. `name` is how the value is referred to ("'steps'").
class ShapeChecker {
 public:
  explicit ShapeChecker(DiagnosticEngine &diags) : diags_(diags) {}
  // `label` names an object in messages when it has no `id` of its own (a map key: "'main'").
  // `keyLoc` is where the key that holds this value is written: errors about a whole block
  // collection ("missing required field", "at least 2 items") point there, at the line the
  // author reads as the collection's start.
  void check(const DocNode &node, const Shape &shape, const std::string &name,
             const std::string &label = "", llvm::SMLoc keyLoc = {});

 private:
  void checkObject(const DocNode &node, const Shape &shape, const std::string &label,
                   llvm::SMLoc at);
  DiagnosticEngine &diags_;
};

// "a string", "an integer", … for the expected side of a type mismatch.
std::string describeShapeType(const Shape &shape);

}  // namespace wfc
