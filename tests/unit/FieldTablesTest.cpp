// Field tables (frontend/FieldTable.h): each field of a declaration is declared once, with its
// shape and the member it is read into, and the object shapes are built from those declarations.
// First the mechanism, on a declaration of the test's own; then what it guarantees for each
// dialect: its shapes build, and every field's shape is the shape of what the reader reads the
// field as, so the shape check, the editor schema and the typed AST cannot disagree.
#include "frontend/FieldTable.h"
#include "frontend/ShapeArena.h"
#include "frontend/awl/AwlAST.h"
#include "frontend/awl/AwlShape.h"
#include "frontend/promptpack/PromptPackAST.h"
#include "frontend/promptpack/PromptPackShape.h"
#include "frontend/registry/RegistryAST.h"
#include "frontend/registry/RegistryShape.h"
#include "frontend/toolcomp/ToolCompAST.h"
#include "frontend/toolcomp/ToolCompShape.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cxxabi.h>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace wfc {
namespace {

// ---- the mechanism, on a declaration of the test's own ------------------------------------------

struct ItemDecl {
  llvm::SMLoc loc;
  Located<std::string> name;
  static const FieldTable<ItemDecl> &fields();
};

struct BoxDecl {
  llvm::SMLoc loc;
  Located<std::string> label;
  Located<int64_t> size;
  Located<std::vector<ItemDecl>> items;
  DataField extra;
  std::vector<ItemDecl> seal;  // at most one, read by readSeal
  static const FieldTable<BoxDecl> &fields();
};

void readSeal(BoxDecl &box, const DocEntry &e) {
  if (!e.value->isMapping()) return;
  ItemDecl item;
  readFields(item, *e.value);
  box.seal.push_back(std::move(item));
}

// A box is a small one (label, size) or a full one (label, items, extra, seal, note): two
// variants of one declaration, as a step's kinds are.
struct ToyShapes {
  ShapeArena a;
  FieldTable<ItemDecl> itemFields;
  FieldTable<BoxDecl> boxFields;
  const Shape *item = nullptr, *small = nullptr, *full = nullptr;

  ToyShapes() {
    item = a.object("item", itemFields, {req("name", a.str(), &ItemDecl::name)});
    small = a.object("box", boxFields,
                     {req("label", a.str(), &BoxDecl::label), opt("size", a.integer(0), &BoxDecl::size)});
    full = a.object("box", boxFields,
                    {req("label", a.str(), &BoxDecl::label), opt("items", a.list(item), &BoxDecl::items),
                     opt("extra", a.opaque(), &BoxDecl::extra), opt("seal", item, readAs<ItemDecl>(&readSeal)),
                     opt("note", a.str(), unread("informational"))});
  }
};

const ToyShapes &toyShapes() {
  static const ToyShapes s;
  return s;
}

const FieldTable<ItemDecl> &ItemDecl::fields() { return toyShapes().itemFields; }
const FieldTable<BoxDecl> &BoxDecl::fields() { return toyShapes().boxFields; }

std::vector<std::string> namesOf(const std::vector<Field> &fields) {
  std::vector<std::string> names;
  for (const Field &f : fields) names.push_back(f.name);
  return names;
}

bool declares(const std::type_info *declaration, const std::type_info &type) {
  return declaration && *declaration == type;
}

TEST(FieldTableTest, AnObjectShapeHoldsExactlyItsDeclaredFieldsInOrder) {
  const ToyShapes &s = toyShapes();
  EXPECT_EQ(namesOf(s.small->fields), (std::vector<std::string>{"label", "size"}));
  EXPECT_EQ(namesOf(s.full->fields), (std::vector<std::string>{"label", "items", "extra", "seal", "note"}));
  EXPECT_TRUE(s.full->fields[0].required);
  EXPECT_FALSE(s.full->fields[1].required);
  EXPECT_EQ(s.full->fields[1].shape->element, s.item);
  EXPECT_EQ(s.full->type, Shape::Type::Object);
  EXPECT_FALSE(s.full->open);
}

TEST(FieldTableTest, ShapesAndFieldsSayWhichDeclarationTheyRead) {
  const ToyShapes &s = toyShapes();
  EXPECT_TRUE(declares(s.full->declaration, typeid(BoxDecl)));
  EXPECT_TRUE(declares(s.item->declaration, typeid(ItemDecl)));
  EXPECT_TRUE(declares(s.full->fields[1].declaration, typeid(ItemDecl)));  // items: a list of ItemDecl
  EXPECT_TRUE(declares(s.full->fields[3].declaration, typeid(ItemDecl)));  // seal: by readSeal, as ItemDecl
  EXPECT_EQ(s.full->fields[0].declaration, nullptr);                       // label: a string
  EXPECT_EQ(s.full->fields[2].declaration, nullptr);                       // extra: data
  ShapeArena a;
  EXPECT_EQ(a.opaque()->declaration, nullptr);  // an object read as data
}

TEST(FieldTableTest, TheTableIsTheUnionOfItsVariantsFields) {
  std::vector<std::string> names;
  for (const DeclaredField<BoxDecl> &f : BoxDecl::fields().fields()) names.push_back(f.field.name);
  EXPECT_EQ(names, (std::vector<std::string>{"label", "size", "items", "extra", "seal", "note"}));
  EXPECT_EQ(BoxDecl::fields().find("note")->whyUnread, "informational");
  EXPECT_EQ(BoxDecl::fields().find("missing"), nullptr);
}

TEST(FieldTableTest, TheReaderFillsTheMembersTheFieldsBind) {
  Document doc("box.yaml", 0);
  auto node = [&](DocNode::Kind kind) {
    DocNode *n = doc.newNode();
    n->kind = kind;
    return n;
  };
  auto text = [&](const std::string &value) {
    DocNode *n = node(DocNode::Kind::String);
    n->stringValue = value;
    return n;
  };
  auto item = [&](const std::string &name) {
    DocNode *n = node(DocNode::Kind::Mapping);
    n->entries = {{"name", {}, text(name)}};
    return n;
  };
  DocNode *size = node(DocNode::Kind::Int);
  size->intValue = 3;
  DocNode *items = node(DocNode::Kind::Sequence);
  items->items = {item("bolt")};
  DocNode *box = node(DocNode::Kind::Mapping);
  box->entries = {{"label", {}, text("spares")},
                  {"size", {}, size},
                  {"items", {}, items},
                  {"extra", {}, node(DocNode::Kind::Bool)},
                  {"seal", {}, item("wax")},
                  {"note", {}, text("read by nobody")},
                  {"unknown", {}, text("reported by the shape checker, read by nobody")}};

  BoxDecl decl;
  readFields(decl, *box);
  EXPECT_EQ(*decl.label, "spares");
  EXPECT_EQ(*decl.size, 3);
  ASSERT_EQ(decl.items->size(), 1u);
  EXPECT_EQ(*decl.items->front().name, "bolt");
  EXPECT_TRUE(decl.extra);
  ASSERT_EQ(decl.seal.size(), 1u);
  EXPECT_EQ(*decl.seal.front().name, "wax");
}

TEST(FieldTableTest, ANameTwiceInOneObjectIsRejected) {
  ShapeArena a;
  FieldTable<BoxDecl> table;
  EXPECT_THROW(a.object("box", table, {req("label", a.str(), &BoxDecl::label), opt("label", a.str(), &BoxDecl::label)}),
               std::logic_error);
}

TEST(FieldTableTest, ANameBoundDifferentlyInAnotherVariantIsRejected) {
  ShapeArena a;
  FieldTable<BoxDecl> table;
  a.object("box", table, {req("label", a.str(), &BoxDecl::label)});
  EXPECT_NO_THROW(a.object("box", table, {opt("label", a.str(), &BoxDecl::label)}));  // the same binding
  EXPECT_THROW(a.object("box", table, {opt("label", a.any(), &BoxDecl::extra)}), std::logic_error);
  EXPECT_THROW(a.object("box", table, {opt("label", a.any(), readAs<ItemDecl>(&readSeal))}), std::logic_error);
  EXPECT_THROW(a.object("box", table, {opt("label", a.str(), unread("informational"))}), std::logic_error);
}

TEST(FieldTableTest, AnUnreadFieldSaysWhy) {
  ShapeArena a;
  FieldTable<BoxDecl> table;
  EXPECT_THROW(a.object("box", table, {opt("note", a.str(), unread(""))}), std::logic_error);
}

// ---- what it guarantees for each dialect --------------------------------------------------------

// The object shapes a value of `shape` may take: itself, a list's items, a mapping's values, a
// union's variants.
void objectsOf(const Shape &shape, std::vector<const Shape *> &out, std::set<const Shape *> &seen) {
  if (!seen.insert(&shape).second) return;
  if (shape.type == Shape::Type::Object) out.push_back(&shape);
  if (shape.element) objectsOf(*shape.element, out, seen);
  for (const Shape *v : shape.variants) objectsOf(*v, out, seen);
}

std::vector<const Shape *> objectsOf(const Shape &shape) {
  std::vector<const Shape *> out;
  std::set<const Shape *> seen;
  objectsOf(shape, out, seen);
  return out;
}

// "wfc::toolcomp::RollbackDecl", or "data".
std::string nameOf(const std::type_info *declaration) {
  if (!declaration) return "data";
  int status = 0;
  char *demangled = abi::__cxa_demangle(declaration->name(), nullptr, nullptr, &status);
  std::string name = status == 0 ? demangled : declaration->name();
  std::free(demangled);
  return name;
}

// Every field reachable from `root`: one the reader reads as a declaration is shaped by the
// object shapes built from that declaration's table; one it reads as data or a scalar is shaped
// by no declaration's (whose fields would then go unread).
void expectEveryFieldShapedAsItIsRead(const Shape &root) {
  std::vector<const Shape *> work = objectsOf(root);
  std::set<const Shape *> visited;
  while (!work.empty()) {
    const Shape *object = work.back();
    work.pop_back();
    if (!visited.insert(object).second) continue;
    for (const Field &f : object->fields) {
      std::vector<const Shape *> objects = objectsOf(*f.shape);
      if (f.declaration) {
        EXPECT_FALSE(objects.empty()) << "field '" << f.name << "' of '" << object->what << "' is read as "
                                      << nameOf(f.declaration) << " but its shape holds no object";
      }
      for (const Shape *o : objects) {
        bool agree = f.declaration ? declares(o->declaration, *f.declaration) : o->declaration == nullptr;
        EXPECT_TRUE(agree) << "field '" << f.name << "' of '" << object->what << "' is read as "
                           << nameOf(f.declaration) << " but shaped by '" << o->what << "', the shape of "
                           << nameOf(o->declaration);
        work.push_back(o);
      }
    }
  }
}

TEST(FieldTablesTest, PromptPackFieldsAreShapedAsTheyAreRead) {
  ASSERT_NO_THROW(promptpack::promptPackShape());
  EXPECT_TRUE(declares(promptpack::promptPackShape().declaration, typeid(promptpack::PackDecl)));
  expectEveryFieldShapedAsItIsRead(promptpack::promptPackShape());
}

TEST(FieldTablesTest, ToolCompositionFieldsAreShapedAsTheyAreRead) {
  ASSERT_NO_THROW(toolcomp::toolCompositionShape());
  std::vector<const Shape *> roots = objectsOf(toolcomp::toolCompositionShape());  // a composition or a template
  ASSERT_EQ(roots.size(), 2u);
  EXPECT_TRUE(declares(roots[0]->declaration, typeid(toolcomp::CompositionDecl)));
  EXPECT_TRUE(declares(roots[1]->declaration, typeid(toolcomp::TemplateDecl)));
  expectEveryFieldShapedAsItIsRead(toolcomp::toolCompositionShape());
}

TEST(FieldTablesTest, AwlFieldsAreShapedAsTheyAreRead) {
  ASSERT_NO_THROW(awl::awlShape());
  EXPECT_TRUE(declares(awl::awlShape().declaration, typeid(awl::FileDecl)));
  expectEveryFieldShapedAsItIsRead(awl::awlShape());
}

TEST(FieldTablesTest, RegistryFieldsAreShapedAsTheyAreRead) {
  ASSERT_NO_THROW(registry::registryShape());
  EXPECT_TRUE(declares(registry::registryShape().declaration, typeid(registry::RegistryDecl)));
  expectEveryFieldShapedAsItIsRead(registry::registryShape());
}

}  // namespace
}  // namespace wfc
