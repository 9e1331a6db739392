// The builtin tools on real files in a real temporary workspace: round trips, confinement
// (.., absolute paths, symlinks in and out), argument errors, parse_json and now.
#include "core/tools/BuiltinTools.h"

#include "core/tools/ToolBinding.h"
#include "wfc/cancellation.h"

#include "TestSupport.h"
#include "wfc/error.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include <unistd.h>

namespace wfc::tools {
namespace {

namespace fs = std::filesystem;
using test::errorOf;
using test::readText;
using test::TempDir;
using test::writeText;

Value obj(std::vector<std::pair<std::string, Value>> members) { return Value::object(std::move(members)); }
Value str(std::string_view s) { return Value::string(s); }

class BuiltinToolsTest : public ::testing::Test {
 protected:
  TempDir root;  // holds the workspace and, beside it, an "outside" directory
  fs::path ws = root / "ws";
  fs::path outside = root / "outside";
  void SetUp() override {
    fs::create_directory(ws);
    fs::create_directory(outside);
    writeText(outside / "secret.txt", "top secret");
  }
};

TEST_F(BuiltinToolsTest, WriteThenReadRoundTrip) {
  BuiltinTools tools(ws);
  EXPECT_EQ(tools.workspace(), ws);
  Value wrote = tools.call("write_file", obj({{"path", str("out/sub/report.md")}, {"content", str("héllo\n")}}));
  EXPECT_EQ(wrote.dump(), R"({"bytes":7})");
  EXPECT_EQ(readText(ws / "out/sub/report.md"), "héllo\n");
  Value read = tools.call("read_file", obj({{"path", str("out/sub/report.md")}}));
  EXPECT_EQ(read.dump(), R"({"content":"héllo\n"})");

  // Overwriting truncates.
  EXPECT_EQ(tools.call("write_file", obj({{"path", str("out/sub/report.md")}, {"content", str("ok")}})).dump(),
            R"({"bytes":2})");
  EXPECT_EQ(readText(ws / "out/sub/report.md"), "ok");
  // Empty content and an empty file.
  EXPECT_EQ(tools.call("write_file", obj({{"path", str("empty")}, {"content", str("")}})).dump(), R"({"bytes":0})");
  EXPECT_EQ(tools.call("read_file", obj({{"path", str("empty")}})).dump(), R"({"content":""})");
}

TEST_F(BuiltinToolsTest, PathsInsideTheWorkspaceInAnyForm) {
  BuiltinTools tools(ws);
  fs::create_directory(ws / "a");
  writeText(ws / "b.txt", "B");
  EXPECT_EQ(tools.call("read_file", obj({{"path", str("a/../b.txt")}})).dump(), R"({"content":"B"})");
  EXPECT_EQ(tools.call("read_file", obj({{"path", str("./a/./../b.txt")}})).dump(), R"({"content":"B"})");
  EXPECT_EQ(tools.call("read_file", obj({{"path", str((ws / "b.txt").string())}})).dump(), R"({"content":"B"})");
  EXPECT_EQ(tools.call("read_file", obj({{"path", str("../ws/b.txt")}})).dump(), R"({"content":"B"})");  // out and back
  EXPECT_EQ(tools.call("write_file", obj({{"path", str((ws / "a/c.txt").string())}, {"content", str("C")}})).dump(),
            R"({"bytes":1})");
  EXPECT_EQ(readText(ws / "a/c.txt"), "C");
}

TEST_F(BuiltinToolsTest, EscapesAreRefused) {
  BuiltinTools tools(ws);
  auto read = [&](const std::string &p) { return errorOf([&] { tools.call("read_file", obj({{"path", str(p)}})); }); };
  auto write = [&](const std::string &p) {
    return errorOf([&] { tools.call("write_file", obj({{"path", str(p)}, {"content", str("pwned")}})); });
  };
  std::string secret = (outside / "secret.txt").string();
  EXPECT_EQ(read(secret), "read_file: path '" + secret + "' is outside the workspace");
  EXPECT_EQ(read("../outside/secret.txt"), "read_file: path '../outside/secret.txt' is outside the workspace");
  EXPECT_EQ(read("a/../../outside/secret.txt"),
            "read_file: path 'a/../../outside/secret.txt' is outside the workspace");
  EXPECT_EQ(read("/etc/passwd"), "read_file: path '/etc/passwd' is outside the workspace");
  EXPECT_EQ(read("/nonexistent/x"),
            "read_file: path '/nonexistent/x' is outside the workspace");  // not "does not exist"
  EXPECT_EQ(write("/nonexistent/x"), "write_file: path '/nonexistent/x' is outside the workspace");
  EXPECT_EQ(write("../outside/new.txt"), "write_file: path '../outside/new.txt' is outside the workspace");
  EXPECT_EQ(write(secret), "write_file: path '" + secret + "' is outside the workspace");
  // A sibling directory whose name starts with the workspace's is still outside.
  fs::create_directory(root / "ws2");
  EXPECT_EQ(write("../ws2/x"), "write_file: path '../ws2/x' is outside the workspace");
  EXPECT_FALSE(fs::exists(outside / "new.txt"));
  EXPECT_FALSE(fs::exists(root / "ws2/x"));
  EXPECT_EQ(readText(outside / "secret.txt"), "top secret");
}

TEST_F(BuiltinToolsTest, SymlinksCannotEscape) {
  BuiltinTools tools(ws);
  fs::create_directory_symlink(outside, ws / "linkdir");
  fs::create_symlink(outside / "secret.txt", ws / "leak.txt");
  fs::create_symlink(outside / "created-by-tool.txt", ws / "dangling");
  auto read = [&](const std::string &p) { return errorOf([&] { tools.call("read_file", obj({{"path", str(p)}})); }); };
  auto write = [&](const std::string &p) {
    return errorOf([&] { tools.call("write_file", obj({{"path", str(p)}, {"content", str("pwned")}})); });
  };
  EXPECT_EQ(read("linkdir/secret.txt"),
            "read_file: path 'linkdir/secret.txt' resolves outside the workspace (through a symlink)");
  EXPECT_EQ(read("leak.txt"), "read_file: path 'leak.txt' resolves outside the workspace (through a symlink)");
  EXPECT_EQ(write("linkdir/new.txt"),
            "write_file: path 'linkdir/new.txt' resolves outside the workspace (through a symlink)");
  EXPECT_EQ(write("linkdir/deep/new.txt"),
            "write_file: path 'linkdir/deep/new.txt' resolves outside the workspace (through a symlink)");
  EXPECT_EQ(write("leak.txt"), "write_file: path 'leak.txt' resolves outside the workspace (through a symlink)");
  EXPECT_EQ(write("dangling"), "write_file: 'dangling' is a symlink to a missing file");
  EXPECT_EQ(readText(outside / "secret.txt"), "top secret");
  EXPECT_FALSE(fs::exists(outside / "new.txt"));
  EXPECT_FALSE(fs::exists(outside / "deep"));
  EXPECT_FALSE(fs::exists(outside / "created-by-tool.txt"));

  // Symlinks that stay inside are followed.
  writeText(ws / "real.txt", "real");
  fs::create_symlink("real.txt", ws / "alias.txt");
  EXPECT_EQ(tools.call("read_file", obj({{"path", str("alias.txt")}})).dump(), R"({"content":"real"})");
  tools.call("write_file", obj({{"path", str("alias.txt")}, {"content", str("through")}}));
  EXPECT_EQ(readText(ws / "real.txt"), "through");
  EXPECT_TRUE(fs::is_symlink(ws / "alias.txt"));
}

// list_files: a directory's entries by name, a symlink listed as one (never followed), the
// workspace by default; confined as the others are.
TEST_F(BuiltinToolsTest, ListFiles) {
  BuiltinTools tools(ws);
  writeText(ws / "b.txt", "12345");
  fs::create_directory(ws / "a-dir");
  writeText(ws / "a-dir" / "inner.rs", "x");
  fs::create_directory_symlink(outside, ws / "link");
  EXPECT_EQ(tools.call("list_files", Value()).dump(),
            R"({"entries":[{"name":"a-dir","type":"directory"},{"name":"b.txt","type":"file","size":5},)"
            R"({"name":"link","type":"symlink"}],"truncated":false})");
  EXPECT_EQ(tools.call("list_files", obj({{"path", str("a-dir")}})).dump(),
            R"({"entries":[{"name":"inner.rs","type":"file","size":1}],"truncated":false})");
  auto list = [&](const std::string &p) { return errorOf([&] { tools.call("list_files", obj({{"path", str(p)}})); }); };
  EXPECT_EQ(list("link"), "list_files: path 'link' resolves outside the workspace (through a symlink)");
  EXPECT_EQ(list("../outside"), "list_files: path '../outside' is outside the workspace");
  EXPECT_EQ(list(outside.string()), "list_files: path '" + outside.string() + "' is outside the workspace");
  EXPECT_EQ(list("b.txt").rfind("list_files: cannot list 'b.txt'", 0), 0u) << list("b.txt");
  EXPECT_EQ(list("missing"), "list_files: 'missing' does not exist");
  EXPECT_EQ(errorOf([&] { tools.call("list_files", obj({{"depth", Value::integer(2)}})); }),
            "list_files: unknown argument 'depth' (expected: path)");
}

// A call from a step with a working directory of its own (AWL's prompt-agent working-dir) is
// confined to that directory, not the workspace (docs/bindings.md "builtin").
TEST_F(BuiltinToolsTest, AStepsWorkingDirectoryConfinesTheFileBuiltins) {
  std::unique_ptr<ToolBinding> write = makeBuiltinBinding("write_file", std::make_shared<BuiltinTools>(fs::path(root.str())));
  CancellationToken cancel;
  const std::string dir = ws.string();
  ToolCall inWs{"write_file", "run/agent/1", cancel, dir};
  write->call(obj({{"path", str("note.txt")}, {"content", str("hi")}}), inWs);
  EXPECT_EQ(readText(ws / "note.txt"), "hi");
  EXPECT_EQ(errorOf([&] { write->call(obj({{"path", str("../outside/x.txt")}, {"content", str("x")}}), inWs); }),
            "write_file: path '../outside/x.txt' is outside the workspace");
  EXPECT_FALSE(fs::exists(outside / "x.txt"));
  // Without one, the workspace.
  ToolCall plain{"write_file", "run/step/1", cancel};
  write->call(obj({{"path", str("outside/y.txt")}, {"content", str("y")}}), plain);
  EXPECT_EQ(readText(outside / "y.txt"), "y");
  // A working directory that is not one fails the call, saying so.
  const std::string missing = (root / "nowhere").string();
  ToolCall lost{"write_file", "run/agent/2", cancel, missing};
  EXPECT_NE(errorOf([&] { write->call(obj({{"path", str("a")}, {"content", str("a")}}), lost); })
                .find("the step's working directory"),
            std::string::npos);
}

TEST_F(BuiltinToolsTest, WorkspaceGivenThroughASymlink) {
  fs::create_directory_symlink(ws, root / "ws-link");
  BuiltinTools tools(root / "ws-link");
  EXPECT_EQ(tools.workspace(), ws);
  writeText(ws / "f", "F");
  EXPECT_EQ(tools.call("read_file", obj({{"path", str((root / "ws-link/f").string())}})).dump(), R"({"content":"F"})");
}

TEST_F(BuiltinToolsTest, DefaultWorkspaceIsTheCurrentDirectory) {
  fs::path saved = fs::current_path();
  fs::current_path(ws);
  BuiltinTools tools;
  fs::current_path(saved);
  EXPECT_EQ(tools.workspace(), ws);
  EXPECT_EQ(errorOf([] { BuiltinTools bad("/nonexistent/wfc-ws"); }, ErrorKind::Usage),
            "workspace '/nonexistent/wfc-ws': No such file or directory");
  writeText(root / "file", "");
  EXPECT_EQ(errorOf([&] { BuiltinTools bad(root / "file"); }, ErrorKind::Usage),
            "workspace '" + (root / "file").string() + "' is not a directory");
}

TEST_F(BuiltinToolsTest, FileErrors) {
  BuiltinTools tools(ws);
  fs::create_directory(ws / "sub");
  writeText(ws / "bin", std::string("\xff\xfe\x00\x01", 4));
  auto read = [&](const std::string &p) { return errorOf([&] { tools.call("read_file", obj({{"path", str(p)}})); }); };
  EXPECT_EQ(read("nope.txt"), "read_file: 'nope.txt' does not exist");
  EXPECT_EQ(read("sub"), "read_file: 'sub' is a directory");
  EXPECT_EQ(read("bin"), "read_file: 'bin' is not UTF-8 text");
  EXPECT_EQ(read(""), "read_file: argument 'path' is empty");
  EXPECT_EQ(errorOf([&] {
              tools.call("write_file", obj({{"path", str("sub")}, {"content", str("x")}}));
            }),
            "write_file: 'sub' is a directory");
  EXPECT_EQ(errorOf([&] {
              tools.call("write_file", obj({{"path", str(".")}, {"content", str("x")}}));
            }),
            "write_file: '.' does not name a file");
  EXPECT_EQ(errorOf([&] {
              tools.call("write_file", obj({{"path", str("bin/x")}, {"content", str("x")}}));
            }),
            "write_file: the parent of 'bin/x' is not a directory");
}

TEST_F(BuiltinToolsTest, ArgumentErrors) {
  BuiltinTools tools(ws);
  auto err = [&](std::string_view name, const Value &args) { return errorOf([&] { tools.call(name, args); }); };
  EXPECT_EQ(err("read_file", obj({})), "read_file: missing argument 'path'");
  EXPECT_EQ(err("read_file", Value()), "read_file: missing argument 'path'");
  EXPECT_EQ(err("read_file", obj({{"path", Value::integer(3)}})),
            "read_file: argument 'path' must be a string, found an integer");
  EXPECT_EQ(err("read_file", obj({{"path", str("a")}, {"extra", Value::integer(1)}})),
            "read_file: unknown argument 'extra' (expected: path)");
  EXPECT_EQ(err("read_file", Value::array({})), "read_file: arguments must be an object, found an array");
  EXPECT_EQ(err("write_file", obj({{"path", str("x")}})), "write_file: missing argument 'content'");
  EXPECT_EQ(err("write_file", obj({{"path", str("x")}, {"content", obj({})}})),
            "write_file: argument 'content' must be a string, found an object");
  EXPECT_EQ(err("parse_json", obj({{"text", Value::boolean(true)}})),
            "parse_json: argument 'text' must be a string, found a boolean");
  EXPECT_EQ(err("now", obj({{"tz", str("UTC")}})), "now: unknown argument 'tz' (it takes none)");
  EXPECT_EQ(errorOf([&] { tools.call("rm", obj({})); }, ErrorKind::Usage),
            "unknown builtin tool 'rm' (builtins: read_file, write_file, list_files, parse_json, now)");
  EXPECT_FALSE(fs::exists(ws / "x"));
}

TEST_F(BuiltinToolsTest, ParseJson) {
  BuiltinTools tools(ws);
  EXPECT_EQ(tools.call("parse_json", obj({{"text", str(R"( {"a": [1, 2.5, "x"], "b": null} )")}})).dump(),
            R"({"a":[1,2.5,"x"],"b":null})");
  EXPECT_EQ(tools.call("parse_json", obj({{"text", str("\"just a string\"")}})).asString(), "just a string");
  std::string message = errorOf(
      [&] {
        tools.call("parse_json", obj({{"text", str("{\"a\":")}}));
      },
      ErrorKind::InvalidJson);
  EXPECT_EQ(message.rfind("parse_json: invalid JSON: parse error at line 1, column 6", 0), 0u) << message;
}

TEST_F(BuiltinToolsTest, Now) {
  auto ms = [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  };
  int64_t before = ms();
  Value now = BuiltinTools(ws).call("now", obj({}));
  int64_t after = ms();
  EXPECT_EQ(now.keys(), (std::vector<std::string>{"unix_ms", "iso8601"}));
  int64_t unixMs = now.get("unix_ms")->asInteger();
  EXPECT_GE(unixMs, before);
  EXPECT_LE(unixMs, after);
  EXPECT_EQ(now.get("iso8601")->asString(), BuiltinTools::formatIso8601(unixMs));
  EXPECT_EQ(BuiltinTools::now(Value()).size(), 2u);  // null arguments count as {}

  EXPECT_EQ(BuiltinTools::formatIso8601(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(BuiltinTools::formatIso8601(1700000000123), "2023-11-14T22:13:20.123Z");
  EXPECT_EQ(BuiltinTools::formatIso8601(951782400007), "2000-02-29T00:00:00.007Z");
  EXPECT_EQ(BuiltinTools::formatIso8601(-1), "1969-12-31T23:59:59.999Z");
}

TEST_F(BuiltinToolsTest, Names) {
  EXPECT_EQ(BuiltinTools::names(),
            (std::vector<std::string>{"read_file", "write_file", "list_files", "parse_json", "now"}));
  EXPECT_TRUE(BuiltinTools::has("parse_json"));
  EXPECT_FALSE(BuiltinTools::has("exec"));
}

}  // namespace
}  // namespace wfc::tools
