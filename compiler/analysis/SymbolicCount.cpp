#include "analysis/SymbolicCount.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace wfc::analysis {

SymbolicCount::SymbolicCount(double constant) {
  if (constant != 0) terms_[{}] = constant;
}

SymbolicCount SymbolicCount::symbol(const std::string &name) {
  SymbolicCount c;
  c.terms_[{name}] = 1;
  return c;
}

SymbolicCount SymbolicCount::infinite(const std::string &why) {
  SymbolicCount c;
  c.infinite_.push_back(why);
  return c;
}

SymbolicCount &SymbolicCount::operator+=(const SymbolicCount &other) {
  for (const auto &[symbols, n] : other.terms_) terms_[symbols] += n;
  for (const std::string &why : other.infinite_)
    if (std::find(infinite_.begin(), infinite_.end(), why) == infinite_.end()) infinite_.push_back(why);
  return *this;
}

SymbolicCount operator+(const SymbolicCount &a, const SymbolicCount &b) {
  SymbolicCount sum = a;
  sum += b;
  return sum;
}

SymbolicCount operator*(const SymbolicCount &a, const SymbolicCount &b) {
  SymbolicCount product;
  product.infinite_ = a.infinite_;
  for (const std::string &why : b.infinite_)
    if (std::find(product.infinite_.begin(), product.infinite_.end(), why) == product.infinite_.end())
      product.infinite_.push_back(why);
  // Infinity times nothing: a step that never runs costs nothing, however unbounded its calls.
  auto zero = [](const SymbolicCount &c) { return c.terms_.empty() && c.infinite_.empty(); };
  if (zero(a) || zero(b)) product.infinite_.clear();
  for (const auto &[x, m] : a.terms_)
    for (const auto &[y, n] : b.terms_) {
      std::vector<std::string> symbols = x;
      symbols.insert(symbols.end(), y.begin(), y.end());
      std::sort(symbols.begin(), symbols.end());
      product.terms_[symbols] += m * n;
    }
  return product;
}

bool SymbolicCount::isConstant() const {
  return infinite_.empty() && std::all_of(terms_.begin(), terms_.end(), [](const auto &t) { return t.first.empty(); });
}

double SymbolicCount::constant() const {
  auto it = terms_.find({});
  return it == terms_.end() ? 0 : it->second;
}

std::string withThousands(double n) {
  std::string digits = fmt::format("{:.0f}", std::ceil(n));
  std::string out;
  size_t start = digits[0] == '-' ? 1 : 0;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > start && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string SymbolicCount::str() const {
  if (isInfinite()) return "∞";
  std::string out;
  // The constant first, then the terms in their symbols' order.
  for (const auto &[symbols, n] : terms_) {
    if (n == 0) continue;
    std::string term;
    if (symbols.empty() || n != 1) term = withThousands(n);
    for (const std::string &s : symbols) term += (term.empty() ? "" : " × ") + s;
    out += (out.empty() ? "" : " + ") + term;
  }
  return out.empty() ? "0" : out;
}

}  // namespace wfc::analysis
