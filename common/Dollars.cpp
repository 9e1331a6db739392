#include "common/Dollars.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace wfc {

std::string formatUsd(double usd) {
  if (std::fabs(usd) < 5e-13) return "$0";  // nothing, or what subtracting sums of dollars leaves of it
  if (std::fabs(usd) >= 1) return fmt::format("${:.2f}", usd);
  int digits = std::clamp(3 - int(std::floor(std::log10(std::fabs(usd)))), 4, 12);
  return fmt::format("${:.{}f}", usd, digits);
}

}  // namespace wfc
