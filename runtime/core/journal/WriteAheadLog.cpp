#include "core/journal/WriteAheadLog.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

namespace wfc::journal {
namespace {

constexpr uint32_t kMagicLittleEndian = 0x377f0682;  // checksums over little-endian words
constexpr uint32_t kMagicBigEndian = 0x377f0683;     // over big-endian words
constexpr size_t kHeaderBytes = 32, kFrameHeaderBytes = 24;

uint32_t bigEndian(const unsigned char *p) {
  return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}
uint32_t littleEndian(const unsigned char *p) {
  return uint32_t(p[3]) << 24 | uint32_t(p[2]) << 16 | uint32_t(p[1]) << 8 | uint32_t(p[0]);
}

// SQLite's WAL checksum: over pairs of 32-bit words, continuing from `sums`.
void checksum(bool bigEndianWords, const unsigned char *data, size_t bytes, uint32_t sums[2]) {
  uint32_t s1 = sums[0], s2 = sums[1];
  for (size_t i = 0; i + 8 <= bytes; i += 8) {
    uint32_t a = bigEndianWords ? bigEndian(data + i) : littleEndian(data + i);
    uint32_t b = bigEndianWords ? bigEndian(data + i + 4) : littleEndian(data + i + 4);
    s1 += a + s2;
    s2 += b + s1;
  }
  sums[0] = s1;
  sums[1] = s2;
}

}  // namespace

std::optional<std::string> damageInLog(const std::string &walPath) {
  std::ifstream in(walPath, std::ios::binary);
  if (!in) return std::nullopt;
  std::vector<unsigned char> log((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (log.size() < kHeaderBytes) return std::nullopt;  // empty: nothing logged since a checkpoint
  const unsigned char *h = log.data();
  const uint32_t magic = bigEndian(h);
  const uint32_t pageSize = bigEndian(h + 8);
  if ((magic != kMagicLittleEndian && magic != kMagicBigEndian) || pageSize < 512 || pageSize > 65536 ||
      (pageSize & (pageSize - 1)) != 0)
    return "its header is not a write-ahead log's";
  const bool bigEndianWords = magic == kMagicBigEndian;
  uint32_t sums[2] = {0, 0};
  checksum(bigEndianWords, h, 24, sums);
  const size_t frameBytes = kFrameHeaderBytes + pageSize;
  const size_t frames = (log.size() - kHeaderBytes) / frameBytes;
  if (sums[0] != bigEndian(h + 24) || sums[1] != bigEndian(h + 28))
    return frames == 0 ? std::nullopt : std::optional<std::string>("its header fails its checksum");
  const uint32_t salt1 = bigEndian(h + 16), salt2 = bigEndian(h + 20);
  // Whether frame `f`'s checksum holds, continued from `chained` (its first 8 header bytes, then
  // its page), which it leaves at the frame's own sums.
  auto frameHolds = [&](const unsigned char *f, uint32_t chained[2]) {
    checksum(bigEndianWords, f, 8, chained);
    checksum(bigEndianWords, f + kFrameHeaderBytes, pageSize, chained);
    return chained[0] == bigEndian(f + 16) && chained[1] == bigEndian(f + 20);
  };

  // The valid part: frames of this generation (the header's salts) whose cumulative checksums
  // hold, up to the first that does not. Past it a log may hold leftovers of this generation — the
  // frames of a transaction that was rolled back (a full disk, a spill of a large one), which the
  // next transaction overwrote only in part — but never a committed one: committed frames are
  // only ever appended. So a commit frame past the break, intact (its checksum holds chained from
  // the frame before it), is a transaction SQLite would drop: damage.
  size_t firstInvalid = frames;
  for (size_t i = 0; i < frames; ++i) {
    const unsigned char *f = log.data() + kHeaderBytes + i * frameBytes;
    const bool thisGeneration = bigEndian(f + 8) == salt1 && bigEndian(f + 12) == salt2;
    if (firstInvalid < frames) {
      if (!thisGeneration || bigEndian(f + 4) == 0 || i == 0) continue;
      const unsigned char *before = f - frameBytes;
      uint32_t chained[2] = {bigEndian(before + 16), bigEndian(before + 20)};
      if (frameHolds(f, chained))
        return "frame " + std::to_string(firstInvalid + 1) + " of " + std::to_string(frames) +
               " is damaged (its checksum or salt is wrong), and SQLite would ignore it and every frame "
               "logged after it, committed transactions among them";
      continue;
    }
    if (!(thisGeneration && bigEndian(f) != 0 && frameHolds(f, sums))) firstInvalid = i;
  }
  return std::nullopt;
}

}  // namespace wfc::journal
