// What the fault-injection suites share (docs/resilience.md, docs/journal.md): running a compiled
// workflow as a black box — a child process with a scrubbed environment, stdout and stderr in
// files — and reading what it left: text, JSON lines, trace events, surviving processes.
#pragma once

#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char **environ;

namespace wfc::test {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using Clock = std::chrono::steady_clock;

inline bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

// ---- running an executable

struct Outcome {
  int exitCode = -1;  // -1 unless it exited
  int signal = 0;     // the signal that killed it
  bool timedOut = false;
  double seconds = 0;
  std::string out, err;
  std::string describe() const {
    std::string what = timedOut ? "timed out (killed)"
                       : signal ? "killed by signal " + std::to_string(signal)
                                : "exit " + std::to_string(exitCode);
    return what + "\n--- stdout:\n" + out + "\n--- stderr:\n" + err;
  }
};

// What the child must not inherit from the test's environment: the LLM settings (a developer's
// real key or endpoint would change what the run does).
inline const std::set<std::string> kScrubbed = {"OPENAI_API_KEY",  "WFC_MODEL",         "WFC_LLM_BASE_URL",
                                         "OPENAI_BASE_URL", "WFC_LLM_TIMEOUT_MS", "ANTHROPIC_API_KEY",
                                         "ANTHROPIC_BASE_URL"};

// One run of an executable: stdin /dev/null, stdout and stderr into files of `ioDir`, the
// environment scrubbed of kScrubbed plus `env` ("NAME=value"), in `cwd` when given.
class Child {
 public:
  Child(const std::string &exe, const std::vector<std::string> &args, const std::vector<std::string> &env,
        const fs::path &ioDir, const std::string &cwd = "")
      : outPath_(ioDir / "stdout"), errPath_(ioDir / "stderr") {
    fs::create_directories(ioDir);
    std::vector<std::string> envStrings;
    for (char **e = environ; e && *e; ++e) {
      std::string entry(*e);
      if (!kScrubbed.count(entry.substr(0, entry.find('=')))) envStrings.push_back(entry);
    }
    envStrings.insert(envStrings.end(), env.begin(), env.end());
    std::vector<std::string> argStrings = {exe};
    argStrings.insert(argStrings.end(), args.begin(), args.end());
    std::vector<char *> argv, envp;
    for (std::string &a : argStrings) argv.push_back(a.data());
    argv.push_back(nullptr);
    for (std::string &e : envStrings) envp.push_back(e.data());
    envp.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, outPath_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, errPath_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
    started_ = Clock::now();
    int rc = posix_spawn(&pid_, exe.c_str(), &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
      pid_ = -1;
      ADD_FAILURE() << "cannot run " << exe << ": " << std::strerror(rc);
    }
  }
  ~Child() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  Child(const Child &) = delete;
  Child &operator=(const Child &) = delete;

  pid_t pid() const { return pid_; }

  // Waits for the exit (SIGKILL after `timeoutSeconds`, reported as timedOut).
  Outcome wait(double timeoutSeconds = 20) {
    Outcome o;
    if (pid_ <= 0) return o;
    auto deadline = started_ + std::chrono::duration<double>(timeoutSeconds);
    int status = 0;
    for (;;) {
      pid_t done = ::waitpid(pid_, &status, WNOHANG);
      if (done == pid_) break;
      if (Clock::now() >= deadline && !o.timedOut) {
        o.timedOut = true;
        ::kill(pid_, SIGKILL);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    pid_ = -1;
    o.seconds = std::chrono::duration<double>(Clock::now() - started_).count();
    if (WIFEXITED(status)) o.exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) o.signal = WTERMSIG(status);
    o.out = readText(outPath_);
    o.err = readText(errPath_);
    return o;
  }

 private:
  fs::path outPath_, errPath_;
  pid_t pid_ = -1;
  Clock::time_point started_;
};

// Waits up to a second for every pid in `file` (one per line) to be gone; returns those that are not.
inline std::vector<pid_t> survivors(const fs::path &file) {
  std::vector<pid_t> pids;
  std::istringstream lines(readText(file));
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) pids.push_back(pid_t(std::stol(line)));
  auto deadline = Clock::now() + std::chrono::seconds(1);
  for (;;) {
    std::vector<pid_t> alive;
    for (pid_t p : pids)
      if (processAlive(p)) alive.push_back(p);
    if (alive.empty() || Clock::now() >= deadline) {
      for (pid_t p : alive) ::kill(p, SIGKILL);  // do not leave them behind the suite either
      return alive;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

}  // namespace wfc::test
