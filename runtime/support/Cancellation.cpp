#include "wfc/cancellation.h"

#include "wfc/error.h"

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

namespace wfc {

struct CancellationToken::State {
  std::atomic<bool> flag{false};
  mutable std::mutex mu;
  std::condition_variable cv;
  std::string reason;
  std::map<uint64_t, std::function<void()>> callbacks;  // in registration order
  uint64_t nextId = 1;
  uint64_t runningId = 0;  // the callback cancel() is running now
  std::thread::id runningThread;
  int fds[2] = {-1, -1};
  Registration parent;  // a child token's link to its parent

  ~State() {
    for (int fd : fds)
      if (fd >= 0) ::close(fd);
  }
};

namespace {
void writeWakeByte(int fd) {
  const char byte = 1;
  while (::write(fd, &byte, 1) < 0 && errno == EINTR) {}
  // EAGAIN (pipe full) cannot happen: one byte is written once; the reader never drains it.
}
}  // namespace

// --- Registration -------------------------------------------------------------------------------

CancellationToken::Registration::Registration(Registration &&other) noexcept
    : state_(std::move(other.state_)), id_(other.id_) {
  other.id_ = 0;
}

CancellationToken::Registration &CancellationToken::Registration::operator=(Registration &&other) noexcept {
  if (this != &other) {
    reset();
    state_ = std::move(other.state_);
    id_ = other.id_;
    other.id_ = 0;
  }
  return *this;
}

CancellationToken::Registration::~Registration() { reset(); }

void CancellationToken::Registration::reset() {
  uint64_t id = id_;
  id_ = 0;
  std::shared_ptr<State> state = state_.lock();
  state_.reset();
  if (id == 0 || !state) return;
  std::unique_lock lock(state->mu);
  if (state->callbacks.erase(id) > 0) return;
  // Already taken by cancel(): if it is running on another thread, wait until it has returned,
  // so that whatever it captured may be destroyed after this.
  if (state->runningThread != std::this_thread::get_id()) state->cv.wait(lock, [&] { return state->runningId != id; });
}

// --- CancellationToken --------------------------------------------------------------------------

CancellationToken::CancellationToken() : state_(std::make_shared<State>()) {}

bool CancellationToken::cancel(const std::string &reason) const {
  State &s = *state_;
  std::unique_lock lock(s.mu);
  if (s.flag.load(std::memory_order_relaxed)) return false;
  s.reason = reason.empty() ? "cancelled" : reason;
  s.flag.store(true, std::memory_order_release);
  if (s.fds[1] >= 0) writeWakeByte(s.fds[1]);
  s.cv.notify_all();
  // Callbacks run one at a time, unlocked, so they may register, unregister or cancel others.
  while (!s.callbacks.empty()) {
    auto first = s.callbacks.begin();
    uint64_t id = first->first;
    std::function<void()> fn = std::move(first->second);
    s.callbacks.erase(first);
    s.runningId = id;
    s.runningThread = std::this_thread::get_id();
    lock.unlock();
    fn();
    fn = nullptr;  // destroy captures before a waiting Registration returns
    lock.lock();
    s.runningId = 0;
    s.runningThread = std::thread::id();
    s.cv.notify_all();
  }
  return true;
}

bool CancellationToken::cancelled() const noexcept { return state_->flag.load(std::memory_order_acquire); }

std::string CancellationToken::reason() const {
  std::lock_guard lock(state_->mu);
  return state_->reason;
}

void CancellationToken::throwIfCancelled() const {
  if (cancelled()) throw Error(ErrorKind::Cancelled, reason());
}

bool CancellationToken::waitFor(std::chrono::milliseconds timeout) const {
  return waitUntil(std::chrono::steady_clock::now() + timeout);
}

bool CancellationToken::waitUntil(std::chrono::steady_clock::time_point deadline) const {
  State &s = *state_;
  std::unique_lock lock(s.mu);
  return s.cv.wait_until(lock, deadline, [&] { return s.flag.load(std::memory_order_relaxed); });
}

void CancellationToken::wait() const {
  State &s = *state_;
  std::unique_lock lock(s.mu);
  s.cv.wait(lock, [&] { return s.flag.load(std::memory_order_relaxed); });
}

CancellationToken::Registration CancellationToken::onCancel(std::function<void()> fn) const {
  State &s = *state_;
  {
    std::lock_guard lock(s.mu);
    if (!s.flag.load(std::memory_order_relaxed)) {
      uint64_t id = s.nextId++;
      s.callbacks.emplace(id, std::move(fn));
      return Registration(state_, id);
    }
  }
  fn();
  return Registration();
}

int CancellationToken::pollFd() const {
  State &s = *state_;
  std::lock_guard lock(s.mu);
  if (s.fds[0] < 0) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0)
      throw Error(ErrorKind::StepFailed, std::string("cannot create a cancellation pipe: ") + std::strerror(errno));
    s.fds[0] = fds[0];
    s.fds[1] = fds[1];
    if (s.flag.load(std::memory_order_relaxed)) writeWakeByte(s.fds[1]);
  }
  return s.fds[0];
}

CancellationToken CancellationToken::child() const {
  CancellationToken child;
  std::weak_ptr<State> weakChild = child.state_;
  Registration link = onCancel([weakChild, parent = std::weak_ptr<State>(state_)] {
    std::shared_ptr<State> c = weakChild.lock();
    if (!c) return;
    std::string why;
    if (std::shared_ptr<State> p = parent.lock()) {
      std::lock_guard lock(p->mu);
      why = p->reason;
    }
    CancellationToken handle;
    handle.state_ = std::move(c);
    handle.cancel(why);
  });
  // The parent may already be cancelled (then the callback ran and `link` is empty).
  std::lock_guard lock(child.state_->mu);
  child.state_->parent = std::move(link);
  return child;
}

// --- SignalCancellation -------------------------------------------------------------------------

namespace {
// The handler writes the signal number to a self-pipe a watcher thread reads. The pipe is created
// once per process and never closed, so a handler still running on another thread while an
// instance is destroyed cannot write into a reused descriptor.
int g_signalPipe[2] = {-1, -1};
std::atomic<int> g_signalsReceived{0};
std::mutex g_signalMutex;
bool g_signalActive = false;

extern "C" void wfcSignalHandler(int sig) {
  int saved = errno;
  if (g_signalsReceived.fetch_add(1, std::memory_order_relaxed) > 0) {
    // A second signal: the user insists. Die of it, as if it had not been caught (it is blocked
    // while this handler runs, and delivered with the default action when it returns).
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    ::sigaction(sig, &dfl, nullptr);
    ::raise(sig);
  } else {
    unsigned char byte = static_cast<unsigned char>(sig);
    ssize_t ignored = ::write(g_signalPipe[1], &byte, 1);
    (void)ignored;
  }
  errno = saved;
}

const char *signalName(int sig) {
  switch (sig) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    case SIGQUIT: return "SIGQUIT";
    default: return nullptr;
  }
}
}  // namespace

struct SignalCancellation::Impl {
  CancellationToken token;
  std::vector<int> signals;
  std::vector<struct sigaction> previous;
  std::atomic<int> first{0};
  std::thread watcher;

  void watch() {
    for (;;) {
      struct pollfd p {
        g_signalPipe[0], POLLIN, 0
      };
      if (::poll(&p, 1, -1) < 0) {
        if (errno == EINTR) continue;
        return;
      }
      unsigned char byte = 0;
      ssize_t n = ::read(g_signalPipe[0], &byte, 1);
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (n <= 0 || byte == 0) return;  // 0: the destructor's stop byte
      int sig = byte;
      first.store(sig, std::memory_order_release);
      const char *name = signalName(sig);
      token.cancel(name ? name : "signal " + std::to_string(sig));
    }
  }
};

SignalCancellation::SignalCancellation(CancellationToken token)
    : SignalCancellation(std::move(token), {SIGINT, SIGTERM}) {}

SignalCancellation::SignalCancellation(CancellationToken token, std::initializer_list<int> signals)
    : impl_(std::make_unique<Impl>()) {
  std::lock_guard lock(g_signalMutex);
  if (g_signalActive) throw std::logic_error("only one wfc::SignalCancellation may be active at a time");
  if (g_signalPipe[0] < 0 && ::pipe2(g_signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
    throw Error(ErrorKind::StepFailed, std::string("cannot create a signal pipe: ") + std::strerror(errno));
  // Bytes a previous instance left unread (a signal that raced its destructor) are stale.
  unsigned char drain[64];
  while (::read(g_signalPipe[0], drain, sizeof drain) > 0) {}
  g_signalsReceived.store(0, std::memory_order_relaxed);

  Impl &im = *impl_;
  im.token = std::move(token);
  im.signals.assign(signals.begin(), signals.end());
  // The watcher blocks every signal, so the handlers run on the other threads.
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  im.watcher = std::thread([&im] { im.watch(); });
  pthread_sigmask(SIG_SETMASK, &old, nullptr);

  im.previous.resize(im.signals.size());
  for (size_t i = 0; i < im.signals.size(); ++i) {
    struct sigaction sa {};
    sa.sa_handler = wfcSignalHandler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    ::sigaction(im.signals[i], &sa, &im.previous[i]);
  }
  g_signalActive = true;
}

SignalCancellation::~SignalCancellation() {
  std::lock_guard lock(g_signalMutex);
  Impl &im = *impl_;
  for (size_t i = 0; i < im.signals.size(); ++i) ::sigaction(im.signals[i], &im.previous[i], nullptr);
  const unsigned char stop = 0;
  // The watcher keeps draining, so the pipe cannot stay full; retry until the byte is in.
  while (::write(g_signalPipe[1], &stop, 1) < 0 && (errno == EINTR || errno == EAGAIN)) std::this_thread::yield();
  im.watcher.join();
  g_signalActive = false;
}

int SignalCancellation::signal() const noexcept { return impl_->first.load(std::memory_order_acquire); }

}  // namespace wfc
