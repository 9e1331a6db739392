// A static bound as `wfc build --emit=cost` prints it (docs/cost.md "The static bound"), evaluated
// at one input: a number, or a sum of terms "N", "len(input.KEY)" and "N × len(input.KEY)" — KEY's
// byte length for a string, its number of items for an array.
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

namespace wfc::test {

inline double evaluateBound(const nlohmann::json &count, const nlohmann::json &input) {
  if (count.is_number()) return count.get<double>();
  std::string text = count.get<std::string>();
  double sum = 0;
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find(" + ", at);
    std::string term = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
    double factor = 1;
    size_t times = term.find(" × ");
    std::string symbol = term;
    if (times != std::string::npos) {
      std::string n = term.substr(0, times);
      n.erase(std::remove(n.begin(), n.end(), ','), n.end());
      factor = std::stod(n);
      symbol = term.substr(times + std::string(" × ").size());
    }
    if (symbol.rfind("len(input.", 0) == 0) {
      std::string key = symbol.substr(10, symbol.size() - 11);
      const nlohmann::json &value = input[key];
      sum += factor * double(value.is_array() ? value.size() : value.get<std::string>().size());
    } else {
      symbol.erase(std::remove(symbol.begin(), symbol.end(), ','), symbol.end());
      sum += factor * std::stod(symbol);
    }
    if (end == std::string::npos) break;
    at = end + 3;
  }
  return sum;
}

}  // namespace wfc::test
