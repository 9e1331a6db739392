#include "core/evals/MediaHeaders.h"

#include <cstdint>
#include <cstdlib>
#include <functional>

namespace wfc::evals {
namespace {

// Big- and little-endian reads at `at`, bounds-checked by the callers.
uint32_t be(std::string_view b, size_t at, int bytes) {
  uint32_t v = 0;
  for (int i = 0; i < bytes; ++i) v = (v << 8) | static_cast<uint8_t>(b[at + i]);
  return v;
}
uint64_t be64(std::string_view b, size_t at) { return (uint64_t(be(b, at, 4)) << 32) | be(b, at + 4, 4); }
uint32_t le(std::string_view b, size_t at, int bytes) {
  uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | static_cast<uint8_t>(b[at + i]);
  return v;
}
bool has(std::string_view b, size_t at, std::string_view magic) { return b.size() >= at + magic.size() && b.substr(at, magic.size()) == magic; }

std::optional<PixelSize> checked(int64_t width, int64_t height) {
  if (width <= 0 || height <= 0 || width > (1 << 30) || height > (1 << 30)) return std::nullopt;
  return PixelSize{int(width), int(height)};
}

std::optional<PixelSize> pngSize(std::string_view b) {
  if (!has(b, 0, "\x89PNG\r\n\x1a\n") || !has(b, 12, "IHDR") || b.size() < 24) return std::nullopt;
  return checked(be(b, 16, 4), be(b, 20, 4));
}

std::optional<PixelSize> gifSize(std::string_view b) {
  if ((!has(b, 0, "GIF87a") && !has(b, 0, "GIF89a")) || b.size() < 10) return std::nullopt;
  return checked(le(b, 6, 2), le(b, 8, 2));
}

std::optional<PixelSize> bmpSize(std::string_view b) {
  if (!has(b, 0, "BM") || b.size() < 26) return std::nullopt;
  return checked(int32_t(le(b, 18, 4)), std::llabs(int64_t(int32_t(le(b, 22, 4)))));
}

// JPEG: the first start-of-frame segment's dimensions, skipping the segments before it.
std::optional<PixelSize> jpegSize(std::string_view b) {
  if (b.size() < 4 || uint8_t(b[0]) != 0xFF || uint8_t(b[1]) != 0xD8) return std::nullopt;
  size_t at = 2;
  while (at + 4 <= b.size()) {
    if (uint8_t(b[at]) != 0xFF) return std::nullopt;
    uint8_t marker = uint8_t(b[at + 1]);
    if (marker == 0xFF) {  // fill byte
      ++at;
      continue;
    }
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {  // no length
      at += 2;
      continue;
    }
    if (marker == 0xD9 || marker == 0xDA) return std::nullopt;  // end of image, start of scan
    size_t length = be(b, at + 2, 2);
    if (length < 2) return std::nullopt;
    bool frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (frame) {
      if (at + 9 > b.size()) return std::nullopt;
      return checked(be(b, at + 7, 2), be(b, at + 5, 2));
    }
    at += 2 + length;
  }
  return std::nullopt;
}

std::optional<PixelSize> webpSize(std::string_view b) {
  if (!has(b, 0, "RIFF") || !has(b, 8, "WEBP") || b.size() < 30) return std::nullopt;
  if (has(b, 12, "VP8 ")) {
    if (!has(b, 23, "\x9d\x01\x2a")) return std::nullopt;
    return checked(le(b, 26, 2) & 0x3FFF, le(b, 28, 2) & 0x3FFF);
  }
  if (has(b, 12, "VP8L")) {
    if (uint8_t(b[20]) != 0x2F) return std::nullopt;
    uint32_t bits = le(b, 21, 4);
    return checked((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1);
  }
  if (has(b, 12, "VP8X")) return checked(int64_t(le(b, 24, 3)) + 1, int64_t(le(b, 27, 3)) + 1);
  return std::nullopt;
}

std::optional<double> wavDuration(std::string_view b) {
  if (!has(b, 0, "RIFF") || !has(b, 8, "WAVE")) return std::nullopt;
  uint32_t byteRate = 0;
  size_t at = 12;
  while (at + 8 <= b.size()) {
    uint32_t size = le(b, at + 4, 4);
    if (has(b, at, "fmt ") && at + 20 <= b.size()) byteRate = le(b, at + 16, 4);
    if (has(b, at, "data")) return byteRate ? std::optional<double>(double(size) / byteRate) : std::nullopt;
    at += 8 + size + (size & 1);  // chunks are padded to an even size
  }
  return std::nullopt;
}

// The ISO base media file format's boxes in [begin, end): `visit` gets each box's type and its
// content's range, and descends into the containers that lead to mvhd and tkhd.
void boxes(std::string_view b, size_t begin, size_t end, int depth,
           const std::function<bool(std::string_view, size_t, size_t)> &visit) {
  size_t at = begin;
  while (at + 8 <= end && depth < 8) {
    uint64_t size = be(b, at, 4);
    size_t header = 8;
    if (size == 1) {
      if (at + 16 > end) return;
      size = be64(b, at + 8);
      header = 16;
    } else if (size == 0) {
      size = end - at;  // to the end of the file
    }
    if (size < header || size > end - at) return;
    std::string_view type = b.substr(at + 4, 4);
    if (!visit(type, at + header, at + size)) return;
    if (type == "moov" || type == "trak") boxes(b, at + header, at + size, depth + 1, visit);
    at += size;
  }
}

bool isMp4(std::string_view b) { return has(b, 4, "ftyp") || has(b, 4, "moov") || has(b, 4, "mdat") || has(b, 4, "free") || has(b, 4, "wide"); }

std::optional<double> mp4Duration(std::string_view b) {
  if (!isMp4(b)) return std::nullopt;
  std::optional<double> out;
  boxes(b, 0, b.size(), 0, [&](std::string_view type, size_t begin, size_t end) {
    if (type != "mvhd") return true;
    int version = begin < end ? uint8_t(b[begin]) : -1;
    if (version == 0 && begin + 20 <= end) {
      uint32_t scale = be(b, begin + 12, 4);
      if (scale) out = double(be(b, begin + 16, 4)) / scale;
    } else if (version == 1 && begin + 32 <= end) {
      uint32_t scale = be(b, begin + 20, 4);
      if (scale) out = double(be64(b, begin + 24)) / scale;
    }
    return false;
  });
  return out;
}

}  // namespace

std::optional<PixelSize> imageSize(std::string_view bytes) {
  for (auto read : {pngSize, jpegSize, gifSize, webpSize, bmpSize})
    if (std::optional<PixelSize> size = read(bytes)) return size;
  return std::nullopt;
}

std::optional<double> mediaDuration(std::string_view bytes) {
  if (std::optional<double> d = wavDuration(bytes)) return d;
  return mp4Duration(bytes);
}

std::optional<PixelSize> videoSize(std::string_view bytes) {
  if (!isMp4(bytes)) return std::nullopt;
  std::optional<PixelSize> out;
  boxes(bytes, 0, bytes.size(), 0, [&](std::string_view type, size_t begin, size_t end) {
    if (type != "tkhd") return true;
    int version = begin < end ? uint8_t(bytes[begin]) : -1;
    // After the version's times, track id and duration: 8 reserved, 2 layer, 2 group, 2 volume,
    // 2 reserved, a 36-byte matrix, then width and height in 16.16 fixed point.
    size_t dims = begin + (version == 1 ? 4 + 8 + 8 + 4 + 4 + 8 : 4 + 4 + 4 + 4 + 4 + 4) + 8 + 2 + 2 + 2 + 2 + 36;
    if (version > 1 || dims + 8 > end) return true;
    if (std::optional<PixelSize> size = checked(be(bytes, dims, 4) >> 16, be(bytes, dims + 4, 4) >> 16)) {
      out = size;  // an audio track's is 0 x 0: the first visual track's
      return false;
    }
    return true;
  });
  return out;
}

}  // namespace wfc::evals
