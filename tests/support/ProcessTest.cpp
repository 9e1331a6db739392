// The child-process helper the CLI and robustness suites rely on: a crash or a hang must show
// up as such, never as a pass.
#include "Process.h"

#include <gtest/gtest.h>

#include <csignal>

namespace wfc::test {
namespace {

TEST(RunProcessTest, CapturesOutputAndExitCode) {
  ProcessResult r = runProcess("/bin/sh", {"-c", "printf out; printf 'err\\nmore' >&2; exit 3"});
  ASSERT_TRUE(r.started) << r.err;
  EXPECT_TRUE(r.exited);
  EXPECT_EQ(r.exitCode, 3);
  EXPECT_EQ(r.termSignal, 0);
  EXPECT_FALSE(r.timedOut);
  EXPECT_EQ(r.out, "out");
  EXPECT_EQ(r.err, "err\nmore");
  EXPECT_EQ(r.firstErrLine(), "err");
  EXPECT_EQ(r.describe(), "exit 3");
}

TEST(RunProcessTest, ReportsASignalDeath) {
  ProcessResult r = runProcess("/bin/sh", {"-c", "kill -SEGV $$"});
  ASSERT_TRUE(r.started) << r.err;
  EXPECT_FALSE(r.exited);
  EXPECT_EQ(r.termSignal, SIGSEGV);
  EXPECT_FALSE(r.timedOut);
  EXPECT_EQ(r.describe().rfind("killed by signal 11", 0), 0u) << r.describe();
}

TEST(RunProcessTest, KillsAHangAtTheDeadline) {
  ProcessResult r = runProcess("/bin/sh", {"-c", "exec sleep 30"}, 0.5);
  ASSERT_TRUE(r.started) << r.err;
  EXPECT_TRUE(r.timedOut);
  EXPECT_FALSE(r.exited);
  EXPECT_EQ(r.termSignal, SIGKILL);
  EXPECT_LT(r.seconds, 5.0);
}

TEST(RunProcessTest, KillsAHangThatClosedItsOutput) {
  ProcessResult r = runProcess("/bin/sh", {"-c", "exec >&- 2>&-; exec sleep 30"}, 0.5);
  ASSERT_TRUE(r.started) << r.err;
  EXPECT_TRUE(r.timedOut);
  EXPECT_LT(r.seconds, 5.0);
}

TEST(RunProcessTest, LargeOutputDoesNotDeadlock) {
  ProcessResult r = runProcess("/bin/sh", {"-c", "head -c 3000000 /dev/zero; head -c 3000000 /dev/zero >&2"});
  ASSERT_TRUE(r.started) << r.err;
  EXPECT_EQ(r.exitCode, 0) << r.describe();
  EXPECT_EQ(r.out.size(), 3000000u);
  EXPECT_EQ(r.err.size(), 3000000u);
}

TEST(RunProcessTest, MissingProgram) {
  ProcessResult r = runProcess("/nonexistent/program", {});
  EXPECT_FALSE(r.started);
  EXPECT_FALSE(r.exited);
}

}  // namespace
}  // namespace wfc::test
