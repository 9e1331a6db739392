// A list that owns its elements through unique pointers — so pointers to them stay valid while
// the list grows — and copies deeply: copying the list copies every element.
#pragma once

#include <memory>
#include <vector>

namespace wfc::ir {

template <typename T>
class OwningList : public std::vector<std::unique_ptr<T>> {
 public:
  using Base = std::vector<std::unique_ptr<T>>;

  OwningList() = default;
  OwningList(OwningList &&) noexcept = default;
  OwningList &operator=(OwningList &&) noexcept = default;
  OwningList(const OwningList &other) : Base() { copyFrom(other); }
  OwningList &operator=(const OwningList &other) {
    if (this != &other) {
      this->clear();
      copyFrom(other);
    }
    return *this;
  }
  ~OwningList() = default;

 private:
  void copyFrom(const OwningList &other) {
    this->reserve(other.size());
    for (const auto &element : other) this->push_back(std::make_unique<T>(*element));
  }
};

}  // namespace wfc::ir
