// wfc::CancellationToken — a shared flag that stops in-flight work: the run on SIGINT/SIGTERM,
// a step on its timeout, the siblings of a failing parallel branch.
//
// A token is a handle: copies share one state, and cancelling any copy cancels them all. Work
// observes it by polling (cancelled(), throwIfCancelled()), by waiting (waitFor / waitUntil),
// by a callback (onCancel), or — for code blocked in poll()/select() — through pollFd(), a file
// descriptor that becomes readable once the token is cancelled. child() derives a token that is
// cancelled with its parent but can also be cancelled on its own (a parallel block's token:
// cancelling it stops the block, not the run).
//
// Thread-safe. cancel() is not async-signal-safe; use SignalCancellation to cancel from a signal.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

namespace wfc {

class CancellationToken {
  struct State;

 public:
  // Keeps an onCancel callback registered while it lives; destroying it unregisters the callback
  // and, if the callback is running on another thread, waits for it to return.
  class Registration {
   public:
    Registration() = default;
    Registration(Registration &&other) noexcept;
    Registration &operator=(Registration &&other) noexcept;
    Registration(const Registration &) = delete;
    Registration &operator=(const Registration &) = delete;
    ~Registration();
    void reset();  // unregister now

   private:
    friend class CancellationToken;
    Registration(std::weak_ptr<State> state, uint64_t id) : state_(std::move(state)), id_(id) {}
    std::weak_ptr<State> state_;
    uint64_t id_ = 0;
  };

  CancellationToken();  // a new token, not cancelled

  // Cancels the token (and its children); the first reason given is kept. Returns false when it
  // was already cancelled. Runs the onCancel callbacks on the calling thread before returning.
  bool cancel(const std::string &reason = "cancelled") const;
  bool cancelled() const noexcept;
  std::string reason() const;  // empty until cancelled
  // Throws wfc::Error (ErrorKind::Cancelled, message: the reason) when cancelled.
  void throwIfCancelled() const;

  // Blocks until the token is cancelled or the time has passed; returns cancelled().
  bool waitFor(std::chrono::milliseconds timeout) const;
  bool waitUntil(std::chrono::steady_clock::time_point deadline) const;
  void wait() const;  // until cancelled

  // Calls fn once when the token is cancelled (at once, on this thread, if it already is).
  // fn must not throw; it runs on the thread that calls cancel().
  [[nodiscard]] Registration onCancel(std::function<void()> fn) const;

  // The read end of a pipe that becomes readable (POLLIN) when the token is cancelled and stays
  // readable. Created on first use, owned by the token (never close it), close-on-exec.
  // Throws wfc::Error if the pipe cannot be created.
  int pollFd() const;

  // A token cancelled when this one is, that can also be cancelled alone.
  CancellationToken child() const;

  // Same shared state.
  friend bool operator==(const CancellationToken &a, const CancellationToken &b) { return a.state_ == b.state_; }

 private:
  std::shared_ptr<State> state_;
};

// While it lives, the given signals (default SIGINT and SIGTERM) cancel `token` with the reason
// "SIGINT" / "SIGTERM"; signal() tells which arrived first (the runner exits 130 or 143). A second
// signal while the token is already cancelled restores the default action and re-raises it, so a
// stuck shutdown can still be interrupted. One instance at a time (a second one throws
// std::logic_error); the destructor restores the previous handlers.
class SignalCancellation {
 public:
  explicit SignalCancellation(CancellationToken token);
  SignalCancellation(CancellationToken token, std::initializer_list<int> signals);
  ~SignalCancellation();
  SignalCancellation(const SignalCancellation &) = delete;
  SignalCancellation &operator=(const SignalCancellation &) = delete;

  int signal() const noexcept;  // the first signal received, 0 if none

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace wfc
