// SHA-256 (FIPS 180-4), for the journal's hashes: a run's program identity, the binding of each
// tool, and wfc.cache keys (docs/journal.md). A cache key names the output reused for a step, so
// it must not collide by accident: a cryptographic hash, not a fast one. The runtime has no
// crypto library to borrow it from (libcurl is loaded only when a run makes HTTP requests).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace wfc {

class Sha256 {
 public:
  Sha256();
  Sha256 &update(std::string_view bytes);
  // The digest as 64 lowercase hex digits. The object is spent afterwards.
  std::string hex();

 private:
  void block(const uint8_t *p);
  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> buffer_{};
  size_t buffered_ = 0;
  uint64_t length_ = 0;  // bytes hashed so far
};

// SHA-256 of `bytes` as 64 lowercase hex digits.
std::string sha256(std::string_view bytes);

}  // namespace wfc
