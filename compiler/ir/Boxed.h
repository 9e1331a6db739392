// ir::Boxed<T>: an optional T kept on the heap, with value semantics (copies copy the T).
//
// For the members of a step that only some kinds of step have (`args`, `input`, `items`, …):
// an ir::Value is about 500 bytes, and std::optional would keep those bytes in every step, of
// every kind — most of an ir::Step's size, allocated, zeroed and copied for each of a large
// pack's steps. Boxed keeps a pointer instead. Its interface is std::optional's, as far as the
// compiler uses it.
#pragma once

#include <memory>
#include <optional>
#include <utility>

namespace wfc::ir {

template <typename T>
class Boxed {
 public:
  Boxed() = default;
  Boxed(std::nullopt_t) {}  // NOLINT: as std::optional
  Boxed(T value) : p_(std::make_unique<T>(std::move(value))) {}  // NOLINT: as std::optional
  Boxed(const Boxed &other) : p_(other.p_ ? std::make_unique<T>(*other.p_) : nullptr) {}
  Boxed(Boxed &&) noexcept = default;
  Boxed &operator=(const Boxed &other) {
    if (this != &other) p_ = other.p_ ? std::make_unique<T>(*other.p_) : nullptr;
    return *this;
  }
  Boxed &operator=(Boxed &&) noexcept = default;
  Boxed &operator=(std::nullopt_t) {
    p_.reset();
    return *this;
  }
  Boxed &operator=(T value) {
    p_ = std::make_unique<T>(std::move(value));
    return *this;
  }
  Boxed &operator=(const std::optional<T> &value) {
    p_ = value ? std::make_unique<T>(*value) : nullptr;
    return *this;
  }

  template <typename... Args>
  T &emplace(Args &&...args) {
    p_ = std::make_unique<T>(std::forward<Args>(args)...);
    return *p_;
  }
  void reset() { p_.reset(); }

  bool has_value() const { return p_ != nullptr; }
  explicit operator bool() const { return p_ != nullptr; }
  T &operator*() { return *p_; }
  const T &operator*() const { return *p_; }
  T *operator->() { return p_.get(); }
  const T *operator->() const { return p_.get(); }

 private:
  std::unique_ptr<T> p_;
};

}  // namespace wfc::ir
