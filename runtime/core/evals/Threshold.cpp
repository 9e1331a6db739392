#include "core/evals/Threshold.h"

#include <fmt/format.h>
#include <cstdio>

namespace wfc::evals {

bool meets(Compare op, double score, double value) {
  switch (op) {
    case Compare::None: return true;
    case Compare::Greater: return score > value;
    case Compare::GreaterOrEqual: return score >= value;
    case Compare::Less: return score < value;
    case Compare::LessOrEqual: return score <= value;
    case Compare::Equal: return score == value;
    case Compare::NotEqual: return score != value;
  }
  return true;
}

std::string describe(Compare op, double value) {
  const char *symbol = "";
  switch (op) {
    case Compare::None: return "";
    case Compare::Greater: symbol = ">"; break;
    case Compare::GreaterOrEqual: symbol = ">="; break;
    case Compare::Less: symbol = "<"; break;
    case Compare::LessOrEqual: symbol = "<="; break;
    case Compare::Equal: symbol = "=="; break;
    case Compare::NotEqual: symbol = "!="; break;
  }
  return fmt::format("{} {:g}", symbol, value);
}

}  // namespace wfc::evals
