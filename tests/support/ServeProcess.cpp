#include "ServeProcess.h"

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace wfc::test {

ServeProcess::ServeProcess(const std::string &exe, const std::vector<std::string> &args, const std::string &stderrPath,
                           const std::map<std::string, std::string> &env, const std::string &workdir)
    : stderrPath_(stderrPath) {
  std::vector<std::string> argv = {exe};
  argv.insert(argv.end(), args.begin(), args.end());
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    int err = ::open(stderrPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int devnull = ::open("/dev/null", O_RDWR);
    if (err >= 0) ::dup2(err, 2);
    if (devnull >= 0) ::dup2(devnull, 0), ::dup2(devnull, 1);
    for (const auto &[name, value] : env) ::setenv(name.c_str(), value.c_str(), 1);
    if (!workdir.empty() && ::chdir(workdir.c_str()) != 0) ::_exit(126);
    std::vector<char *> raw;
    for (std::string &a : argv) raw.push_back(a.data());
    raw.push_back(nullptr);
    ::execv(exe.c_str(), raw.data());
    ::_exit(127);
  }
}

ServeProcess::~ServeProcess() {
  if (!reaped_ && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, &status_, 0);
  }
}

std::string ServeProcess::stderrText() const {
  std::ifstream in(stderrPath_);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::optional<std::string> ServeProcess::waitReady(std::chrono::milliseconds timeout) {
  static const std::regex serving("serving .* on (http://[^ ]+)/ ");
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    std::smatch m;
    std::string text = stderrText();
    if (std::regex_search(text, m, serving)) return m[1].str();
    if (wait(std::chrono::milliseconds(0))) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return std::nullopt;
}

std::optional<int> ServeProcess::wait(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (!reaped_) {
      pid_t r = ::waitpid(pid_, &status_, WNOHANG);
      if (r == pid_) reaped_ = true;
    }
    if (reaped_) return WIFEXITED(status_) ? WEXITSTATUS(status_) : 128 + WTERMSIG(status_);
    if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

void ServeProcess::signal(int sig) {
  if (!reaped_) ::kill(pid_, sig);
}

}  // namespace wfc::test
