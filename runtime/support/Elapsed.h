// How long since a moment, in milliseconds (a fraction): what traces and reports call
// `duration_ms`, measured on the monotonic clock.
#pragma once

#include <chrono>

namespace wfc {

inline double millisSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace wfc
