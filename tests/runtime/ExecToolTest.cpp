// The exec binding with real processes: stdin/stdout JSON, environment, cwd, large outputs,
// failures with stderr's tail, timeouts and cancellation that kill the whole process group.
#include "core/tools/ExecTool.h"

#include "TestSupport.h"
#include "wfc/error.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <thread>

#include <csignal>

#include <sys/stat.h>

namespace wfc::tools {
namespace {

using namespace std::chrono_literals;
using test::TempDir;
using Clock = std::chrono::steady_clock;

int64_t msSince(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

ExecSpec spec(std::string name, std::vector<std::string> argv) {
  ExecSpec s;
  s.name = std::move(name);
  s.argv = std::move(argv);
  return s;
}

ExecSpec shell(std::string name, const std::string &script, std::vector<std::string> extra = {}) {
  std::vector<std::string> argv = {"/bin/sh", "-c", script};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return spec(std::move(name), std::move(argv));
}

Value run(const ExecSpec &s, const Value &args = Value::object({}), const std::string &key = "run/step/1",
          const CancellationToken &cancel = CancellationToken()) {
  return ExecTool(s).call(args, key, cancel);
}

// The error a call throws (fails the test when it does not throw one).
Error callError(const ExecSpec &s, const Value &args = Value::object({}),
                const CancellationToken &cancel = CancellationToken()) {
  try {
    ExecTool(s).call(args, "run/step/1", cancel);
  } catch (const Error &e) {
    return e;
  }
  ADD_FAILURE() << "the call did not throw";
  return Error(ErrorKind::Usage, "<no error>");
}

pid_t readPid(const std::filesystem::path &file) {
  // The shell writes it before it blocks; give it a moment in case the test raced ahead.
  for (int i = 0; i < 200; ++i) {
    std::string text = test::readText(file);
    if (!text.empty() && text.back() == '\n') return static_cast<pid_t>(std::stol(text));
    std::this_thread::sleep_for(5ms);
  }
  ADD_FAILURE() << "no pid in " << file;
  return -1;
}

TEST(ExecToolTest, ArgumentsOnStdinResultFromStdout) {
  Value args = Value::parse(R"({"a":1,"b":[true,null,2.5],"s":"é \"q\"\n"})");
  Value result = run(spec("echo", {"cat"}), args);
  EXPECT_EQ(result.dump(), R"({"a":1,"b":[true,null,2.5],"s":"é \"q\"\n"})");
  // Whitespace around the result is fine; the result may be any JSON value.
  EXPECT_EQ(run(shell("num", "printf '\\n  42 \\n\\n'")).dump(), "42");
}

TEST(ExecToolTest, EnvironmentGetsIdempotencyKeyAndAdditions) {
  ::setenv("WFC_TEST_INHERITED", "inherited", 1);
  ::setenv("WFC_TEST_OVERRIDE", "old", 1);
  ExecSpec s = shell("env",
                     "printf '{\"key\":\"%s\",\"foo\":\"%s\",\"inherited\":\"%s\",\"override\":\"%s\",\"copies\":%s}' "
                     "\"$WFC_IDEMPOTENCY_KEY\" \"$FOO\" \"$WFC_TEST_INHERITED\" \"$WFC_TEST_OVERRIDE\" "
                     "\"$(env | grep -c '^WFC_TEST_OVERRIDE=')\"");
  s.env = {{"FOO", "bar baz"}, {"WFC_TEST_OVERRIDE", "new"}, {"WFC_IDEMPOTENCY_KEY", "not this one"}};
  Value result = run(s, Value::object({}), "run-7/summarize/2");
  EXPECT_EQ(result.dump(),
            R"({"key":"run-7/summarize/2","foo":"bar baz","inherited":"inherited","override":"new","copies":1})");
  ::unsetenv("WFC_TEST_INHERITED");
  ::unsetenv("WFC_TEST_OVERRIDE");
}

TEST(ExecToolTest, RunsInTheGivenWorkingDirectory) {
  TempDir dir;
  test::writeText(dir / "input.json", R"({"from":"file"})");
  ExecSpec s = shell("pwd", "printf '{\"cwd\":\"%s\",\"file\":%s}' \"$(pwd -P)\" \"$(cat input.json)\"");
  s.cwd = dir.path().string();
  EXPECT_EQ(run(s).dump(), R"({"cwd":")" + dir.path().string() + R"(","file":{"from":"file"}})");

  s.cwd = (dir / "missing").string();
  Error e = callError(s);
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  EXPECT_EQ(std::string(e.what()),
            "tool 'pwd': working directory '" + (dir / "missing").string() + "' is not a directory");
}

TEST(ExecToolTest, LargeInputAndOutputAtOnceDoNotDeadlock) {
  // cat writes its output while we are still writing its input: 2 MiB each way.
  std::string big(2 << 20, 'x');
  for (size_t i = 0; i < big.size(); i += 4096) big[i] = 'a' + static_cast<char>(i / 4096 % 26);
  auto start = Clock::now();
  Value result = run(spec("cat", {"cat"}), Value::string(big));
  EXPECT_EQ(result.asString(), big);
  // A deadlock never ends; the bound is far above the tens of milliseconds this takes, so that a
  // sanitizer build on a loaded machine (2.0 s once under TSan) does not fail it.
  EXPECT_LT(msSince(start), 15000);
}

TEST(ExecToolTest, LargeStdoutWithLargeStderr) {
  // 3 MB on stderr first (only its tail is kept), then a 1.5 MB string result.
  ExecSpec s = shell("gen",
                     "head -c 3000000 /dev/zero | tr '\\0' e >&2; printf '\"'; "
                     "head -c 1500000 /dev/zero | tr '\\0' a; printf '\"'");
  Value result = run(s);
  EXPECT_EQ(result.asString().size(), 1500000u);
  EXPECT_EQ(result.asString(), std::string(1500000, 'a'));
}

TEST(ExecToolTest, ToolThatDoesNotReadItsInput) {
  // Writing 2 MiB into a pipe nobody reads fails with EPIPE; that must not kill us.
  Value result = run(shell("noread", "printf '{\"ok\":true}'"), Value::string(std::string(2 << 20, 'z')));
  EXPECT_EQ(result.dump(), R"({"ok":true})");
}

TEST(ExecToolTest, NonZeroExitCarriesStatusAndStderrTail) {
  Error e = callError(shell("fail", "head -c 5000 /dev/zero | tr '\\0' x >&2; printf 'END\\n' >&2; exit 3"));
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  EXPECT_EQ(e.exitCode(), 1);
  EXPECT_EQ(std::string(e.what()), "tool 'fail' exited with status 3: …" + std::string(2045, 'x') + "END");

  Error quiet = callError(shell("quiet", "printf '{}'; exit 2"));
  EXPECT_EQ(std::string(quiet.what()), "tool 'quiet' exited with status 2");
}

TEST(ExecToolTest, DeathBySignalIsReported) {
  Error e = callError(shell("doomed", "echo dying >&2; kill -KILL $$"));
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  EXPECT_EQ(std::string(e.what()), "tool 'doomed' was killed by signal 9 (SIGKILL): dying");
}

TEST(ExecToolTest, BadOrMissingJsonOnStdout) {
  Error bad = callError(shell("bad", "printf 'not json'; echo 'warning: odd' >&2"));
  EXPECT_EQ(bad.kind(), ErrorKind::StepFailed);
  std::string what = bad.what();
  EXPECT_EQ(what.rfind("tool 'bad' printed invalid JSON on stdout (parse error at line 1, column 2: ", 0), 0u) << what;
  EXPECT_EQ(what.substr(what.size() - 15), "): warning: odd") << what;

  Error two = callError(shell("two", "printf '{}{}'"));
  EXPECT_EQ(
      std::string(two.what()).rfind("tool 'two' printed invalid JSON on stdout (parse error at line 1, column 3", 0),
      0u)
      << two.what();

  Error empty = callError(shell("empty", "printf '  \\n'"));
  EXPECT_EQ(empty.kind(), ErrorKind::StepFailed);
  EXPECT_EQ(std::string(empty.what()), "tool 'empty' printed nothing on stdout (expected a JSON result)");
}

TEST(ExecToolTest, ProgramNotFoundOrNotExecutable) {
  Error inPath = callError(spec("ghost", {"wfc-no-such-command-4711", "--flag"}));
  EXPECT_EQ(inPath.kind(), ErrorKind::StepFailed);
  EXPECT_EQ(std::string(inPath.what()), "tool 'ghost': command 'wfc-no-such-command-4711' not found in PATH");

  Error byPath = callError(spec("ghost", {"/nonexistent/wfc-tool"}));
  EXPECT_EQ(std::string(byPath.what()), "tool 'ghost': cannot run '/nonexistent/wfc-tool': No such file or directory");

  TempDir dir;
  test::writeText(dir / "script", "#!/bin/sh\nprintf '{}'\n");
  std::string script = (dir / "script").string();
  Error notExecutable = callError(spec("noexec", {script}));
  EXPECT_EQ(std::string(notExecutable.what()), "tool 'noexec': cannot run '" + script + "': Permission denied");
  ::chmod(script.c_str(), 0755);
  EXPECT_EQ(run(spec("exec", {script})).dump(), "{}");
}

TEST(ExecToolTest, TimeoutIsExhaustedAndPrompt) {
  ExecSpec s = spec("slow", {"sleep", "5"});
  s.timeoutMs = 200;
  auto start = Clock::now();
  Error e = callError(s);
  int64_t elapsed = msSince(start);
  EXPECT_EQ(e.kind(), ErrorKind::Exhausted);
  EXPECT_EQ(e.exitCode(), 3);
  EXPECT_EQ(std::string(e.what()), "tool 'slow' timed out after 200 ms");
  EXPECT_GE(elapsed, 200);
  EXPECT_LT(elapsed, 1000);
}

TEST(ExecToolTest, TimeoutKillsTheWholeProcessGroup) {
  TempDir dir;
  ExecSpec s = shell("tree", "echo $$ > \"$0\"; sleep 100 & echo $! > \"$1\"; wait",
                     {(dir / "shell.pid").string(), (dir / "grandchild.pid").string()});
  s.timeoutMs = 300;
  Error e = callError(s);
  EXPECT_EQ(e.kind(), ErrorKind::Exhausted);
  pid_t shellPid = readPid(dir / "shell.pid");
  pid_t grandchild = readPid(dir / "grandchild.pid");
  ASSERT_GT(grandchild, 0);
  EXPECT_TRUE(test::waitGone(grandchild, 1000ms)) << "the grandchild survived";
  EXPECT_FALSE(test::processAlive(shellPid));
}

TEST(ExecToolTest, ToolIgnoringSigtermIsKilledAfterTheGrace) {
  TempDir dir;
  ExecSpec s = shell("stubborn", "trap '' TERM; echo $$ > \"$0\"; sleep 100 & echo $! > \"$1\"; wait",
                     {(dir / "shell.pid").string(), (dir / "grandchild.pid").string()});
  s.timeoutMs = 200;
  s.killGraceMs = 150;
  auto start = Clock::now();
  auto call = std::async(std::launch::async, [&] { return callError(s); });
  if (call.wait_for(3s) != std::future_status::ready) {
    ADD_FAILURE() << "the tool was not killed: SIGKILL never came";
    ::kill(-readPid(dir / "shell.pid"), SIGKILL);  // unblock the call
  }
  Error e = call.get();
  int64_t elapsed = msSince(start);
  EXPECT_EQ(e.kind(), ErrorKind::Exhausted);
  EXPECT_GE(elapsed, 350);  // SIGTERM was ignored: SIGKILL came after the grace
  EXPECT_LT(elapsed, 1500);
  pid_t grandchild = readPid(dir / "grandchild.pid");
  EXPECT_TRUE(test::waitGone(grandchild, 1000ms)) << "the grandchild survived";
}

TEST(ExecToolTest, CancellationKillsTheProcessGroup) {
  TempDir dir;
  ExecSpec s = shell("cancelled", "sleep 100 & echo $! > \"$0\"; wait", {(dir / "grandchild.pid").string()});
  CancellationToken token;
  auto start = Clock::now();
  std::thread canceller([token] {
    std::this_thread::sleep_for(150ms);
    token.cancel("SIGINT");
  });
  Error e = callError(s, Value::object({}), token);
  int64_t elapsed = msSince(start);
  canceller.join();
  EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
  EXPECT_EQ(std::string(e.what()), "tool 'cancelled' cancelled: SIGINT");
  EXPECT_GE(elapsed, 150);
  EXPECT_LT(elapsed, 1000);
  pid_t grandchild = readPid(dir / "grandchild.pid");
  EXPECT_TRUE(test::waitGone(grandchild, 1000ms)) << "the grandchild survived";
}

TEST(ExecToolTest, AlreadyCancelledStartsNothing) {
  TempDir dir;
  CancellationToken token;
  token.cancel("parallel sibling failed");
  Error e =
      callError(shell("never", "touch \"$0\"; printf '{}'", {(dir / "marker").string()}), Value::object({}), token);
  EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
  EXPECT_EQ(std::string(e.what()), "tool 'never' cancelled: parallel sibling failed");
  EXPECT_FALSE(std::filesystem::exists(dir / "marker"));
}

TEST(ExecToolTest, LeftoverBackgroundProcessDoesNotOutliveTheCall) {
  // The shell exits at once, but its background child holds stdout open: the call must still
  // return promptly, with the result, and the leftover must be killed.
  TempDir dir;
  ExecSpec s = shell("leaky", "sleep 100 & echo $! > \"$0\"; printf '{\"done\":1}'", {(dir / "bg.pid").string()});
  auto start = Clock::now();
  EXPECT_EQ(run(s).dump(), R"({"done":1})");
  EXPECT_LT(msSince(start), 1000);
  pid_t bg = readPid(dir / "bg.pid");
  EXPECT_TRUE(test::waitGone(bg, 1000ms)) << "the background process survived";
}

TEST(ExecToolTest, OutputLimit) {
  ExecSpec s = shell("big", "head -c 500000 /dev/zero");
  s.maxOutputBytes = 1000;
  Error e = callError(s);
  EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
  EXPECT_EQ(std::string(e.what()), "tool 'big' printed more than 1000 bytes on stdout");
}

TEST(ExecToolTest, ConcurrentCallsGetTheirOwnKeysAndRunInParallel) {
  ExecTool tool(shell("par", "sleep 0.3; printf '\"%s\"' \"$WFC_IDEMPOTENCY_KEY\""));
  std::vector<std::string> results(8);
  std::vector<std::thread> threads;
  auto start = Clock::now();
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&, i] {
      try {
        results[i] = tool.call(Value(), "run/par/" + std::to_string(i), CancellationToken()).asString();
      } catch (const Error &e) {
        ADD_FAILURE() << e.what();
      }
    });
  for (auto &t : threads) t.join();
  EXPECT_LT(msSince(start), 1200);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(results[i], "run/par/" + std::to_string(i));
}

TEST(ExecToolTest, PipesDoNotLeakIntoOtherToolsProcesses) {
  // A reads its 256 KiB input (more than a pipe holds) only after 300 ms, so our end of its stdin
  // is still open when B starts. If B's process inherited that descriptor, A's `cat` would see
  // EOF only when B exits (after 1.2 s).
  std::atomic<int64_t> aElapsed{-1};
  auto start = Clock::now();
  std::thread a([&] {
    ExecSpec a = shell("a", "sleep 0.3; cat");
    a.timeoutMs = 1500;  // fails the test instead of hanging if a descriptor leaks
    try {
      Value out = run(a, Value::string(std::string(256 << 10, 'q')));
      EXPECT_EQ(out.asString(), std::string(256 << 10, 'q'));
    } catch (const Error &e) {
      ADD_FAILURE() << e.what();
    }
    aElapsed = msSince(start);
  });
  std::this_thread::sleep_for(50ms);
  std::thread b([] {
    try {
      EXPECT_EQ(run(shell("b", "sleep 1.2; printf 1")).dump(), "1");
    } catch (const Error &e) {
      ADD_FAILURE() << e.what();
    }
  });
  a.join();
  b.join();
  EXPECT_GE(aElapsed.load(), 300);
  EXPECT_LT(aElapsed.load(), 1000);
}

TEST(ExecToolTest, InvalidSpecsAreUsageErrors) {
  auto usage = [](ExecSpec s) -> std::string {
    try {
      ExecTool tool(std::move(s));
    } catch (const Error &e) {
      EXPECT_EQ(e.kind(), ErrorKind::Usage);
      return e.what();
    }
    return "<accepted>";
  };
  EXPECT_EQ(usage(spec("t", {})), "exec binding of tool 't': 'argv' must name a program");
  ExecSpec badEnv = spec("t", {"true"});
  badEnv.env = {{"A=B", "x"}};
  EXPECT_EQ(usage(badEnv), "exec binding of tool 't': invalid environment variable name 'A=B'");
  ExecSpec badTimeout = spec("t", {"true"});
  badTimeout.timeoutMs = -1;
  EXPECT_EQ(usage(badTimeout), "exec binding of tool 't': 'timeout_ms' must not be negative");
  EXPECT_EQ(usage(spec("t", {"true"})), "<accepted>");
}

TEST(ExecToolTest, StderrTailKeepsWholeCharacters) {
  EXPECT_EQ(ExecTool::tail("abc\n\n"), "abc");
  EXPECT_EQ(ExecTool::tail("\xC3\xA9\xC3\xA9\xC3\xA9", 3), "…\xC3\xA9");
  EXPECT_EQ(ExecTool::tail("0123456789", 4), "…6789");
  EXPECT_EQ(ExecTool::tail("", 4), "");
}

}  // namespace
}  // namespace wfc::tools
