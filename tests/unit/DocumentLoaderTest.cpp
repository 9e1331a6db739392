#include "frontend/DocumentLoader.h"

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace wfc {
namespace {

using test::LineCol;
using test::lineColOf;
using test::TempDir;

class DocumentLoaderTest : public ::testing::Test {
 protected:
  DocumentLoaderTest() : os_(out_), files_(sm_), diags_(sm_, os_), loader_(files_, diags_) {
    diags_.setErrorLimit(0);
    diags_.setConsumer([this](const Diagnostic &d) { produced_.push_back(d); });
  }

  // Writes `content` to `name` in this test's directory and loads it.
  const Document *load(const std::string &name, const std::string &content) {
    std::string path = dir_.write(name, content);
    return loader_.load(path);
  }

  LineCol where(llvm::SMLoc loc) const {
    ResolvedLocation r = diags_.resolve(Location(loc));
    return {r.line, r.column};
  }

  // "3:1: error: duplicate key 'a'" per diagnostic and note, for readable failures.
  std::vector<std::string> produced() const {
    std::vector<std::string> out;
    auto one = [&](Severity s, const Location &loc, const std::string &msg) {
      ResolvedLocation r = diags_.resolve(loc);
      out.push_back(std::to_string(r.line) + ":" + std::to_string(r.column) + ": " +
                    severityName(s).str() + ": " + msg);
    };
    for (const Diagnostic &d : produced_) {
      one(d.severity, d.location, d.message);
      for (const DiagnosticNote &n : d.notes) one(Severity::Note, n.location, n.message);
    }
    return out;
  }

  TempDir dir_;
  llvm::SourceMgr sm_;
  std::string out_;
  llvm::raw_string_ostream os_;
  SourceFiles files_;
  DiagnosticEngine diags_;
  DocumentLoader loader_;
  std::vector<Diagnostic> produced_;
};

using Kind = DocNode::Kind;

TEST_F(DocumentLoaderTest, Yaml12CoreSchemaTyping) {
  const Document *doc = load("typing.yaml",
                             "no_: no\n"
                             "yes_: yes\n"
                             "on_: on\n"
                             "off_: off\n"
                             "y_: y\n"
                             "t1: true\n"
                             "t2: True\n"
                             "t3: TRUE\n"
                             "f1: false\n"
                             "f2: False\n"
                             "oct: 0o17\n"
                             "hex: 0x1F\n"
                             "dec: -42\n"
                             "plus: +4\n"
                             "exp: 1e3\n"
                             "half: .5\n"
                             "negexp: -2.5E-3\n"
                             "tilde: ~\n"
                             "null1: null\n"
                             "null2: NULL\n"
                             "nothing:\n"
                             "quoted: \"12\"\n"
                             "squoted: 'true'\n"
                             "tagged: !!str 12\n"
                             "tagint: !!int \"7\"\n"
                             "tagfloat: !!float 3\n"
                             "tagnull: !!null ''\n"
                             "tagbool: !!bool true\n"
                             "block: |\n"
                             "  12\n"
                             "plain: hello world\n"
                             "max: 9223372036854775807\n"
                             "min: -9223372036854775808\n"
                             "200: numeric key\n");
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  EXPECT_TRUE(produced_.empty()) << ::testing::PrintToString(produced());
  const DocNode *root = doc->root();
  ASSERT_TRUE(root->isMapping());

  auto str = [&](const char *key, const char *value) {
    const DocNode *n = root->get(key);
    ASSERT_NE(n, nullptr) << key;
    EXPECT_EQ(n->kind, Kind::String) << key;
    EXPECT_EQ(n->stringValue, value) << key;
  };
  auto boolean = [&](const char *key, bool value) {
    const DocNode *n = root->get(key);
    ASSERT_NE(n, nullptr) << key;
    EXPECT_EQ(n->kind, Kind::Bool) << key;
    EXPECT_EQ(n->boolValue, value) << key;
  };
  auto integer = [&](const char *key, int64_t value) {
    const DocNode *n = root->get(key);
    ASSERT_NE(n, nullptr) << key;
    EXPECT_EQ(n->kind, Kind::Int) << key;
    EXPECT_EQ(n->intValue, value) << key;
  };
  auto number = [&](const char *key, double value) {
    const DocNode *n = root->get(key);
    ASSERT_NE(n, nullptr) << key;
    EXPECT_EQ(n->kind, Kind::Float) << key;
    EXPECT_DOUBLE_EQ(n->floatValue, value) << key;
  };
  auto null = [&](const char *key) {
    const DocNode *n = root->get(key);
    ASSERT_NE(n, nullptr) << key;
    EXPECT_EQ(n->kind, Kind::Null) << key;
    EXPECT_FALSE(n->invalid) << key;
  };

  str("no_", "no");
  str("yes_", "yes");
  str("on_", "on");
  str("off_", "off");
  str("y_", "y");
  boolean("t1", true);
  boolean("t2", true);
  boolean("t3", true);
  boolean("f1", false);
  boolean("f2", false);
  integer("oct", 15);
  integer("hex", 31);
  integer("dec", -42);
  integer("plus", 4);
  number("exp", 1000.0);
  number("half", 0.5);
  number("negexp", -0.0025);
  null("tilde");
  null("null1");
  null("null2");
  null("nothing");
  str("quoted", "12");
  str("squoted", "true");
  str("tagged", "12");
  integer("tagint", 7);
  number("tagfloat", 3.0);
  null("tagnull");
  boolean("tagbool", true);
  str("block", "12\n");
  str("plain", "hello world");
  integer("max", INT64_MAX);
  integer("min", INT64_MIN);
  str("200", "numeric key");
  EXPECT_EQ(root->entries.size(), 33u);
  EXPECT_EQ(root->entries.back().key, "200");
}

TEST_F(DocumentLoaderTest, UnreadableScalarsAreReportedOnceAndMarkedInvalid) {
  const Document *doc = load("bad.yaml",
                             "big: 9223372036854775808\n"
                             "inf: .inf\n"
                             "bin: !!binary aGVsbG8=\n"
                             "yes: !!bool yes\n");
  ASSERT_NE(doc, nullptr);
  EXPECT_EQ(produced(), (std::vector<std::string>{
                            "1:6: error: integer '9223372036854775808' is out of range (integers "
                            "must fit in 64 bits)",
                            "2:6: error: '.inf' is not a finite number; JSON cannot represent it",
                            "3:6: error: unsupported YAML tag 'tag:yaml.org,2002:binary'; packs use "
                            "plain YAML 1.2 core-schema values",
                            "4:6: error: 'yes' is not a boolean; write true or false",
                        }));
  for (const char *key : {"big", "inf", "bin", "yes"}) {
    const DocNode *n = doc->root()->get(key);
    ASSERT_NE(n, nullptr) << key;
    EXPECT_TRUE(n->invalid) << key;
    EXPECT_EQ(n->kind, Kind::Null) << key;
  }
}

// The same logical content in YAML and in JSON: every key and value is located where it is
// written, to the column.
TEST_F(DocumentLoaderTest, PositionsOfKeysAndValuesInYaml) {
  const std::string text =
      "# a comment\n"
      "id: demo\n"
      "nested:\n"
      "  inner: 42\n"
      "  list:\n"
      "    - alpha\n"
      "    - {k: v, n: 2}\n"
      "flow: [x, 'y']\n";
  const Document *doc = load("pos.yaml", text);
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  const DocNode *root = doc->root();
  const DocEntry *id = root->find("id");
  ASSERT_NE(id, nullptr);
  EXPECT_EQ(where(id->keyLoc), (LineCol{2, 1}));
  EXPECT_EQ(where(id->value->loc), (LineCol{2, 5}));
  const DocEntry *nested = root->find("nested");
  ASSERT_NE(nested, nullptr);
  EXPECT_EQ(where(nested->keyLoc), (LineCol{3, 1}));
  const DocEntry *inner = nested->value->find("inner");
  ASSERT_NE(inner, nullptr);
  EXPECT_EQ(where(inner->keyLoc), (LineCol{4, 3}));
  EXPECT_EQ(where(inner->value->loc), (LineCol{4, 10}));
  const DocEntry *list = nested->value->find("list");
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(where(list->keyLoc), (LineCol{5, 3}));
  ASSERT_TRUE(list->value->isSequence());
  ASSERT_EQ(list->value->items.size(), 2u);
  EXPECT_EQ(where(list->value->items[0]->loc), (LineCol{6, 7}));
  const DocNode *flowMap = list->value->items[1];
  EXPECT_EQ(where(flowMap->loc), (LineCol{7, 7}));
  ASSERT_NE(flowMap->find("n"), nullptr);
  EXPECT_EQ(where(flowMap->find("k")->keyLoc), (LineCol{7, 8}));
  EXPECT_EQ(where(flowMap->get("k")->loc), (LineCol{7, 11}));
  EXPECT_EQ(where(flowMap->find("n")->keyLoc), (LineCol{7, 14}));
  EXPECT_EQ(where(flowMap->get("n")->loc), (LineCol{7, 17}));
  const DocNode *flow = root->get("flow");
  ASSERT_NE(flow, nullptr);
  EXPECT_EQ(where(flow->loc), (LineCol{8, 7}));
  ASSERT_EQ(flow->items.size(), 2u);
  EXPECT_EQ(where(flow->items[0]->loc), (LineCol{8, 8}));
  EXPECT_EQ(where(flow->items[1]->loc), (LineCol{8, 11}));
  EXPECT_EQ(diags_.resolve(Location(id->keyLoc)).file, dir_.str() + "/pos.yaml");
}

TEST_F(DocumentLoaderTest, PositionsOfKeysAndValuesInJson) {
  const std::string text =
      "{\"id\": \"demo\",\n"
      " \"nested\": {\"inner\": 42,\n"
      "  \"list\": [\"alpha\", {\"k\": \"v\", \"n\": 2}]},\n"
      "\t\"flow\": [\"x\", \"y\"]}\n";
  const Document *doc = load("pos.json", text);
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  const DocNode *root = doc->root();
  EXPECT_EQ(where(root->loc), (LineCol{1, 1}));
  const DocEntry *id = root->find("id");
  ASSERT_NE(id, nullptr);
  EXPECT_EQ(where(id->keyLoc), (LineCol{1, 2}));
  EXPECT_EQ(where(id->value->loc), (LineCol{1, 8}));
  const DocEntry *nested = root->find("nested");
  ASSERT_NE(nested, nullptr);
  EXPECT_EQ(where(nested->keyLoc), (LineCol{2, 2}));
  EXPECT_EQ(where(nested->value->loc), (LineCol{2, 12}));
  const DocEntry *inner = nested->value->find("inner");
  ASSERT_NE(inner, nullptr);
  EXPECT_EQ(where(inner->keyLoc), (LineCol{2, 13}));
  EXPECT_EQ(where(inner->value->loc), (LineCol{2, 22}));
  const DocEntry *list = nested->value->find("list");
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(where(list->keyLoc), lineColOf(text, "\"list\""));
  EXPECT_EQ(where(list->keyLoc), (LineCol{3, 3}));
  EXPECT_EQ(where(list->value->loc), (LineCol{3, 11}));
  ASSERT_EQ(list->value->items.size(), 2u);
  EXPECT_EQ(where(list->value->items[0]->loc), (LineCol{3, 12}));
  const DocNode *obj = list->value->items[1];
  EXPECT_EQ(where(obj->loc), lineColOf(text, "{\"k\""));
  EXPECT_EQ(where(obj->find("k")->keyLoc), lineColOf(text, "\"k\""));
  EXPECT_EQ(where(obj->get("k")->loc), lineColOf(text, "\"v\""));
  EXPECT_EQ(where(obj->find("n")->keyLoc), lineColOf(text, "\"n\""));
  EXPECT_EQ(where(obj->get("n")->loc), lineColOf(text, "2}"));
  const DocEntry *flow = root->find("flow");
  ASSERT_NE(flow, nullptr);
  EXPECT_EQ(where(flow->keyLoc), (LineCol{4, 2})) << "a tab is one column";
  EXPECT_EQ(where(flow->value->items[1]->loc), (LineCol{4, 16}));
  // Same logical content as the YAML form: same values.
  EXPECT_EQ(root->get("id")->stringValue, "demo");
  EXPECT_EQ(inner->value->intValue, 42);
}

TEST_F(DocumentLoaderTest, ByteOrderMarkIsSkippedInYamlAndJsonPositions) {
  const Document *y = load("bom.yaml", "\xEF\xBB\xBFid: demo\nname: n\n");
  ASSERT_NE(y, nullptr) << ::testing::PrintToString(produced());
  EXPECT_EQ(where(y->root()->find("id")->keyLoc), (LineCol{1, 1}));
  EXPECT_EQ(where(y->root()->get("id")->loc), (LineCol{1, 5}));
  EXPECT_EQ(where(y->root()->find("name")->keyLoc), (LineCol{2, 1}));
  const Document *j = load("bom.json", "\xEF\xBB\xBF{\"id\": \"demo\",\n \"name\": \"n\"}\n");
  ASSERT_NE(j, nullptr) << ::testing::PrintToString(produced());
  EXPECT_EQ(where(j->root()->find("id")->keyLoc), (LineCol{1, 2}));
  EXPECT_EQ(where(j->root()->get("id")->loc), (LineCol{1, 8}));
  EXPECT_EQ(where(j->root()->find("name")->keyLoc), (LineCol{2, 2}));
}

TEST_F(DocumentLoaderTest, ByteOrderMarkDoesNotShiftLaterLines) {
  const Document *y = load("bom.yaml", "\xEF\xBB\xBFid: demo\nname: n\n");
  ASSERT_NE(y, nullptr) << ::testing::PrintToString(produced());
  EXPECT_TRUE(produced_.empty());
  EXPECT_EQ(y->root()->get("id")->stringValue, "demo");
  EXPECT_EQ(where(y->root()->find("name")->keyLoc), (LineCol{2, 1}));
  EXPECT_EQ(where(y->root()->get("name")->loc), (LineCol{2, 7}));
  const Document *j = load("bom.json", "\xEF\xBB\xBF{\"id\": \"demo\",\n \"name\": \"n\"}\n");
  ASSERT_NE(j, nullptr) << ::testing::PrintToString(produced());
  EXPECT_EQ(where(j->root()->find("name")->keyLoc), (LineCol{2, 2}));
  EXPECT_EQ(where(j->root()->get("name")->loc), (LineCol{2, 10}));
}

TEST_F(DocumentLoaderTest, MultiByteUtf8BeforeTheValueCountsAsCharacters) {
  const std::string yaml = "meta: {title: \"h\xC3\xA9llo w\xC3\xB6rld \xE2\x80\x94\", count: 7}\n";
  const Document *y = load("utf8.yaml", yaml);
  ASSERT_NE(y, nullptr) << ::testing::PrintToString(produced());
  const DocNode *meta = y->root()->get("meta");
  ASSERT_NE(meta, nullptr);
  EXPECT_EQ(where(meta->find("count")->keyLoc), (LineCol{1, 32}));
  EXPECT_EQ(where(meta->get("count")->loc), (LineCol{1, 39}));
  const std::string json =
      "{\"meta\": {\"title\": \"h\xC3\xA9llo w\xC3\xB6rld \xE2\x80\x94\", \"count\": 7}}\n";
  const Document *j = load("utf8.json", json);
  ASSERT_NE(j, nullptr) << ::testing::PrintToString(produced());
  const DocNode *jm = j->root()->get("meta");
  EXPECT_EQ(where(jm->find("count")->keyLoc), lineColOf(json, "\"count\""));
  EXPECT_EQ(where(jm->find("count")->keyLoc), (LineCol{1, 37}));
  EXPECT_EQ(where(jm->get("count")->loc), (LineCol{1, 46}));
}

TEST_F(DocumentLoaderTest, MultiByteUtf8ValuesAreKeptAndLaterLinesUnaffected) {
  const Document *y = load("utf8.yaml",
                           "title: \"h\xC3\xA9llo \xE2\x80\x94 \xF0\x9F\x98\x80\"\n"
                           "count: 7\n");
  ASSERT_NE(y, nullptr) << ::testing::PrintToString(produced());
  EXPECT_EQ(y->root()->get("title")->stringValue, "h\xC3\xA9llo \xE2\x80\x94 \xF0\x9F\x98\x80");
  EXPECT_EQ(where(y->root()->find("count")->keyLoc), (LineCol{2, 1}));
  EXPECT_EQ(where(y->root()->get("count")->loc), (LineCol{2, 8}));
}

TEST_F(DocumentLoaderTest, DuplicateKeyIsOneErrorWithOneNoteAndFirstValueWins) {
  const Document *doc = load("dup.yaml", "a: 1\nb: 2\na: 3\n");
  ASSERT_NE(doc, nullptr);
  ASSERT_EQ(produced_.size(), 1u);
  EXPECT_EQ(produced_[0].severity, Severity::Error);
  EXPECT_EQ(produced_[0].message, "duplicate key 'a'");
  ASSERT_EQ(produced_[0].notes.size(), 1u);
  EXPECT_EQ(produced_[0].notes[0].message, "'a' first defined here");
  EXPECT_EQ(produced(), (std::vector<std::string>{"3:1: error: duplicate key 'a'",
                                                  "1:1: note: 'a' first defined here"}));
  EXPECT_EQ(diags_.errorCount(), 1u);
  const DocNode *root = doc->root();
  ASSERT_EQ(root->entries.size(), 2u);
  EXPECT_EQ(root->get("a")->intValue, 1);
  EXPECT_EQ(root->get("b")->intValue, 2);
}

TEST_F(DocumentLoaderTest, DuplicateKeyInJson) {
  const Document *doc = load("dup.json", "{\"a\": 1,\n \"a\": 2}\n");
  ASSERT_NE(doc, nullptr);
  EXPECT_EQ(produced(), (std::vector<std::string>{"2:2: error: duplicate key 'a'",
                                                  "1:2: note: 'a' first defined here"}));
  EXPECT_EQ(doc->root()->get("a")->intValue, 1);
}

TEST_F(DocumentLoaderTest, AliasesShareTheAnchorNode) {
  const Document *doc = load("alias.yaml",
                             "base: &b {x: 1, y: [1, 2]}\n"
                             "use1: *b\n"
                             "list: &l [a, b]\n"
                             "nested:\n"
                             "  again: *l\n"
                             "  base: *b\n");
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  EXPECT_TRUE(produced_.empty()) << ::testing::PrintToString(produced());
  const DocNode *root = doc->root();
  const DocNode *base = root->get("base");
  ASSERT_NE(base, nullptr);
  ASSERT_TRUE(base->isMapping());
  EXPECT_EQ(root->get("use1"), base);
  EXPECT_EQ(root->get("nested")->get("base"), base);
  EXPECT_EQ(root->get("nested")->get("again"), root->get("list"));
  EXPECT_TRUE(root->get("list")->isSequence());
  EXPECT_EQ(base->get("x")->intValue, 1);
  // The shared node is located where it is written, at its anchor.
  EXPECT_EQ(where(root->get("use1")->loc), (LineCol{1, 7}));
}

TEST_F(DocumentLoaderTest, ScalarAliasesHaveTheAnchorValue) {
  const Document *doc = load("alias.yaml", "a: &s hello\nb: *s\nc: &n 5\nd: *n\n");
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  const DocNode *root = doc->root();
  EXPECT_EQ(root->get("b")->stringValue, "hello");
  EXPECT_EQ(root->get("d")->intValue, 5);
  EXPECT_EQ(where(root->get("b")->loc), where(root->get("a")->loc));
}

TEST_F(DocumentLoaderTest, ScalarAliasesShareTheAnchorNode) {
  const Document *doc = load("alias.yaml", "a: &s hello\nb: *s\n");
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  EXPECT_EQ(doc->root()->get("b"), doc->root()->get("a"));
}

TEST_F(DocumentLoaderTest, AnErrorInAnAliasedNodeIsReportedOnce) {
  const Document *doc = load("alias.yaml",
                             "a: &x {v: !!binary abc}\n"
                             "b: *x\n"
                             "c: [*x, *x]\n");
  ASSERT_NE(doc, nullptr);
  EXPECT_EQ(produced(), (std::vector<std::string>{
                            "1:11: error: unsupported YAML tag 'tag:yaml.org,2002:binary'; packs "
                            "use plain YAML 1.2 core-schema values"}));
}

TEST_F(DocumentLoaderTest, MergeKeys) {
  const Document *doc = load("merge.yaml",
                             "a: &a {x: 1, y: 1, z: 1}\n"
                             "b: &b {y: 2, w: 2}\n"
                             "m:\n"
                             "  <<: [*a, *b]\n"
                             "  z: 3\n"
                             "single:\n"
                             "  <<: *b\n"
                             "  w: 9\n");
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  EXPECT_TRUE(produced_.empty()) << ::testing::PrintToString(produced());
  const DocNode *m = doc->root()->get("m");
  ASSERT_NE(m, nullptr);
  ASSERT_TRUE(m->isMapping());
  EXPECT_EQ(m->entries.size(), 4u);
  EXPECT_EQ(m->find("<<"), nullptr) << "'<<' is not an ordinary key";
  ASSERT_NE(m->get("x"), nullptr);
  ASSERT_NE(m->get("y"), nullptr);
  ASSERT_NE(m->get("z"), nullptr);
  ASSERT_NE(m->get("w"), nullptr);
  EXPECT_EQ(m->get("x")->intValue, 1);
  EXPECT_EQ(m->get("y")->intValue, 1) << "earlier merged mappings win over later ones";
  EXPECT_EQ(m->get("z")->intValue, 3) << "the mapping's own keys win";
  EXPECT_EQ(m->get("w")->intValue, 2);
  EXPECT_EQ(where(m->find("z")->keyLoc), (LineCol{5, 3}));
  EXPECT_EQ(where(m->find("x")->keyLoc), (LineCol{1, 8})) << "merged keys keep their place";
  const DocNode *single = doc->root()->get("single");
  ASSERT_NE(single, nullptr);
  EXPECT_EQ(single->entries.size(), 2u);
  EXPECT_EQ(single->get("y")->intValue, 2);
  EXPECT_EQ(single->get("w")->intValue, 9);
}

TEST_F(DocumentLoaderTest, MergeOfANonMappingIsAnError) {
  const Document *doc = load("merge.yaml", "m:\n  <<: [1]\n  k: v\n");
  ASSERT_NE(doc, nullptr);
  EXPECT_EQ(produced(), (std::vector<std::string>{
                            "2:8: error: a '<<' merge key takes a mapping or a list of mappings, "
                            "not an integer"}));
  EXPECT_EQ(doc->root()->get("m")->get("k")->stringValue, "v");
}

TEST_F(DocumentLoaderTest, QuotedMergeKeyIsAnOrdinaryKey) {
  const Document *doc = load("merge.yaml", "m:\n  \"<<\": 1\n");
  ASSERT_NE(doc, nullptr);
  ASSERT_NE(doc->root()->get("m")->get("<<"), nullptr);
  EXPECT_EQ(doc->root()->get("m")->get("<<")->intValue, 1);
}

TEST_F(DocumentLoaderTest, EachFileIsReadOnce) {
  std::string path = dir_.write("pack.yaml", "id: x\n");
  std::filesystem::create_directories(dir_.path() / "dir");
  const Document *first = loader_.load(path);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(loader_.load(path), first);
  EXPECT_EQ(loader_.load(dir_.str() + "/dir/../pack.yaml"), first);
  EXPECT_EQ(loader_.load(dir_.str() + "/./pack.yaml"), first);
  EXPECT_EQ(loader_.load(dir_.str() + "//dir/..//pack.yaml"), first);
  EXPECT_EQ(files_.filesRead(), (std::vector<std::string>{path}));
  EXPECT_EQ(sm_.getNumBuffers(), 1u);
  EXPECT_EQ(first->path(), path);
  EXPECT_TRUE(produced_.empty());
}

TEST_F(DocumentLoaderTest, EachFileIsReadOnceThroughASymlink) {
  std::string path = dir_.write("pack.yaml", "id: x\n");
  std::filesystem::create_symlink(path, dir_.path() / "link.yaml");
  const Document *first = loader_.load(path);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(loader_.load(dir_.str() + "/link.yaml"), first);
  EXPECT_EQ(files_.filesRead().size(), 1u);
}

TEST_F(DocumentLoaderTest, AFileThatFailsToParseIsDiagnosedOnce) {
  std::string path = dir_.write("bad.yaml", "a: [1, 2\n");
  EXPECT_EQ(loader_.load(path), nullptr);
  EXPECT_EQ(loader_.load(path), nullptr);
  EXPECT_EQ(produced_.size(), 1u) << ::testing::PrintToString(produced());
  EXPECT_EQ(files_.filesRead().size(), 1u);
}

TEST_F(DocumentLoaderTest, MissingFile) {
  std::string path = dir_.str() + "/nope.yaml";
  EXPECT_EQ(loader_.load(path, {}, "pack"), nullptr);
  ASSERT_EQ(produced_.size(), 1u);
  EXPECT_EQ(produced_[0].message, "cannot open pack: No such file or directory");
  EXPECT_EQ(diags_.resolve(produced_[0].location).file, path);
  EXPECT_EQ(diags_.resolve(produced_[0].location).line, 0u);
  EXPECT_TRUE(files_.filesRead().empty());
}

TEST_F(DocumentLoaderTest, MissingFileNamedByAReference) {
  const Document *doc = load("pack.yaml", "schema: schemas/nope.json\n");
  ASSERT_NE(doc, nullptr);
  const DocNode *ref = doc->root()->get("schema");
  EXPECT_EQ(loader_.load(dir_.str() + "/schemas/nope.json", ref->loc, "schema file"), nullptr);
  ASSERT_EQ(produced_.size(), 1u);
  EXPECT_EQ(produced_[0].message, "cannot open schema file '" + dir_.str() +
                                      "/schemas/nope.json': No such file or directory");
  EXPECT_EQ(produced(), (std::vector<std::string>{
                            "1:9: error: " + produced_[0].message}));
}

TEST_F(DocumentLoaderTest, DirectoryIsNotAFile) {
  std::filesystem::create_directories(dir_.path() / "d.yaml");
  EXPECT_EQ(loader_.load(dir_.str() + "/d.yaml"), nullptr);
  ASSERT_EQ(produced_.size(), 1u);
  EXPECT_EQ(produced_[0].message, "cannot open file: Is a directory");
}

TEST_F(DocumentLoaderTest, ResolvePointer) {
  const Document *doc = load("ptr.yaml",
                             "a/b: 1\n"
                             "m~n: 2\n"
                             "\"~1\": 3\n"
                             "list: [x, {y: 4}]\n"
                             "\"\": 5\n"
                             "defs: {t: {type: string}}\n");
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  const DocNode *root = doc->root();
  EXPECT_EQ(doc->resolvePointer(""), root);
  auto intAt = [&](const char *ptr) -> int64_t {
    const DocNode *n = doc->resolvePointer(ptr);
    EXPECT_NE(n, nullptr) << ptr;
    return n && n->isInt() ? n->intValue : -1;
  };
  EXPECT_EQ(intAt("/a~1b"), 1);
  EXPECT_EQ(intAt("/m~0n"), 2);
  EXPECT_EQ(intAt("/~01"), 3) << "'~01' is '~1', not '/'";
  EXPECT_EQ(intAt("/list/1/y"), 4);
  EXPECT_EQ(intAt("/"), 5) << "'/' is the empty key";
  const DocNode *x = doc->resolvePointer("/list/0");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->stringValue, "x");
  EXPECT_EQ(doc->resolvePointer("/defs/t"), root->get("defs")->get("t"));
  EXPECT_EQ(doc->resolvePointer("/defs/t/type")->stringValue, "string");

  const DocNode *failedAt = nullptr;
  std::string token;
  EXPECT_EQ(doc->resolvePointer("/list/2", &failedAt, &token), nullptr);
  EXPECT_EQ(failedAt, root->get("list"));
  EXPECT_EQ(token, "2");
  EXPECT_EQ(doc->resolvePointer("/defs/u/type", &failedAt, &token), nullptr);
  EXPECT_EQ(failedAt, root->get("defs"));
  EXPECT_EQ(token, "u");
  EXPECT_EQ(doc->resolvePointer("/a~1b/deeper", &failedAt, &token), nullptr);
  EXPECT_EQ(failedAt, root->get("a/b"));
  EXPECT_EQ(token, "deeper");
  EXPECT_EQ(doc->resolvePointer("/list/x", &failedAt, &token), nullptr);
  EXPECT_EQ(token, "x");
  EXPECT_EQ(doc->resolvePointer("/list/-1"), nullptr);
  EXPECT_EQ(doc->resolvePointer("/a/b"), nullptr) << "an unescaped '/' separates tokens";
}

TEST_F(DocumentLoaderTest, AliasBombIsAnError) {
  std::string text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  const char *names = "abcdefg";
  for (int level = 1; level < 7; ++level) {
    text += std::string(1, names[level]) + ": &" + names[level] + " [";
    for (int i = 0; i < 10; ++i) text += std::string(i ? ", *" : "*") + names[level - 1];
    text += "]\n";
  }
  const Document *doc = load("bomb.yaml", text);
  EXPECT_EQ(doc, nullptr);
  ASSERT_EQ(produced_.size(), 1u) << ::testing::PrintToString(produced());
  EXPECT_EQ(produced_[0].message.rfind("document expands to more than", 0), 0u)
      << produced_[0].message;
  EXPECT_EQ(produced_[0].message, "document expands to more than 1000000 nodes through aliases");
  // Level f (line 6) is the first whose expansion (1,111,111 nodes) crosses the limit.
  EXPECT_EQ(where(produced_[0].location.loc).line, 6u);
}

TEST_F(DocumentLoaderTest, LargeButLegalAliasUseLoads) {
  std::string text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  const char *names = "abcde";
  for (int level = 1; level < 5; ++level) {
    text += std::string(1, names[level]) + ": &" + names[level] + " [";
    for (int i = 0; i < 10; ++i) text += std::string(i ? ", *" : "*") + names[level - 1];
    text += "]\n";
  }
  const Document *doc = load("ok.yaml", text);
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  EXPECT_EQ(doc->root()->get("e")->expandedSize, 111111u);
}

TEST_F(DocumentLoaderTest, StrictJsonTrailingComma) {
  const Document *doc = load("trailing.json", "{\n  \"a\": 1,\n  \"b\": [1, 2,]\n}\n");
  EXPECT_EQ(doc, nullptr);
  ASSERT_EQ(produced_.size(), 1u);
  EXPECT_EQ(produced_[0].message.rfind("invalid JSON: ", 0), 0u) << produced_[0].message;
  EXPECT_EQ(where(produced_[0].location.loc), (LineCol{3, 14}));
}

TEST_F(DocumentLoaderTest, StrictJsonTrailingCommaInObject) {
  const Document *doc = load("trailing.json", "{\"a\": 1,}");
  EXPECT_EQ(doc, nullptr);
  EXPECT_EQ(produced(), (std::vector<std::string>{
                            "1:9: error: invalid JSON: syntax error while parsing object key - "
                            "unexpected '}'; expected string literal"}));
}

TEST_F(DocumentLoaderTest, StrictJsonRejectsCommentsAndSingleQuotes) {
  EXPECT_EQ(load("comment.json", "{\"a\": 1 // no\n}\n"), nullptr);
  EXPECT_EQ(load("quotes.json", "{'a': 1}\n"), nullptr);
  ASSERT_EQ(produced_.size(), 2u);
  EXPECT_EQ(produced_[0].message.rfind("invalid JSON: ", 0), 0u) << produced_[0].message;
  EXPECT_EQ(where(produced_[0].location.loc), (LineCol{1, 9}));
  EXPECT_EQ(produced_[1].message.rfind("invalid JSON: ", 0), 0u) << produced_[1].message;
  EXPECT_EQ(where(produced_[1].location.loc), (LineCol{1, 2}));
}

TEST_F(DocumentLoaderTest, JsonContentWithoutJsonExtensionIsStrict) {
  EXPECT_EQ(load("pack.txt", "  {\"a\": 1,}"), nullptr);
  ASSERT_EQ(produced_.size(), 1u);
  EXPECT_EQ(produced_[0].message.rfind("invalid JSON: ", 0), 0u);
  EXPECT_EQ(where(produced_[0].location.loc), (LineCol{1, 11}));
}

TEST_F(DocumentLoaderTest, FlowYamlInYamlFileIsNotStrictJson) {
  const Document *doc = load("flow.yaml", "{\"a\": 1, b: 'two',}\n");
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  EXPECT_EQ(doc->root()->get("a")->intValue, 1);
  EXPECT_EQ(doc->root()->get("b")->stringValue, "two");
}

TEST_F(DocumentLoaderTest, JsonNumbersAndLiterals) {
  const Document *doc =
      load("values.json", "{\"i\": -3, \"f\": 2.5e2, \"t\": true, \"n\": null, \"s\": \"12\"}");
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  const DocNode *r = doc->root();
  EXPECT_EQ(r->get("i")->kind, Kind::Int);
  EXPECT_EQ(r->get("i")->intValue, -3);
  EXPECT_EQ(r->get("f")->kind, Kind::Float);
  EXPECT_DOUBLE_EQ(r->get("f")->floatValue, 250.0);
  EXPECT_EQ(r->get("t")->kind, Kind::Bool);
  EXPECT_TRUE(r->get("t")->boolValue);
  EXPECT_EQ(r->get("n")->kind, Kind::Null);
  EXPECT_EQ(r->get("s")->kind, Kind::String);
  EXPECT_EQ(r->get("s")->stringValue, "12");
}

TEST_F(DocumentLoaderTest, EmptyAndCommentOnlyFiles) {
  EXPECT_EQ(load("empty.yaml", ""), nullptr);
  EXPECT_EQ(load("blank.yaml", "  \n\n"), nullptr);
  EXPECT_EQ(load("comments.yaml", "# only\n# comments\n"), nullptr);
  EXPECT_EQ(load("dashes.yaml", "---\n"), nullptr);
  EXPECT_EQ(produced(), (std::vector<std::string>{
                            "1:1: error: file is empty; expected a file",
                            "1:1: error: file is empty; expected a file",
                            "1:1: error: file is empty; expected a file",
                            "1:1: error: file is empty; expected a file",
                        }));
}

TEST_F(DocumentLoaderTest, MultipleDocumentsAreAnError) {
  EXPECT_EQ(load("two.yaml", "a: 1\n---\nb: 2\n"), nullptr);
  ASSERT_EQ(produced_.size(), 1u);
  EXPECT_EQ(produced_[0].message,
            "file holds 2 YAML documents; a file is a single document (remove '---')");
  EXPECT_EQ(where(produced_[0].location.loc).line, 2u);  // the `---` to remove
}

TEST_F(DocumentLoaderTest, NonScalarKeyIsAnError) {
  const Document *doc = load("key.yaml", "? [a, b]\n: 1\nc: 2\n");
  ASSERT_NE(doc, nullptr);
  EXPECT_EQ(produced(),
            (std::vector<std::string>{"1:3: error: mapping keys must be plain strings, not a list"}));
  EXPECT_EQ(doc->root()->get("c")->intValue, 2);
}

TEST_F(DocumentLoaderTest, EncodingErrors) {
  EXPECT_EQ(load("nul.yaml", std::string("a: 1\nb: x\0y\n", 11)), nullptr);
  EXPECT_EQ(load("latin1.yaml", "a: caf\xE9\n"), nullptr);
  EXPECT_EQ(load("utf16.yaml", std::string("\xFF\xFE" "a\0:\0", 6)), nullptr);
  EXPECT_EQ(produced(), (std::vector<std::string>{
                            "2:5: error: file contains a NUL byte; a pack must be UTF-8 text",
                            "1:7: error: invalid UTF-8 byte 0xe9; a pack must be UTF-8 text",
                            "1:1: error: file is UTF-16 encoded; save it as UTF-8",
                        }));
}

TEST_F(DocumentLoaderTest, FlowNestingLimit) {
  const unsigned limit = DocumentLoader::kMaxDepth;
  ASSERT_EQ(limit, 256u);
  const Document *ok =
      load("ok.yaml", std::string(limit, '[') + "1" + std::string(limit, ']') + "\n");
  EXPECT_NE(ok, nullptr) << ::testing::PrintToString(produced());
  EXPECT_EQ(load("deep.yaml", std::string(limit + 1, '[') + std::string(limit + 1, ']') + "\n"),
            nullptr);
  EXPECT_EQ(load("deep.json", std::string(limit + 1, '[') + std::string(limit + 1, ']') + "\n"),
            nullptr);
  EXPECT_EQ(produced(), (std::vector<std::string>{
                            "1:257: error: nesting is deeper than 256 levels",
                            "1:257: error: nesting is deeper than 256 levels",
                        }));
}

TEST_F(DocumentLoaderTest, BlockNestingLimit) {
  auto nested = [](unsigned levels) {
    std::string text;
    for (unsigned i = 0; i < levels; ++i)
      text += std::string(2 * i, ' ') + "k" + std::to_string(i) + ":" +
              (i + 1 == levels ? " leaf\n" : "\n");
    return text;
  };
  const Document *ok = load("ok.yaml", nested(256));
  EXPECT_NE(ok, nullptr) << ::testing::PrintToString(produced());
  EXPECT_TRUE(produced_.empty());
  EXPECT_EQ(load("deep.yaml", nested(300)), nullptr);
  ASSERT_EQ(produced_.size(), 1u);
  EXPECT_EQ(produced_[0].message, "nesting is deeper than 256 levels");
  // The first value too deep: the one under key k256, on line 257.
  EXPECT_EQ(where(produced_[0].location.loc).line, 258u);
}

// An alias stands where it is written: a nested value placed deep by an alias counts its own
// levels there, so no walk of the document descends past the limit.
TEST_F(DocumentLoaderTest, AnAliasCannotNestPastTheLimit) {
  auto flow = [](unsigned levels, const std::string &inner) {
    return std::string(levels, '[') + inner + std::string(levels, ']');
  };
  const Document *ok = load("ok.yaml", "a: &d " + flow(200, "1") + "\nb: " + flow(55, "*d") + "\n");
  EXPECT_NE(ok, nullptr) << ::testing::PrintToString(produced());
  EXPECT_TRUE(produced_.empty());
  EXPECT_EQ(load("deep.yaml", "a: &d " + flow(200, "1") + "\nb: " + flow(100, "*d") + "\n"), nullptr);
  EXPECT_EQ(produced(), (std::vector<std::string>{"2:104: error: nesting is deeper than 256 levels"}));
}

TEST_F(DocumentLoaderTest, AnAliasInsideTheCollectionItNamesIsAnError) {
  EXPECT_EQ(load("cycle.yaml", "a: &x\n  b: *x\n"), nullptr);
  EXPECT_EQ(produced(), (std::vector<std::string>{
                            "2:6: error: an alias inside the collection its anchor names: the value would contain itself"}));
}

TEST_F(DocumentLoaderTest, AnAliasAsAKeyIsItsAnchorsText) {
  const Document *doc = load("key.yaml", "base: &k name\n*k : 1\n");
  ASSERT_NE(doc, nullptr) << ::testing::PrintToString(produced());
  EXPECT_TRUE(produced_.empty());
  ASSERT_NE(doc->root()->get("name"), nullptr);
  EXPECT_EQ(doc->root()->get("name")->intValue, 1);
}

TEST_F(DocumentLoaderTest, UnterminatedQuotedScalarIsAnError) {
  // yaml-cpp alone would read this as the string "abc "; wfc reports it where the quote opens.
  load("quote.yaml", "id: \"abc\n");
  ASSERT_EQ(produced_.size(), 1u);
  EXPECT_EQ(produced_[0].message, "unterminated quoted string: the closing \" is missing");
  EXPECT_EQ(where(produced_[0].location.loc).line, 1u);
  EXPECT_EQ(where(produced_[0].location.loc).column, 5u);
}

TEST_F(DocumentLoaderTest, UnbalancedQuoteInsideBlockScalarIsText) {
  const Document *doc = load("block.yaml", "t: |\n  she said \"hi\n  and left\n");
  ASSERT_NE(doc, nullptr);
  EXPECT_TRUE(produced_.empty());
  EXPECT_EQ(doc->root()->get("t")->stringValue, "she said \"hi\nand left\n");
}

TEST_F(DocumentLoaderTest, InvalidYamlIsLocated) {
  EXPECT_EQ(load("bad.yaml", "a: 1\nb: [1, 2\nc: 3\n"), nullptr);
  ASSERT_EQ(produced_.size(), 1u);
  EXPECT_EQ(produced_[0].message.rfind("invalid YAML: ", 0), 0u) << produced_[0].message;
  EXPECT_NE(where(produced_[0].location.loc).line, 0u);
}

}  // namespace
}  // namespace wfc
