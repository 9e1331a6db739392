#include "LlmServerProcess.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

#include <csignal>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef WFC_TEST_LLM_SERVER
#error "WFC_TEST_LLM_SERVER must name the wfc_test_llm_server binary"
#endif

namespace wfc::test {
namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kStartTimeout = std::chrono::seconds(10);
constexpr auto kStopTimeout = std::chrono::seconds(5);
constexpr const char *kListening = "listening on 127.0.0.1:";

std::string errnoText(const std::string &what) { return what + ": " + std::strerror(errno); }

std::string describeStatus(int status) {
  if (WIFEXITED(status))
    return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return "signal " + std::to_string(WTERMSIG(status));
  return "status " + std::to_string(status);
}

void closeFd(int &fd) {
  if (fd >= 0)
    ::close(fd);
  fd = -1;
}

// Makes `fd` the child's `target` descriptor, without close-on-exec. (dup2 onto itself would
// keep the flag, so that case clears it by hand.)
void moveTo(int fd, int target) {
  if (fd == target)
    ::fcntl(fd, F_SETFD, 0);
  else
    ::dup2(fd, target);
}

// Reads the server's first stdout line, or gives up at `deadline`. Empty on end of file.
std::string readLine(int fd, Clock::time_point deadline) {
  std::string line;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0)
      throw std::runtime_error("no 'listening on' line within " +
                               std::to_string(std::chrono::seconds(kStartTimeout).count()) + " s");
    pollfd p{fd, POLLIN, 0};
    int ready = ::poll(&p, 1, static_cast<int>(left));
    if (ready < 0 && errno != EINTR)
      throw std::runtime_error(errnoText("poll"));
    if (ready <= 0)
      continue;
    char ch = 0;
    ssize_t n = ::read(fd, &ch, 1);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return line;
    if (ch == '\n')
      return line;
    line += ch;
  }
}

}  // namespace

LlmServerProcess::LlmServerProcess(const nlohmann::json &script, int port) {
  namespace fs = std::filesystem;
  std::string pattern = (fs::temp_directory_path() / "wfc-llm-server-XXXXXX").string();
  if (!::mkdtemp(pattern.data()))
    throw std::runtime_error(errnoText("mkdtemp " + pattern));
  dir_ = pattern;
  scriptPath_ = dir_ + "/script.json";
  logPath_ = dir_ + "/requests.jsonl";

  // The destructor does not run when the constructor throws: clean up here.
  int stdoutFds[2] = {-1, -1};
  auto fail = [&](const std::string &message) {
    closeFd(stdoutFds[0]);
    closeFd(stdoutFds[1]);
    stop();
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
    throw std::runtime_error("wfc_test_llm_server: " + message);
  };

  {
    std::ofstream out(scriptPath_);
    out << script.dump(2) << '\n';
    if (!out)
      fail("cannot write " + scriptPath_);
  }

  // Close-on-exec on every end, so that processes other threads of the test spawn meanwhile
  // do not inherit them (a leaked stdin end would keep the server alive).
  int stdinFds[2] = {-1, -1};
  if (::pipe2(stdinFds, O_CLOEXEC) != 0)
    fail(errnoText("pipe"));
  if (::pipe2(stdoutFds, O_CLOEXEC) != 0) {
    closeFd(stdinFds[0]);
    closeFd(stdinFds[1]);
    fail(errnoText("pipe"));
  }
  stdinFd_ = stdinFds[1];

  // Everything the child needs is built before fork: after it, only async-signal-safe calls.
  std::vector<std::string> args = {WFC_TEST_LLM_SERVER, "--script", scriptPath_, "--log", logPath_,
                                   "--port",            std::to_string(port), "--watch-stdin"};
  std::vector<char *> argv;
  for (std::string &arg : args)
    argv.push_back(arg.data());
  argv.push_back(nullptr);

  pid_t pid = ::fork();
  if (pid < 0) {
    closeFd(stdinFds[0]);
    fail(errnoText("fork"));
  }
  if (pid == 0) {
    moveTo(stdinFds[0], STDIN_FILENO);
    moveTo(stdoutFds[1], STDOUT_FILENO);
    ::execv(argv[0], argv.data());
    const char message[] = "wfc_test_llm_server: exec failed\n";
    [[maybe_unused]] ssize_t ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
    ::_exit(127);
  }
  pid_ = pid;
  closeFd(stdinFds[0]);
  closeFd(stdoutFds[1]);

  std::string line;
  try {
    line = readLine(stdoutFds[0], Clock::now() + kStartTimeout);
  } catch (const std::exception &e) {
    fail(e.what());
  }
  closeFd(stdoutFds[0]);  // the server writes nothing else to stdout

  if (line.rfind(kListening, 0) != 0) {
    // No line: the server exited (bad script, port in use); its stderr says why.
    int status = 0;
    if (line.empty() && ::waitpid(pid_, &status, 0) == pid_) {
      pid_ = -1;
      fail("exited before listening (" + describeStatus(status) + "); see its stderr");
    }
    fail("unexpected first line: '" + line + "'");
  }
  port_ = std::atoi(line.c_str() + std::strlen(kListening));
  if (port_ <= 0)
    fail("no port in '" + line + "'");
}

LlmServerProcess::~LlmServerProcess() {
  stop();
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

std::string LlmServerProcess::baseUrl() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }

int LlmServerProcess::port() const { return port_; }

const std::string &LlmServerProcess::logPath() const { return logPath_; }

bool LlmServerProcess::running() const { return pid_ > 0; }

std::vector<nlohmann::json> LlmServerProcess::requests() const {
  std::vector<nlohmann::json> lines;
  std::ifstream in(logPath_);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Only whole lines: the server may be writing one right now.
  size_t start = 0;
  for (size_t end = text.find('\n'); end != std::string::npos; start = end + 1, end = text.find('\n', start)) {
    if (end > start)
      lines.push_back(nlohmann::json::parse(text.substr(start, end - start)));
  }
  // Lines are written as requests are answered; tests reason in arrival order.
  std::stable_sort(lines.begin(), lines.end(), [](const nlohmann::json &a, const nlohmann::json &b) {
    return a.value("seq", 0) < b.value("seq", 0);
  });
  return lines;
}

void LlmServerProcess::stop() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    const auto deadline = Clock::now() + kStopTimeout;
    bool killed = false;
    for (;;) {
      int status = 0;
      pid_t done = ::waitpid(pid_, &status, WNOHANG);
      if (done == pid_ || (done < 0 && errno != EINTR))
        break;  // exited (or already reaped by someone else: ECHILD)
      if (!killed && Clock::now() > deadline) {
        ::kill(pid_, SIGKILL);
        killed = true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    pid_ = -1;
  }
  closeFd(stdinFd_);
}

int LlmServerProcess::unusedPort() {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    throw std::runtime_error(errnoText("socket"));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) != 0) {
    std::string message = errnoText("bind");
    ::close(fd);
    throw std::runtime_error(message);
  }
  ::close(fd);
  return ntohs(address.sin_port);
}

}  // namespace wfc::test
