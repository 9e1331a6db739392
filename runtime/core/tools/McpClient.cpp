#include "core/tools/McpClient.h"

#include "common/JsonReader.h"
#include "common/Utf8.h"
#include "core/tools/ChildProcess.h"
#include "core/tools/ExecTool.h"
#include "support/http/HttpClient.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <optional>
#include <set>
#include <string_view>

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef WFC_MCP_CLIENT_VERSION
#define WFC_MCP_CLIENT_VERSION "0"
#endif


namespace wfc::tools {
namespace {

using Json = nlohmann::ordered_json;
using Clock = McpClient::Clock;
using std::chrono::milliseconds;

// The protocol versions whose tools/list and tools/call wfc speaks (newest first).
const std::vector<std::string> kAcceptedVersions = {"2025-06-18", "2025-03-26", "2024-11-05"};
// After the process exits, how long to keep reading pipes that an escaped process may hold.
constexpr milliseconds kDrainLimit{500};
// Without a pidfd, how often to look for the server's exit.
constexpr milliseconds kExitPollInterval{20};
// stderr kept (messages show the last ~2 KiB).
constexpr size_t kStderrKeep = 8192;
// tools/list pages followed at most.
constexpr int kMaxToolPages = 1000;

std::string inQuotes(std::string_view s) { return "'" + std::string(s) + "'"; }

void closeFd(int &fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

std::string dumpLine(const Json &message) {
  return message.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

enum class Wait { Done, Cancelled, Timeout };

}  // namespace

McpClient::McpClient(McpServerSpec spec) : spec_(std::move(spec)) {
  if (spec_.shutdownGraceMs < 0) spec_.shutdownGraceMs = 0;
  if (spec_.killGraceMs < 0) spec_.killGraceMs = 0;
}

McpClient::~McpClient() { shutdown(); }

std::string McpClient::stderrTail() const {
  std::lock_guard lock(mutex_);
  return ExecTool::tail(stderr_);
}

int McpClient::pid() const {
  std::lock_guard lock(mutex_);
  return reaped_ ? -1 : pid_;
}

void McpClient::signalGroupLocked(int sig) const {
  if (!reaped_ && pid_ > 0) ::kill(-pid_, sig);
}

void McpClient::wake() const {
  if (wakeFd_ < 0) return;
  uint64_t one = 1;
  ssize_t n;
  do n = ::write(wakeFd_, &one, sizeof one);
  while (n < 0 && errno == EINTR);
}

void McpClient::enqueueLocked(const Json &message) {
  if (closeInput_ || finished_) return;
  outQueue_ += dumpLine(message);
  wake();
}

std::string McpClient::deathMessageLocked() const {
  std::string server = "MCP server " + inQuotes(spec_.name);
  std::string message;
  if (brokenOutput_)
    message = server + " sent a message longer than " + std::to_string(spec_.maxMessageBytes) + " bytes and was stopped";
  else if (closeInput_)
    message = server + " was shut down";
  else if (WIFSIGNALED(exitStatus_))
    message = server + " was killed by signal " + signalText(WTERMSIG(exitStatus_));
  else
    message = server + " exited with status " + std::to_string(WEXITSTATUS(exitStatus_));
  std::string tail = ExecTool::tail(stderr_);
  return tail.empty() ? message : message + "; its stderr ends: " + tail;
}

void McpClient::spawn() {
  const std::string server = "MCP server " + inQuotes(spec_.name);
  auto cannot = [&](const std::string &why) {
    throw Error(ErrorKind::StepFailed, "cannot start " + server + (spec_.where.empty() ? "" : " (" + spec_.where + ")") +
                                           ": " + why);
  };
  if (!spec_.cwd.empty()) {
    struct stat st {};
    if (::stat(spec_.cwd.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
      cannot("working directory " + inQuotes(spec_.cwd) + " is not a directory");
  }
  int wakeFd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (wakeFd < 0) cannot(std::string("cannot create an eventfd: ") + std::strerror(errno));
  SpawnSpec spawnSpec{{spec_.command}, spec_.cwd, spec_.env, std::nullopt, false};
  spawnSpec.argv.insert(spawnSpec.argv.end(), spec_.args.begin(), spec_.args.end());
  std::optional<ChildProcess> child;
  try {
    child.emplace(ChildProcess::spawn(spawnSpec));
  } catch (const SpawnError &e) {
    ::close(wakeFd);
    cannot(e.message);
  }
  // The I/O thread owns the server from here: its pipes, and reaping it.
  child->release();
  const pid_t pid = child->pid();
  int inWrite = child->stdinFd().release(), outRead = child->stdoutFd().release(),
      errRead = child->stderrFd().release();

  std::lock_guard lock(mutex_);
  pid_ = pid;
  reaped_ = false;
  stdinFd_ = inWrite;
  stdoutFd_ = outRead;
  stderrFd_ = errRead;
  wakeFd_ = wakeFd;
  closeInput_ = false;
  finished_ = false;
  brokenOutput_ = false;
  exitStatus_ = 0;
  stderr_.clear();
  outQueue_.clear();
  io_ = std::thread([this] { ioLoop(); });
}

void McpClient::ioLoop() {
  // A server that stops reading makes writes fail with EPIPE, not kill this process.
  sigset_t pipeSet;
  sigemptyset(&pipeSet);
  sigaddset(&pipeSet, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipeSet, nullptr);

  int pidFd = -1;
#ifdef SYS_pidfd_open
  pidFd = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
#endif
  const pid_t pid = pid_;
  int outFd = stdoutFd_, errFd = stderrFd_;
  std::string writing;
  size_t writeOffset = 0;
  std::string partial;  // stdout after the last newline
  bool exited = false, killed = false, outputClosed = false;
  Clock::time_point giveUpAt = Clock::time_point::max();  // stop draining after the exit
  Clock::time_point killAt = Clock::time_point::max();    // SIGKILL after a SIGTERM of ours
  char buffer[65536];

  auto checkExited = [&] {
    if (exited) return;
    siginfo_t info{};
    int rc;
    do rc = ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT);
    while (rc < 0 && errno == EINTR);
    if (rc == 0 && info.si_pid == pid) {
      exited = true;
      // Whatever the server left running in its group must not outlive it.
      ::kill(-pid, SIGKILL);
      giveUpAt = Clock::now() + kDrainLimit;
    }
  };

  for (;;) {
    Clock::time_point now = Clock::now();
    {
      std::lock_guard lock(mutex_);
      if (writeOffset >= writing.size()) {
        writing.clear();
        writeOffset = 0;
        writing.swap(outQueue_);
      }
      if (stdinFd_ >= 0 && closeInput_ && writing.empty()) closeFd(stdinFd_);
      if (!exited && outFd < 0 && !outputClosed) {
        // It closed its stdout (or sent too long a line) while running: it is of no more use.
        outputClosed = true;
        closeFd(stdinFd_);
        if (brokenOutput_) {
          ::kill(-pid, SIGKILL);
          killed = true;
        } else {
          if (!closeInput_) ::kill(-pid, SIGTERM);
          killAt = now + milliseconds(closeInput_ ? spec_.shutdownGraceMs + spec_.killGraceMs : spec_.killGraceMs);
        }
      }
    }
    if (exited && ((outFd < 0 && errFd < 0) || now >= giveUpAt)) break;
    if (!exited && !killed && now >= killAt) {
      ::kill(-pid, SIGKILL);
      killed = true;
    }

    struct pollfd fds[5];
    nfds_t nfds = 0;
    int inIdx = -1, outIdx = -1, errIdx = -1, pidIdx = -1;
    if (stdinFd_ >= 0 && writeOffset < writing.size()) {
      inIdx = int(nfds);
      fds[nfds++] = {stdinFd_, POLLOUT, 0};
    }
    if (outFd >= 0) {
      outIdx = int(nfds);
      fds[nfds++] = {outFd, POLLIN, 0};
    }
    if (errFd >= 0) {
      errIdx = int(nfds);
      fds[nfds++] = {errFd, POLLIN, 0};
    }
    if (!exited && pidFd >= 0) {
      pidIdx = int(nfds);
      fds[nfds++] = {pidFd, POLLIN, 0};
    }
    fds[nfds++] = {wakeFd_, POLLIN, 0};

    Clock::time_point wakeAt = exited ? giveUpAt : Clock::time_point::max();
    if (!exited && !killed) wakeAt = std::min(wakeAt, killAt);
    if (!exited && pidFd < 0) wakeAt = std::min(wakeAt, now + kExitPollInterval);
    int timeout = -1;
    if (wakeAt != Clock::time_point::max())
      timeout = int(std::clamp<int64_t>(std::chrono::ceil<milliseconds>(wakeAt - now).count(), 0, 60'000));
    int ready = ::poll(fds, nfds, timeout);
    if (ready < 0 && errno != EINTR) {
      // Cannot wait on the pipes: stop the server rather than spin.
      ::kill(-pid, SIGKILL);
      killed = true;
      closeFd(outFd);
      closeFd(errFd);
      int status;
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
      exited = true;
      std::lock_guard lock(mutex_);
      reaped_ = true;
      exitStatus_ = status;
      break;
    }
    if (ready > 0) {
      if (fds[nfds - 1].revents) {
        uint64_t count;
        while (::read(wakeFd_, &count, sizeof count) > 0) {}
      }
      if (inIdx >= 0 && fds[inIdx].revents) {
        while (writeOffset < writing.size()) {
          ssize_t n = ::write(stdinFd_, writing.data() + writeOffset, writing.size() - writeOffset);
          if (n > 0) {
            writeOffset += size_t(n);
            continue;
          }
          if (n < 0 && errno == EINTR) continue;
          if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
          // EPIPE: it no longer reads; its exit will tell why.
          std::lock_guard lock(mutex_);
          closeFd(stdinFd_);
          writing.clear();
          writeOffset = 0;
          break;
        }
      }
      if (outIdx >= 0 && fds[outIdx].revents) {
        for (int chunk = 0; chunk < 16 && outFd >= 0; ++chunk) {
          ssize_t n = ::read(outFd, buffer, sizeof buffer);
          if (n > 0) {
            size_t start = 0;
            std::string_view got(buffer, size_t(n));
            for (size_t nl; (nl = got.find('\n', start)) != std::string_view::npos; start = nl + 1) {
              partial.append(got.substr(start, nl - start));
              handleLine(partial);
              partial.clear();
            }
            partial.append(got.substr(start));
            if (partial.size() > spec_.maxMessageBytes) {
              std::lock_guard lock(mutex_);
              brokenOutput_ = true;
              partial.clear();
              closeFd(outFd);
            }
            continue;
          }
          if (n < 0 && errno == EINTR) continue;
          if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
          if (!partial.empty()) handleLine(partial);  // a last message without its newline
          partial.clear();
          closeFd(outFd);
        }
      }
      if (errIdx >= 0 && fds[errIdx].revents) {
        for (int chunk = 0; chunk < 16 && errFd >= 0; ++chunk) {
          ssize_t n = ::read(errFd, buffer, sizeof buffer);
          if (n > 0) {
            std::lock_guard lock(mutex_);
            stderr_.append(buffer, size_t(n));
            if (stderr_.size() > 2 * kStderrKeep) stderr_.erase(0, stderr_.size() - kStderrKeep);
            continue;
          }
          if (n < 0 && errno == EINTR) continue;
          if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
          closeFd(errFd);
        }
      }
    }
    if (!exited && (pidFd < 0 || (pidIdx >= 0 && fds[pidIdx].revents))) checkExited();
  }

  closeFd(outFd);
  closeFd(errFd);
  closeFd(pidFd);
  std::lock_guard lock(mutex_);
  if (!reaped_) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    reaped_ = true;
    exitStatus_ = status;
  }
  closeFd(stdinFd_);
  stdoutFd_ = stderrFd_ = -1;
  finished_ = true;
  pending_.clear();  // their waiters see finished_
  cv_.notify_all();
}

void McpClient::handleLine(const std::string &line) {
  std::string_view text(line);
  while (!text.empty() && (text.back() == '\r' || text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  if (text.empty()) return;
  Json message;
  try {
    message = readJson(text);
  } catch (const Error &e) {
    std::lock_guard lock(mutex_);
    if (text.front() == '{' || text.front() == '[') {
      // A protocol message that is broken (invalid UTF-8, cut short, too deep): one of the
      // pending requests will never get its answer, so none waits for its timeout.
      std::string why = e.what();
      if (size_t bad = invalidUtf8At(text); bad != std::string_view::npos)
        why = "byte " + std::to_string(bad + 1) + " is not UTF-8";
      else if (why.rfind("invalid JSON: ", 0) == 0)
        why.erase(0, 14);
      failPendingLocked("a message that is not valid JSON (" + why + "): " + repairUtf8(text.substr(0, 200)));
      return;
    }
    // A line of text (a server that logs to stdout): tolerated, as the MCP SDKs' clients do, and
    // kept for error messages. Bounded like stderr itself: a server that prints a line per
    // request would otherwise grow this for as long as it runs.
    stderr_ += "[stdout] " + repairUtf8(text.substr(0, 200)) + "\n";
    if (stderr_.size() > 2 * kStderrKeep) stderr_.erase(0, stderr_.size() - kStderrKeep);
    stdoutText_ = repairUtf8(text.substr(0, 200));
    return;
  }
  if (message.is_array()) {
    for (const Json &item : message) handleMessage(item);
  } else {
    handleMessage(message);
  }
}

void McpClient::handleMessage(const Json &message) {
  if (!message.is_object()) return;
  std::lock_guard lock(mutex_);
  auto method = message.find("method");
  auto id = message.find("id");
  if (method != message.end() && method->is_string()) {
    const std::string &name = method->get_ref<const std::string &>();
    if (id != message.end()) {
      // A request from the server. wfc offers no client capabilities (roots, sampling,
      // elicitation): only ping has an answer.
      Json reply = {{"jsonrpc", "2.0"}, {"id", *id}};
      if (name == "ping")
        reply["result"] = Json::object();
      else
        reply["error"] = {{"code", -32601}, {"message", "method not found: " + name}};
      enqueueLocked(reply);
    } else if (name == "notifications/tools/list_changed") {
      toolsStale_ = true;
    }
    // Other notifications (logging, progress, resources…) are of no use to a tool call.
    return;
  }
  auto error = message.find("error");
  auto result = message.find("result");
  auto shown = [&] { return http::textHead(message.dump(-1, ' ', false, Json::error_handler_t::replace), 200); };
  if (id == message.end() || !id->is_number_integer()) {
    // Not a request, not a notification, and no answer to anything wfc asked (wfc's ids are
    // integers): the answer it stands for will never come.
    failPendingLocked("a message that answers no request: " + shown());
    return;
  }
  auto it = pending_.find(id->get<int64_t>());
  if (it == pending_.end()) {
    if (id->get<int64_t>() > 0 && id->get<int64_t>() < nextId_) return;  // a late answer to an abandoned request
    failPendingLocked("an answer to request " + id->dump() + ", which wfc never sent: " + shown());
    return;
  }
  Pending &p = *it->second;
  if ((error == message.end() || error->is_null()) && result == message.end()) {
    p.error = "an answer that has neither 'result' nor 'error': " + shown();
    p.done = true;
    pending_.erase(it);
    cv_.notify_all();
    return;
  }
  if (error != message.end() && !error->is_null()) {
    std::string code = error->is_object() && error->contains("code") ? (*error)["code"].dump() : "?";
    std::string text = error->is_object() && error->contains("message") && (*error)["message"].is_string()
                           ? (*error)["message"].get<std::string>()
                           : error->dump();
    p.error = "error " + code + ": " + text;
  } else {
    p.result = Value::fromJson(*result);
  }
  p.done = true;
  pending_.erase(it);
  cv_.notify_all();
}

void McpClient::failPendingLocked(const std::string &what) {
  for (auto &[id, pending] : pending_) {
    pending->error = what;
    pending->done = true;
  }
  pending_.clear();
  cv_.notify_all();
}

Value McpClient::request(const std::string &method, const Value &params, const CancellationToken &cancel,
                         Clock::time_point deadline) {
  const std::string server = "MCP server " + inQuotes(spec_.name);
  // Registered before the lock: it runs at once when the token is already cancelled.
  auto registration = cancel.onCancel([this] {
    std::lock_guard lock(mutex_);
    cv_.notify_all();
  });
  std::unique_lock lock(mutex_);
  if (finished_ || closeInput_) throw Error(ErrorKind::StepFailed, deathMessageLocked());
  if (pid_ < 0) throw Error(ErrorKind::StepFailed, server + " is not running");
  const int64_t id = nextId_++;
  auto pending = std::make_shared<Pending>();
  pending_[id] = pending;
  Json message = {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
  if (!params.isNull()) message["params"] = params.json();
  enqueueLocked(message);

  Wait outcome = Wait::Done;
  for (;;) {
    if (pending->done || finished_) break;
    if (cancel.cancelled()) {
      outcome = Wait::Cancelled;
      break;
    }
    if (Clock::now() >= deadline) {
      outcome = Wait::Timeout;
      break;
    }
    if (deadline == Clock::time_point::max())
      cv_.wait(lock);
    else
      cv_.wait_until(lock, deadline);
  }
  if (pending->done) {
    if (!pending->error.empty())
      throw Error(ErrorKind::StepFailed, server + " answered " + inQuotes(method) + " with " + pending->error);
    return *pending->result;
  }
  if (finished_) throw Error(ErrorKind::StepFailed, deathMessageLocked());
  pending_.erase(id);
  if (method != "initialize")
    enqueueLocked({{"jsonrpc", "2.0"},
                   {"method", "notifications/cancelled"},
                   {"params",
                    {{"requestId", id},
                     {"reason", outcome == Wait::Cancelled ? "cancelled: " + cancel.reason() : std::string("timed out")}}}});
  if (outcome == Wait::Cancelled)
    throw Error(ErrorKind::Cancelled, server + ": " + inQuotes(method) + " cancelled: " + cancel.reason());
  // A line of text where an answer was due is the best clue to why none came.
  throw Error(ErrorKind::Exhausted, server + " did not answer " + inQuotes(method) + " in time" +
                                        (stdoutText_.empty() ? "" : "; the last line it wrote on stdout was not a "
                                                                    "protocol message: " + stdoutText_));
}

std::vector<McpToolInfo> McpClient::listTools(const CancellationToken &cancel, Clock::time_point deadline) {
  const std::string server = "MCP server " + inQuotes(spec_.name);
  {
    std::lock_guard lock(mutex_);
    toolsStale_ = false;  // a list_changed from now on is news
  }
  std::vector<McpToolInfo> out;
  std::set<std::string> cursors;
  std::optional<std::string> cursor;
  for (int page = 0; page < kMaxToolPages; ++page) {
    Value params = cursor ? Value::object({{"cursor", Value::string(*cursor)}}) : Value();
    Value result = request("tools/list", params, cancel, deadline);
    auto tools = result.get("tools");
    if (!tools || !tools->isArray())
      throw Error(ErrorKind::StepFailed, server + " answered 'tools/list' without a 'tools' list: " + result.dump());
    for (size_t i = 0; i < tools->size(); ++i) {
      Value t = *tools->at(i);
      auto name = t.get("name");
      if (!name || !name->isString()) continue;
      McpToolInfo info;
      info.name = name->asString();
      if (auto d = t.get("description"); d && d->isString()) info.description = d->asString();
      auto schema = t.get("inputSchema");
      info.inputSchema = schema && schema->isObject() ? *schema : Value::object({});
      out.push_back(std::move(info));
    }
    auto next = result.get("nextCursor");
    if (!next || !next->isString() || next->asString().empty()) return out;
    if (!cursors.insert(next->asString()).second)
      throw Error(ErrorKind::StepFailed, server + " repeated the tools/list cursor " + inQuotes(next->asString()));
    cursor = next->asString();
  }
  throw Error(ErrorKind::StepFailed, server + " listed more than " + std::to_string(kMaxToolPages) + " pages of tools");
}

void McpClient::start(const CancellationToken &cancel, Clock::time_point deadline) {
  auto registration = cancel.onCancel([this] {
    std::lock_guard lock(mutex_);
    cv_.notify_all();
  });
  std::unique_lock lock(mutex_);
  for (;;) {
    if (state_ == State::Ready) return;
    if (state_ == State::Failed) throw Error(ErrorKind(startErrorKind_), startError_);
    if (state_ == State::NotStarted) break;
    // Another thread is starting it.
    if (cancel.cancelled())
      throw Error(ErrorKind::Cancelled, "MCP server " + inQuotes(spec_.name) + " start cancelled: " + cancel.reason());
    if (Clock::now() >= deadline)
      throw Error(ErrorKind::Exhausted, "cannot start MCP server " + inQuotes(spec_.name) + ": it was still starting");
    if (deadline == Clock::time_point::max())
      cv_.wait(lock);
    else
      cv_.wait_until(lock, deadline);
  }
  state_ = State::Starting;
  lock.unlock();
  startLocked(lock, cancel, deadline);
}

void McpClient::startLocked(std::unique_lock<std::mutex> &lock, const CancellationToken &cancel,
                            Clock::time_point deadline) {
  const std::string server = "MCP server " + inQuotes(spec_.name);
  try {
    spawn();
    Value init = request(
        "initialize",
        Value::fromJson(Json{{"protocolVersion", kProtocolVersion},
                             {"capabilities", Json::object()},
                             {"clientInfo", {{"name", "wfc"}, {"version", WFC_MCP_CLIENT_VERSION}}}}),
        cancel, deadline);
    auto version = init.get("protocolVersion");
    std::string v = version && version->isString() ? version->asString() : "";
    if (std::find(kAcceptedVersions.begin(), kAcceptedVersions.end(), v) == kAcceptedVersions.end())
      throw Error(ErrorKind::StepFailed, server + " speaks MCP protocol version " +
                                             (v.empty() ? std::string("(none given)") : inQuotes(v)) +
                                             ", which wfc does not (it speaks 2025-06-18, 2025-03-26 and 2024-11-05)");
    {
      std::lock_guard guard(mutex_);
      enqueueLocked({{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}});
    }
    std::vector<McpToolInfo> listed = listTools(cancel, deadline);
    lock.lock();
    tools_ = std::move(listed);
    state_ = State::Ready;
    cv_.notify_all();
  } catch (const Error &e) {
    std::string message = e.what();
    if (e.kind() != ErrorKind::Cancelled && message.rfind("cannot start ", 0) != 0) {
      // "MCP server 'files' exited with status 1…" → "cannot start MCP server 'files': it exited…"
      if (message.rfind(server + " ", 0) == 0) message = "it " + message.substr(server.size() + 1);
      message = "cannot start " + server + ": " + message;
      std::string tail = stderrTail();
      if (!tail.empty() && message.find("its stderr ends: ") == std::string::npos) message += "; its stderr ends: " + tail;
    }
    abandonStart();
    lock.lock();
    if (e.kind() == ErrorKind::Cancelled || e.kind() == ErrorKind::Exhausted) {
      state_ = State::NotStarted;  // the next caller tries again
    } else {
      state_ = State::Failed;
      startError_ = message;
      startErrorKind_ = int(e.kind());
    }
    cv_.notify_all();
    throw Error(e.kind(), message);
  }
}

void McpClient::abandonStart() {
  std::unique_lock lock(mutex_);
  if (!io_.joinable()) return;
  closeInput_ = true;
  signalGroupLocked(SIGKILL);
  cv_.wait(lock, [&] { return finished_; });
  std::thread io = std::move(io_);
  lock.unlock();
  io.join();
  lock.lock();
  closeFd(wakeFd_);
  pid_ = -1;
  pending_.clear();
  tools_.clear();
  // A later start begins afresh.
  closeInput_ = false;
  finished_ = false;
  stderr_.clear();
}

std::vector<McpToolInfo> McpClient::tools(const CancellationToken &cancel, Clock::time_point deadline, bool refresh) {
  {
    std::lock_guard lock(mutex_);
    if (!refresh && !toolsStale_) return tools_;
  }
  std::vector<McpToolInfo> listed = listTools(cancel, deadline);
  std::lock_guard lock(mutex_);
  tools_ = listed;
  return listed;
}

void McpClient::closeInput() {
  std::lock_guard lock(mutex_);
  if (!io_.joinable()) return;
  closeInput_ = true;
  wake();
}

void McpClient::shutdown() {
  std::unique_lock lock(mutex_);
  if (!io_.joinable()) return;
  closeInput_ = true;
  wake();
  auto waitFinished = [&](int64_t ms) {
    return cv_.wait_for(lock, milliseconds(ms), [&] { return finished_; });
  };
  if (!waitFinished(spec_.shutdownGraceMs)) {
    signalGroupLocked(SIGTERM);
    if (!waitFinished(spec_.killGraceMs)) {
      signalGroupLocked(SIGKILL);
      cv_.wait(lock, [&] { return finished_; });
    }
  }
  std::thread io = std::move(io_);
  lock.unlock();
  if (io.joinable()) io.join();
  lock.lock();
  closeFd(wakeFd_);
  pid_ = -1;
  cv_.notify_all();
}

}  // namespace wfc::tools
