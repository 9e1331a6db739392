#include "support/Base64.h"

#include <array>

namespace wfc {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Each byte's 6-bit value, or -1 for a byte outside the alphabet.
constexpr std::array<int8_t, 256> kValues = [] {
  std::array<int8_t, 256> values{};
  values.fill(-1);
  for (int i = 0; i < 64; ++i) values[static_cast<unsigned char>(kAlphabet[i])] = static_cast<int8_t>(i);
  return values;
}();

// The padding at the end of `text` (0, 1 or 2), or -1 when `text` is not base64.
int padding(std::string_view text) {
  if (text.size() % 4 != 0) return -1;
  int pad = 0;
  if (!text.empty() && text.back() == '=') pad = text[text.size() - 2] == '=' ? 2 : 1;
  for (size_t i = 0; i < text.size() - size_t(pad); ++i)
    if (kValues[static_cast<unsigned char>(text[i])] < 0) return -1;
  return pad;
}

}  // namespace

std::string encodeBase64(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t n = uint32_t(uint8_t(bytes[i])) << 16 | uint32_t(uint8_t(bytes[i + 1])) << 8 | uint8_t(bytes[i + 2]);
    for (int shift : {18, 12, 6, 0}) out.push_back(kAlphabet[(n >> shift) & 63]);
  }
  if (size_t rest = bytes.size() - i; rest > 0) {
    uint32_t n = uint32_t(uint8_t(bytes[i])) << 16 | (rest == 2 ? uint32_t(uint8_t(bytes[i + 1])) << 8 : 0);
    out.push_back(kAlphabet[(n >> 18) & 63]);
    out.push_back(kAlphabet[(n >> 12) & 63]);
    out.push_back(rest == 2 ? kAlphabet[(n >> 6) & 63] : '=');
    out.push_back('=');
  }
  return out;
}

std::optional<uint64_t> base64DecodedSize(std::string_view text) {
  int pad = padding(text);
  if (pad < 0) return std::nullopt;
  return uint64_t(text.size() / 4 * 3 - size_t(pad));
}

std::optional<std::string> decodeBase64(std::string_view text) {
  int pad = padding(text);
  if (pad < 0) return std::nullopt;
  std::string out;
  out.reserve(text.size() / 4 * 3);
  for (size_t i = 0; i < text.size(); i += 4) {
    uint32_t n = 0;
    for (size_t j = 0; j < 4; ++j) {
      int8_t v = text[i + j] == '=' ? 0 : kValues[static_cast<unsigned char>(text[i + j])];
      n = n << 6 | uint32_t(v);
    }
    out.push_back(char(n >> 16));
    out.push_back(char(n >> 8 & 0xff));
    out.push_back(char(n & 0xff));
  }
  out.resize(out.size() - size_t(pad));
  return out;
}

}  // namespace wfc
