// The bindings file (docs/bindings.md): what parses, and a located message for everything that does not.
#include "common/BindingsFile.h"

#include "TestSupport.h"
#include "wfc/error.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace wfc {
namespace {

using test::errorOf;
using test::TempDir;

std::string parseError(const std::string &text) {
  return errorOf([&] { BindingsFile::parse(text, "b.yaml"); }, ErrorKind::Usage);
}

const char kEveryKind[] = R"(tools:
  doc.parse_structure: { exec: { argv: [python3, tools/parse.py], timeout_ms: 5000 } }
  kb.lookup:          { http: { url: "http://127.0.0.1:8080/kb", headers_from_env: {Authorization: KB_TOKEN} } }
  fs.read:            { mcp: { server: files, tool: read_file } }
  doc.extract_citations: { native: extract_citations }      # C++ function linked in
  ref.search:         { mock: { result: {hits: []} } }       # fixed result, for dry runs
  kb.load:            { builtin: read_file }
mcp_servers:
  files: { command: npx, args: ["@modelcontextprotocol/server-filesystem", "."] }
)";

TEST(BindingsTest, ParsesTheSpecExampleInFileOrder) {
  BindingsFile file = BindingsFile::parse(kEveryKind, "b.yaml");
  EXPECT_EQ(file.origin(), "b.yaml");
  ASSERT_EQ(file.entries().size(), 6u);
  const std::vector<std::string> tools = {"doc.parse_structure", "kb.lookup", "fs.read",
                                          "doc.extract_citations", "ref.search", "kb.load"};
  const std::vector<std::string> kinds = {"exec", "http", "mcp", "native", "mock", "builtin"};
  for (size_t i = 0; i < tools.size(); ++i) {
    EXPECT_EQ(file.entries()[i].tool, tools[i]);
    EXPECT_EQ(file.entries()[i].kind, kinds[i]);
    EXPECT_EQ(file.entries()[i].where, "b.yaml:" + std::to_string(i + 2) + ":3");
  }
  EXPECT_EQ(file.entries()[0].spec.dump(), R"({"argv":["python3","tools/parse.py"],"timeout_ms":5000})");
  EXPECT_EQ(file.entries()[1].spec.dump(),
            R"({"url":"http://127.0.0.1:8080/kb","headers_from_env":{"Authorization":"KB_TOKEN"}})");
  EXPECT_EQ(file.entries()[3].native, "extract_citations");
  EXPECT_EQ(file.entries()[4].spec.dump(), R"({"result":{"hits":[]}})");
  EXPECT_EQ(file.entries()[5].spec.dump(), R"("read_file")");
  ASSERT_EQ(file.mcpServers().size(), 1u);
  EXPECT_EQ(file.mcpServers()[0].name, "files");
  EXPECT_EQ(file.mcpServers()[0].where, "b.yaml:9:3");
  EXPECT_EQ(file.mcpServers()[0].spec.dump(),
            R"({"command":"npx","args":["@modelcontextprotocol/server-filesystem","."]})");
  ASSERT_NE(file.find("kb.load"), nullptr);
  EXPECT_EQ(file.find("kb.load")->kind, "builtin");
  EXPECT_EQ(file.find("kb.nope"), nullptr);
  ASSERT_NE(file.findMcpServer("files"), nullptr);
  EXPECT_EQ(file.findMcpServer("nope"), nullptr);
}

TEST(BindingsTest, EmptyDocumentsBindNothing) {
  for (const char *text : {"", "# nothing yet\n", "tools:\n", "tools: {}\n", "tools: {}\nmcp_servers:\n", "~\n"}) {
    BindingsFile file = BindingsFile::parse(text, "b.yaml");
    EXPECT_TRUE(file.entries().empty()) << text;
    EXPECT_TRUE(file.mcpServers().empty()) << text;
  }
}

TEST(BindingsTest, AcceptsJsonText) {
  BindingsFile file = BindingsFile::parse(
      "{\n\t\"tools\": {\n\t\t\"t\": {\"exec\": {\"argv\": [\"cat\", \"30\"], \"timeout_ms\": 5, \"env\": {\"A\": \"1\"}}},\n"
      "\t\t\"m\": {\"mock\": {\"result\": {\"n\": 1.5, \"s\": \"true\", \"b\": false, \"z\": null, \"u\": \"\\u00e9\\/\"}}}\n"
      "\t}\n}\n",
      "b.json");
  ASSERT_EQ(file.entries().size(), 2u);
  EXPECT_EQ(file.entries()[0].where, "b.json:3:3");
  EXPECT_EQ(file.entries()[0].spec.dump(), R"({"argv":["cat","30"],"timeout_ms":5,"env":{"A":"1"}})");
  EXPECT_EQ(file.entries()[1].spec.dump(), R"({"result":{"n":1.5,"s":"true","b":false,"z":null,"u":"é/"}})");
}

TEST(BindingsTest, PlainScalarsHaveYamlTypesAndQuotedOnesAreStrings) {
  BindingsFile file = BindingsFile::parse(
      "tools:\n  m: {mock: {result: [1, -2, 2.5, 1e3, true, null, ~, '7', \"false\", !!str 8, 0x10, .inf, yes, a b, 1e999]}}\n",
      "b.yaml");
  EXPECT_EQ(file.entries()[0].spec.dump(),
            R"({"result":[1,-2,2.5,1000.0,true,null,null,"7","false","8","0x10",".inf","yes","a b","1e999"]})");
}

TEST(BindingsTest, JsonTextRoundTrips) {
  BindingsFile file = BindingsFile::parse(kEveryKind, "b.yaml");
  std::string json = toJsonText(file);
  EXPECT_EQ(json.find('\n'), std::string::npos) << "compact: " << json;
  EXPECT_EQ(json.rfind(R"({"tools":{"doc.parse_structure":{"exec":{"argv":["python3","tools/parse.py"],)", 0), 0u)
      << json;
  BindingsFile again = BindingsFile::fromJsonText(json, "<compiled-in bindings>");
  EXPECT_TRUE(again == file);
  EXPECT_EQ(toJsonText(again), json);
  // A place inside one line of generated JSON would tell a reader nothing.
  EXPECT_EQ(again.entries()[0].where, "<compiled-in bindings>");
  // The YAML reader takes the same JSON too (a user's bindings file may be JSON).
  EXPECT_TRUE(BindingsFile::parse(json, "b.json") == file);

  BindingsFile tricky = BindingsFile::parse(
      "tools:\n  m: {mock: {template: {\"k: v\": \"{{args.x}}\", n: ['1', 1, 1.25, '', \"a\\\"b\\\\c\\n\", é, '${x}']}}}\n"
      "  e: {exec: {argv: ['-', \"it's\"], cwd: /tmp, env: {EMPTY: ''}}}\n",
      "b.yaml");
  BindingsFile trickyAgain = BindingsFile::fromJsonText(toJsonText(tricky), "<compiled-in bindings>");
  EXPECT_TRUE(trickyAgain == tricky) << toJsonText(tricky);
  EXPECT_EQ(toJsonText(BindingsFile::parse("", "b.yaml")), R"({"tools":{}})");
  EXPECT_TRUE(BindingsFile::fromJsonText(R"({"tools":{}})", "<compiled-in bindings>") == BindingsFile::parse("", "b.yaml"));
}

// yaml-cpp limits a key to 1024 characters, as YAML does an implicit key: a name of control
// characters, short in the file, is six times longer as JSON escapes. Compiled-in bindings are
// read as JSON, so it reads back (found by tests/fuzz: fuzz_bindings, regression input
// long-name-of-escaped-characters.yaml).
TEST(BindingsTest, CompiledInJsonReadsBackWhateverTheKeysLength) {
  std::string name = "t" + std::string(300, '\x11');
  BindingsFile file = BindingsFile::parse("tools:\n  " + name + ": {mock: {template: {\"" + std::string(200, '\x02') +
                                              "\": [true, \"true\", 1, \"1\", null, \"\", {}]}}}\n",
                                          "b.yaml");
  std::string json = toJsonText(file);
  ASSERT_GT(json.size(), 2 * 1024u);
  BindingsFile again = BindingsFile::fromJsonText(json, "<compiled-in bindings>");
  EXPECT_TRUE(again == file) << toJsonText(again);
  EXPECT_EQ(again.entries()[0].tool, name);
}

// yaml-cpp 0.7 decodes "\_" (U+00A0) and "\N" (U+0085) to a single byte, which is not UTF-8;
// the compiled-in JSON could not hold it (found by tests/fuzz: fuzz_bindings, regression input
// nbsp-escape.yaml). They read as the characters they stand for.
TEST(BindingsTest, EscapesOfNonBreakingSpaceAndNextLineReadAsTheirCharacters) {
  BindingsFile file = BindingsFile::parse("tools:\n  t: {exec: {argv: [\"a\\_b\\Nc\", 'd\\_e', f\\_g]}}\n", "b.yaml");
  std::string json = toJsonText(file);
  EXPECT_EQ(json, "{\"tools\":{\"t\":{\"exec\":{\"argv\":[\"a\xC2\xA0" "b\xC2\x85" "c\",\"d\\\\_e\",\"f\\\\_g\"]}}}}");
  EXPECT_TRUE(BindingsFile::fromJsonText(json, "<compiled-in bindings>") == file);
}

// Each kind's settings are read into typed fields once the checks pass — what the run builds
// tools, servers and providers from — and survive the compiled-in JSON unchanged.
TEST(BindingsTest, ReadsEachKindsSettingsIntoTypedFields) {
  BindingsFile file = BindingsFile::parse(R"(tools:
  run: { exec: { argv: [python3, t.py], cwd: work, env: {B: "2", A: "1"}, timeout_ms: 5000 } }
  get: { http: { url: "https://h/x", method: put, headers: {X-A: a}, headers_from_env: {Authorization: TOKEN} } }
  read: { mcp: { server: files, tool: read_file, timeout_ms: 7 } }
  cite: { native: extract_citations }
  fixed: { mock: { result: {hits: []} } }
  echo: { mock: { template: {got: "{{args}}"} } }
  load: { builtin: read_file }
mcp_servers:
  files: { command: npx, args: [server, "."], env: {K: v}, cwd: /srv }
providers:
  default: { provider: anthropic, model: claude-x, base_url: "http://127.0.0.1:9", api_key_env: KEY, timeout_ms: 9 }
)", "b.yaml");
  for (const BindingsFile &f : {file, BindingsFile::fromJsonText(toJsonText(file), "<compiled-in bindings>")}) {
    const auto *exec = std::get_if<ExecSettings>(&f.find("run")->settings);
    ASSERT_NE(exec, nullptr);
    EXPECT_EQ(exec->argv, (std::vector<std::string>{"python3", "t.py"}));
    EXPECT_EQ(exec->cwd, "work");
    EXPECT_EQ(exec->env, (std::vector<std::pair<std::string, std::string>>{{"B", "2"}, {"A", "1"}}));
    EXPECT_EQ(exec->timeoutMs, 5000);
    const auto *http = std::get_if<HttpSettings>(&f.find("get")->settings);
    ASSERT_NE(http, nullptr);
    EXPECT_EQ(http->url, "https://h/x");
    EXPECT_EQ(http->method, "PUT");
    EXPECT_EQ(http->headers, (std::vector<std::pair<std::string, std::string>>{{"X-A", "a"}}));
    EXPECT_EQ(http->headersFromEnv, (std::vector<std::pair<std::string, std::string>>{{"Authorization", "TOKEN"}}));
    EXPECT_FALSE(http->timeoutMs);
    const auto *mcp = std::get_if<McpSettings>(&f.find("read")->settings);
    ASSERT_NE(mcp, nullptr);
    EXPECT_EQ(mcp->server, "files");
    EXPECT_EQ(mcp->tool, "read_file");
    EXPECT_EQ(mcp->timeoutMs, 7);
    EXPECT_TRUE(std::holds_alternative<BindingsFile::NativeSettings>(f.find("cite")->settings));
    const auto *fixed = std::get_if<MockSettings>(&f.find("fixed")->settings);
    ASSERT_NE(fixed, nullptr);
    ASSERT_TRUE(fixed->result);
    EXPECT_EQ(fixed->result->dump(), R"({"hits":[]})");
    EXPECT_FALSE(fixed->responseTemplate);
    const auto *echo = std::get_if<MockSettings>(&f.find("echo")->settings);
    ASSERT_NE(echo, nullptr);
    EXPECT_FALSE(echo->result);
    ASSERT_TRUE(echo->responseTemplate);
    const auto *builtin = std::get_if<BindingsFile::BuiltinSettings>(&f.find("load")->settings);
    ASSERT_NE(builtin, nullptr);
    EXPECT_EQ(builtin->name, "read_file");
    const McpServerSettings &server = f.findMcpServer("files")->settings;
    EXPECT_EQ(server.command, "npx");
    EXPECT_EQ(server.args, (std::vector<std::string>{"server", "."}));
    EXPECT_EQ(server.env, (std::vector<std::pair<std::string, std::string>>{{"K", "v"}}));
    EXPECT_EQ(server.cwd, "/srv");
    const ProviderSettings &provider = f.findProvider("default")->settings;
    EXPECT_EQ(provider.provider, "anthropic");
    EXPECT_EQ(provider.model, "claude-x");
    EXPECT_EQ(provider.baseUrl, "http://127.0.0.1:9");
    EXPECT_EQ(provider.apiKeyEnv, "KEY");
    EXPECT_EQ(provider.timeoutMs, 9);
  }
}

// providers: (docs/bindings.md "Providers"): a pack's provider keys bound to concrete providers,
// each entry checked where it is, and carried through the compiled-in JSON.
TEST(BindingsTest, ProvidersBindKeysToConcreteProviders) {
  BindingsFile file = BindingsFile::parse("providers:\n"
                                          "  drafter: {provider: openai, model: gpt-4o-mini, base_url: 'http://127.0.0.1:9/v1',\n"
                                          "            api_key_env: DRAFTER_KEY, timeout_ms: 5000}\n"
                                          "  default: {provider: anthropic, model: claude-x}\n",
                                          "b.yaml");
  ASSERT_EQ(file.providers().size(), 2u);
  EXPECT_EQ(file.providers()[0].key, "drafter");
  EXPECT_EQ(file.providers()[0].where, "b.yaml:2:3");
  EXPECT_EQ(file.findProvider("default")->spec.get("model")->asString(), "claude-x");
  BindingsFile again = BindingsFile::fromJsonText(toJsonText(file), "<compiled-in bindings>");
  EXPECT_TRUE(again == file) << toJsonText(file);

  EXPECT_EQ(parseError("providers:\n  d: {provider: openia, model: m}\n"),
            "b.yaml:2:17: 'provider' of provider 'd' is openai or anthropic, not 'openia'; did you mean 'openai'?");
  EXPECT_EQ(parseError("providers:\n  d: {provider: openai}\n"),
            "b.yaml:2:6: provider 'd' needs 'model'; add 'model: NAME'");
  EXPECT_EQ(parseError("providers:\n  d: {provider: openai, model: m, base_url: localhost:8080}\n"),
            "b.yaml:2:45: 'base_url' of provider 'd' must be an http:// or https:// URL, not 'localhost:8080'");
  EXPECT_EQ(parseError("providers:\n  d: {provider: openai, model: m, key: x}\n").rfind("b.yaml:2:35: unknown field 'key' in provider 'd'", 0),
            0u)
      << parseError("providers:\n  d: {provider: openai, model: m, key: x}\n");
  EXPECT_EQ(parseError("providers:\n  d: {provider: openai, model: m}\n  d: {provider: openai, model: n}\n"),
            "b.yaml:3:3: provider 'd' is bound twice (first at b.yaml:2:3); remove one of the entries");
}

TEST(BindingsTest, CompiledInJsonThatIsNotBindingsIsAUsageError) {
  auto error = [](std::string_view json) {
    try {
      BindingsFile::fromJsonText(json, "<compiled-in bindings>");
    } catch (const Error &e) {
      EXPECT_EQ(e.kind(), ErrorKind::Usage);
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error(R"({"tools":{"t":{"exce":{}}}})").rfind("<compiled-in bindings>: unknown binding kind 'exce'", 0), 0u)
      << error(R"({"tools":{"t":{"exce":{}}}})");
  EXPECT_EQ(error("{").rfind("<compiled-in bindings>: not JSON: ", 0), 0u) << error("{");
}

TEST(BindingsTest, EqualityComparesBindingsNotPlaces) {
  BindingsFile a = BindingsFile::parse("tools:\n  t: {native: f}\n", "a.yaml");
  BindingsFile b = BindingsFile::parse("\n\ntools: {t: {native: f}}\n", "b.yaml");
  BindingsFile c = BindingsFile::parse("tools: {t: {native: g}}\n", "a.yaml");
  BindingsFile d = BindingsFile::parse("tools: {t: {mock: {result: 1}}, u: {native: f}}\n", "a.yaml");
  BindingsFile e = BindingsFile::parse("tools: {u: {native: f}, t: {mock: {result: 1}}}\n", "a.yaml");
  EXPECT_TRUE(a == b);
  EXPECT_FALSE(a == c);
  EXPECT_FALSE(a == d);
  EXPECT_FALSE(d == e) << "order is part of the file";
}

TEST(BindingsTest, LoadReadsAFileAndNamesItInMessages) {
  TempDir dir;
  test::writeText(dir / "b.yaml", "tools:\n  t: {builtin: now}\n");
  BindingsFile file = BindingsFile::load((dir / "b.yaml").string());
  EXPECT_EQ(file.entries()[0].where, (dir / "b.yaml").string() + ":2:3");
  test::writeText(dir / "bad.yaml", "tools:\n  t: {builtin: later}\n");
  EXPECT_EQ(errorOf([&] { BindingsFile::load((dir / "bad.yaml").string()); }, ErrorKind::Usage),
            (dir / "bad.yaml").string() +
                ":2:16: unknown builtin 'later' for tool 't'; the builtins are 'read_file', 'write_file', "
                "'list_files', 'parse_json' and 'now'");
}

TEST(BindingsTest, UnreadableFileSaysWhy) {
  TempDir dir;
  std::string missing = (dir / "missing.yaml").string();
  EXPECT_EQ(errorOf([&] { BindingsFile::load(missing); }, ErrorKind::Usage),
            "cannot read bindings file '" + missing + "': no such file or directory");
  EXPECT_EQ(errorOf([&] { BindingsFile::load(dir.path().string()); }, ErrorKind::Usage),
            "cannot read bindings file '" + dir.path().string() + "': is a directory");
}

// ---- the document

TEST(BindingsTest, YamlSyntaxErrorIsLocated) {
  EXPECT_EQ(parseError("tools:\n  echo: {exec: {argv: [cat]}\n"), "b.yaml:3:1: invalid YAML: end of map flow not found");
  EXPECT_EQ(parseError("tools:\n  a: 1\n b: 2\n"), "b.yaml:3:2: invalid YAML: end of map not found");
}

// yaml-cpp reads any bytes; a string that is not UTF-8 cannot become JSON (the compiled-in
// bindings), so `wfc build` used to abort on one (found by tests/fuzz: fuzz_bindings).
TEST(BindingsTest, TextMustBeUtf8) {
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [\xB7" "cat]}}\n"),
            "b.yaml:2:21: invalid UTF-8 byte 0xb7; a bindings file must be UTF-8 text");
  EXPECT_EQ(parseError("\xC3\xA9\xED\xA0\x80"), "b.yaml:1:3: invalid UTF-8 byte 0xed; a bindings file must be UTF-8 text");
  EXPECT_EQ(parseError(std::string("\xFF\xFEt\0o\0", 6)), "b.yaml:1:1: the file is UTF-16 encoded; save it as UTF-8");
  EXPECT_NO_THROW(BindingsFile::parse("tools:\n  t: {exec: {argv: [caf\xC3\xA9]}}\n", "b.yaml"));
}

// yaml-cpp reads a NUL byte as the end of its input and mangles what is around it: a tool named
// "remove\0_files" came back as "remove\xA0files", which the compiled-in JSON could not hold
// (found by tests/fuzz: fuzz_bindings, regression input nul-byte-in-a-name.yaml).
TEST(BindingsTest, ANulByteIsRefusedWhereItIs) {
  EXPECT_EQ(parseError(std::string("tools:\n  remove\0_files: {exec: {argv: [rm]}}\n", 45)),
            "b.yaml:2:9: the file contains a NUL byte; a bindings file must be UTF-8 text");
  // A NUL written as an escape reaches the checks, which say what is wrong with it there.
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [\"a\\0b\"]}}\n"),
            "b.yaml:2:21: each item of 'argv' of the exec binding of tool 't' contains a NUL byte; remove it");
}

TEST(BindingsTest, EveryProblemIsReportedOneLineEach) {
  // Each part of the file that can be checked on its own is: every malformed entry is named,
  // one per line, and the well-formed ones are kept (the collecting form).
  const std::string text = "tools:\n"
                           "  a: {exce: {argv: [cat]}}\n"
                           "  b: {builtin: read_file}\n"
                           "  c: {native: 3}\n"
                           "bogus: 1\n";
  EXPECT_EQ(parseError(text),
            "b.yaml:5:1: unknown field 'bogus' in a bindings file; the fields are 'tools', 'mcp_servers', 'providers' and 'prices'\n"
            "b.yaml:2:7: unknown binding kind 'exce' for tool 'a'; did you mean 'exec'?\n"
            "b.yaml:4:15: the native binding of tool 'c' must be a string, not an integer (3); write it in quotes: '3'");
  std::vector<BindingsProblem> problems;
  BindingsFile file = BindingsFile::parse(text, "b.yaml", problems);
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems[1].line, 2);
  EXPECT_EQ(problems[1].column, 7);
  ASSERT_EQ(file.entries().size(), 1u);
  EXPECT_EQ(file.entries()[0].tool, "b");
  EXPECT_EQ(file.entries()[0].line, 3);
  EXPECT_EQ(file.entries()[0].column, 3);
}

TEST(BindingsTest, AStuckTokenIsAnErrorNotAHang) {
  // yaml-cpp 0.7's LoadAll loops forever here (an empty document at the comma, again and again).
  EXPECT_EQ(parseError("\n,\n"), "b.yaml:2:1: invalid YAML: ',' cannot start a value here");
  EXPECT_EQ(parseError("tools: {}\n---\n,\n"), "b.yaml:2:1: a bindings file holds one YAML document; remove the second");
}

TEST(BindingsTest, OneDocumentOnly) {
  // At the `---` that starts the second document.
  EXPECT_EQ(parseError("tools: {}\n---\ntools: {}\n"),
            "b.yaml:2:1: a bindings file holds one YAML document; remove the second");
}

TEST(BindingsTest, TopLevelMustBeAMapping) {
  EXPECT_EQ(parseError("- tools\n"), "b.yaml:1:1: a bindings file must be a mapping, not a list; write 'tools:' with "
                                     "one 'NAME: {KIND: …}' entry per tool");
  EXPECT_EQ(parseError("tools\n"), "b.yaml:1:1: a bindings file must be a mapping, not a string ('tools'); write "
                                   "'tools:' with one 'NAME: {KIND: …}' entry per tool");
}

TEST(BindingsTest, UnknownTopLevelFieldSuggestsOne) {
  EXPECT_EQ(parseError("tools: {}\ntols: {}\n"),
            "b.yaml:2:1: unknown field 'tols' in a bindings file; did you mean 'tools'?");
  EXPECT_EQ(parseError("servers: {}\n"),
            "b.yaml:1:1: unknown field 'servers' in a bindings file; the fields are 'tools', 'mcp_servers', 'providers' and 'prices'");
  EXPECT_EQ(parseError("tools: {}\ntools: {}\n"),
            "b.yaml:2:1: duplicate field 'tools' in a bindings file; remove one of them");
  EXPECT_EQ(parseError("[a]: 1\n"), "b.yaml:1:1: the keys of a bindings file must be strings, not a list; write a plain name");
}

TEST(BindingsTest, ToolsMustMapNamesToOneBindingEach) {
  EXPECT_EQ(parseError("tools: [a, b]\n"),
            "b.yaml:1:8: 'tools' must be a mapping, not a list; write 'NAME: {KIND: …}' entries, one per tool");
  EXPECT_EQ(parseError("tools:\n  t: {native: f}\n  u: {native: f}\n  t: {native: g}\n"),
            "b.yaml:4:3: tool 't' is bound twice (first at b.yaml:2:3); remove one of the entries");
  const std::string exactlyOne =
      "must be a mapping with exactly one of 'exec', 'http', 'mcp', 'native', 'mock' or 'builtin', not ";
  EXPECT_EQ(parseError("tools:\n  t:\n"),
            "b.yaml:2:3: the binding of tool 't' " + exactlyOne + "null; write e.g. 't: {exec: {argv: [PROGRAM]}}'");
  EXPECT_EQ(parseError("tools:\n  t: exec\n"), "b.yaml:2:6: the binding of tool 't' " + exactlyOne +
                                                   "a string ('exec'); write e.g. 't: {exec: {argv: [PROGRAM]}}'");
  EXPECT_EQ(parseError("tools:\n  t: {}\n"), "b.yaml:2:6: the binding of tool 't' " + exactlyOne +
                                                 "an empty mapping; write e.g. 't: {exec: {argv: [PROGRAM]}}'");
  EXPECT_EQ(parseError("tools:\n  t: {native: f, builtin: now}\n"),
            "b.yaml:2:6: the binding of tool 't' has several kinds ('native' and 'builtin'); keep one of them");
}

TEST(BindingsTest, UnknownKindSuggestsOne) {
  EXPECT_EQ(parseError("tools:\n  fs.read: {exce: {argv: [cat]}}\n"),
            "b.yaml:2:13: unknown binding kind 'exce' for tool 'fs.read'; did you mean 'exec'?");
  EXPECT_EQ(parseError("tools:\n  fs.read: {shell: ls}\n"),
            "b.yaml:2:13: unknown binding kind 'shell' for tool 'fs.read'; the kinds are 'exec', 'http', 'mcp', "
            "'native', 'mock' and 'builtin'");
}

// ---- exec

TEST(BindingsTest, ExecNeedsANonEmptyArgvOfStrings) {
  EXPECT_EQ(parseError("tools:\n  t: {exec: {cwd: x}}\n"),
            "b.yaml:2:13: the exec binding of tool 't' needs 'argv'; add 'argv: [PROGRAM, ARG…]'");
  EXPECT_EQ(parseError("tools:\n  t: {exec: [cat]}\n"),
            "b.yaml:2:13: the exec binding of tool 't' must be a mapping, not a list; write {argv: [PROGRAM, ARG…]}");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: cat}}\n"),
            "b.yaml:2:20: 'argv' of the exec binding of tool 't' must be a list of strings, not a string ('cat'); "
            "write it as [PROGRAM, ARG…]");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: []}}\n"),
            "b.yaml:2:20: 'argv' of the exec binding of tool 't' must not be empty; name the program to run first");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [sleep, 30]}}\n"),
            "b.yaml:2:28: each item of 'argv' of the exec binding of tool 't' must be a string, not an integer "
            "(30); write it in quotes: '30'");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: ['', x]}}\n"),
            "b.yaml:2:21: 'argv' of the exec binding of tool 't' must start with a program, not an empty string");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [\"a\\0b\"]}}\n"),
            "b.yaml:2:21: each item of 'argv' of the exec binding of tool 't' contains a NUL byte; remove it");
}

TEST(BindingsTest, ExecFieldsAreChecked) {
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [cat], timeout: 5}}\n"),
            "b.yaml:2:27: unknown field 'timeout' in the exec binding of tool 't'; did you mean 'timeout_ms'?");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [cat], shell: true}}\n"),
            "b.yaml:2:27: unknown field 'shell' in the exec binding of tool 't'; the fields are 'argv', 'cwd', "
            "'env' and 'timeout_ms'");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [cat], argv: [ls]}}\n"),
            "b.yaml:2:27: duplicate field 'argv' in the exec binding of tool 't'; remove one of them");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [cat], cwd: [a]}}\n"),
            "b.yaml:2:32: 'cwd' of the exec binding of tool 't' must be a string, not a list");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [cat], cwd: ''}}\n"),
            "b.yaml:2:32: 'cwd' of the exec binding of tool 't' must not be empty");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [cat], env: [A=1]}}\n"),
            "b.yaml:2:32: 'env' of the exec binding of tool 't' must be a mapping, not a list; write it as "
            "{NAME: VALUE, …}");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [cat], env: {DEBUG: 1}}}\n"),
            "b.yaml:2:40: the value of 'DEBUG' in 'env' of the exec binding of tool 't' must be a string, not an "
            "integer (1); write it in quotes: '1'");
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [cat], env: {'A=B': x}}}\n"),
            "b.yaml:2:33: invalid environment variable name 'A=B' in 'env' of the exec binding of tool 't'; a name "
            "is not empty and has no '='");
}

TEST(BindingsTest, TimeoutIsAWholeNumberOfMilliseconds) {
  for (const char *bad : {"-5", "2.5", "'100'", "[1]", "true", "99999999999999999999"}) {
    std::string message = parseError(std::string("tools:\n  t: {exec: {argv: [cat], timeout_ms: ") + bad + "}}\n");
    EXPECT_EQ(message.rfind("b.yaml:2:39: 'timeout_ms' of the exec binding of tool 't' must be a whole number of "
                            "milliseconds, not ",
                            0),
              0u)
        << message;
    EXPECT_NE(message.find("; write 0 or more (0: no timeout)"), std::string::npos) << message;
  }
  EXPECT_EQ(parseError("tools:\n  t: {exec: {argv: [cat], timeout_ms: -5}}\n"),
            "b.yaml:2:39: 'timeout_ms' of the exec binding of tool 't' must be a whole number of milliseconds, not "
            "an integer (-5); write 0 or more (0: no timeout)");
  BindingsFile ok = BindingsFile::parse("tools:\n  t: {exec: {argv: [cat], timeout_ms: 0}}\n", "b.yaml");
  EXPECT_EQ(ok.entries()[0].spec.dump(), R"({"argv":["cat"],"timeout_ms":0})");
}

// ---- mock, builtin, native

TEST(BindingsTest, MockNeedsExactlyOneOfResultOrTemplate) {
  EXPECT_EQ(parseError("tools:\n  t: {mock: {result: 1, template: 2}}\n"),
            "b.yaml:2:13: the mock binding of tool 't' has both 'result' and 'template'; keep one of them");
  EXPECT_EQ(parseError("tools:\n  t: {mock: {}}\n"),
            "b.yaml:2:13: the mock binding of tool 't' needs 'result' (a fixed value) or 'template' (filled from "
            "the arguments)");
  EXPECT_EQ(parseError("tools:\n  t: {mock: 5}\n"),
            "b.yaml:2:13: the mock binding of tool 't' must be a mapping, not an integer (5); write {result: VALUE} "
            "or {template: VALUE}");
  EXPECT_EQ(parseError("tools:\n  t: {mock: {reslt: 1}}\n"),
            "b.yaml:2:14: unknown field 'reslt' in the mock binding of tool 't'; did you mean 'result'?");
  EXPECT_EQ(parseError("tools:\n  t: {mock: {result: {a: 1, a: 2}}}\n"),
            "b.yaml:2:29: duplicate key 'a'; remove one of them");
  BindingsFile nulls = BindingsFile::parse("tools:\n  t: {mock: {result: null}}\n", "b.yaml");
  EXPECT_EQ(nulls.entries()[0].spec.dump(), R"({"result":null})");
}

TEST(BindingsTest, MockTemplatePlaceholdersAreCheckedWhereWritten) {
  EXPECT_EQ(parseError("tools:\n  t:\n    mock:\n      template:\n        ok: '{{args.a}}'\n"
                       "        list: [1, 'x {{input.b}}']\n"),
            "b.yaml:6:19: malformed placeholder '{{input.b}}': a placeholder starts with 'args', in the template of "
            "tool 't'; write placeholders as {{args}} or {{args.PATH}}");
  BindingsFile file = BindingsFile::parse("tools:\n  t: {mock: {result: '{{not checked'}}\n", "b.yaml");
  EXPECT_EQ(file.entries().size(), 1u) << "a fixed result is returned as written";
}

TEST(BindingsTest, BuiltinNamesOneOfTheBuiltins) {
  EXPECT_EQ(parseError("tools:\n  t: {builtin: read_fil}\n"),
            "b.yaml:2:16: unknown builtin 'read_fil' for tool 't'; did you mean 'read_file'?");
  EXPECT_EQ(parseError("tools:\n  t: {builtin: {name: now}}\n"),
            "b.yaml:2:16: the builtin binding of tool 't' must be a string, not a mapping");
}

TEST(BindingsTest, NativeNamesACIdentifier) {
  EXPECT_EQ(parseError("tools:\n  t: {native: my-tool}\n"),
            "b.yaml:2:15: the native binding of tool 't' must name a C++ function, not 'my-tool'; write an "
            "identifier such as extract_citations");
  EXPECT_EQ(parseError("tools:\n  t: {native: 42}\n"),
            "b.yaml:2:15: the native binding of tool 't' must be a string, not an integer (42); write it in quotes: "
            "'42'");
  EXPECT_EQ(BindingsFile::parse("tools: {t: {native: _f2}}", "b.yaml").entries()[0].native, "_f2");
}

// ---- http, mcp: the shapes (the bindings themselves: HttpToolTest, McpClientTest)

TEST(BindingsTest, HttpFieldsAreChecked) {
  EXPECT_EQ(parseError("tools:\n  t: {http: {method: POST}}\n"),
            "b.yaml:2:13: the http binding of tool 't' needs 'url'; add 'url: \"http://HOST/PATH\"'");
  EXPECT_EQ(parseError("tools:\n  t: {http: {url: ftp://x}}\n"),
            "b.yaml:2:19: 'url' of the http binding of tool 't' must start with http:// or https://, not 'ftp://x'");
  EXPECT_EQ(parseError("tools:\n  t: {http: {url: 'http://x', method: PSOT}}\n"),
            "b.yaml:2:39: unknown HTTP method 'PSOT' in the http binding of tool 't'; did you mean 'POST'?");
  EXPECT_EQ(parseError("tools:\n  t: {http: {url: 'http://x', headers: [a]}}\n"),
            "b.yaml:2:40: 'headers' of the http binding of tool 't' must be a mapping, not a list; write it as "
            "{NAME: VALUE, …}");
  EXPECT_EQ(parseError("tools:\n  t: {http: {url: 'http://x', headers_from_env: {Authorization: ''}}}\n"),
            "b.yaml:2:65: invalid environment variable name '' in 'headers_from_env' of the http binding of tool "
            "'t'; a name is not empty and has no '='");
  EXPECT_EQ(parseError("tools:\n  t: {http: {url: 'http://x', timeout_ms: soon}}\n"),
            "b.yaml:2:43: 'timeout_ms' of the http binding of tool 't' must be a whole number of milliseconds, not a "
            "string ('soon'); write 0 or more (0: no timeout)");
  BindingsFile ok = BindingsFile::parse("tools:\n  t: {http: {url: 'HTTPS://x', method: get}}\n", "b.yaml");
  EXPECT_EQ(ok.entries()[0].kind, "http");
}

TEST(BindingsTest, McpBindingsNameADefinedServer) {
  EXPECT_EQ(parseError("tools:\n  t: {mcp: {server: fils}}\nmcp_servers:\n  files: {command: npx}\n"),
            "b.yaml:2:21: tool 't' names MCP server 'fils', which 'mcp_servers' does not define; did you mean "
            "'files'?");
  EXPECT_EQ(parseError("tools:\n  t: {mcp: {server: db}}\n"),
            "b.yaml:2:21: tool 't' names MCP server 'db', which 'mcp_servers' does not define; define it under "
            "'mcp_servers' with its 'command'");
  EXPECT_EQ(parseError("tools:\n  t: {mcp: {tool: x}}\n"),
            "b.yaml:2:12: the mcp binding of tool 't' needs 'server'; add 'server: NAME'");
  EXPECT_EQ(parseError("mcp_servers:\n  files: {args: [x]}\n"),
            "b.yaml:2:10: MCP server 'files' needs 'command'; add 'command: PROGRAM'");
  EXPECT_EQ(parseError("mcp_servers:\n  files: {command: npx, args: x}\n"),
            "b.yaml:2:31: 'args' of MCP server 'files' must be a list of strings, not a string ('x'); write it as "
            "[ARG, …]");
  EXPECT_EQ(parseError("mcp_servers:\n  files: {command: npx, argv: [x]}\n"),
            "b.yaml:2:25: unknown field 'argv' in MCP server 'files'; did you mean 'args'?");
  EXPECT_EQ(parseError("mcp_servers:\n  files: {command: npx}\n  files: {command: npx}\n"),
            "b.yaml:3:3: MCP server 'files' is defined twice (first at b.yaml:2:3); remove one of them");
  EXPECT_EQ(parseError("mcp_servers: [files]\n"),
            "b.yaml:1:14: 'mcp_servers' must be a mapping, not a list; write 'NAME: {command: PROGRAM, args: "
            "[ARG…]}' entries");
}

}  // namespace
}  // namespace wfc
