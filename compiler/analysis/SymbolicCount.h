// A count known up to what the input decides (docs/cost.md "The static bound"): a sum of terms,
// each a number times a product of symbols — `len(input.doc)`, the bytes of an input string with
// no maxLength; `items(input.docs)`, the items of an array with no maxItems; `result(web.search)`,
// the bytes of a tool's result — or infinite, with the declarations that make it so.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace wfc::analysis {

class SymbolicCount {
 public:
  SymbolicCount() = default;
  SymbolicCount(double constant);  // NOLINT: a number is a count
  static SymbolicCount symbol(const std::string &name);
  // Infinite because of `why` ("prompt 'p' sets no max_tokens (pack.yaml:12:5)").
  static SymbolicCount infinite(const std::string &why);

  SymbolicCount &operator+=(const SymbolicCount &other);
  friend SymbolicCount operator+(const SymbolicCount &a, const SymbolicCount &b);
  friend SymbolicCount operator*(const SymbolicCount &a, const SymbolicCount &b);

  bool isInfinite() const { return !infinite_.empty(); }
  // Why it is infinite, each reason once, in the order found.
  const std::vector<std::string> &whyInfinite() const { return infinite_; }
  bool isConstant() const;
  // The part without symbols (the whole count when it is constant).
  double constant() const;
  // Every term: its symbols (sorted; none for the constant) and its number.
  const std::map<std::vector<std::string>, double> &terms() const { return terms_; }
  // "1,234 + 40 × len(input.doc) + 2 × items(input.docs) × len(input.docs[])", or "∞".
  std::string str() const;

 private:
  std::map<std::vector<std::string>, double> terms_;
  std::vector<std::string> infinite_;
};

// 1234567 → "1,234,567" (whole numbers; larger ones in the same style).
std::string withThousands(double n);

}  // namespace wfc::analysis
