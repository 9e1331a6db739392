#include "host/otlp/ProtobufWriter.h"

#include <cstring>

namespace wfc::otlp {

void ProtobufWriter::rawVarint(uint64_t value) {
  while (value >= 0x80) {
    out_ += char((value & 0x7f) | 0x80);
    value >>= 7;
  }
  out_ += char(value);
}

void ProtobufWriter::tag(uint32_t field, unsigned wireType) { rawVarint((uint64_t(field) << 3) | wireType); }

void ProtobufWriter::varint(uint32_t field, uint64_t value) {
  tag(field, 0);
  rawVarint(value);
}

void ProtobufWriter::fixed64(uint32_t field, uint64_t value) {
  tag(field, 1);
  for (int i = 0; i < 8; ++i) out_ += char((value >> (8 * i)) & 0xff);  // little-endian
}

void ProtobufWriter::doubleValue(uint32_t field, double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  fixed64(field, bits);
}

void ProtobufWriter::fixed32(uint32_t field, uint32_t value) {
  tag(field, 5);
  for (int i = 0; i < 4; ++i) out_ += char((value >> (8 * i)) & 0xff);
}

void ProtobufWriter::bytes(uint32_t field, std::string_view value) {
  tag(field, 2);
  rawVarint(value.size());
  out_.append(value.data(), value.size());
}

std::string hexToBytes(std::string_view hex) {
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (hex.size() % 2) return "";
  std::string out;
  for (size_t i = 0; i < hex.size(); i += 2) {
    int hi = digit(hex[i]), lo = digit(hex[i + 1]);
    if (hi < 0 || lo < 0) return "";
    out += char(hi * 16 + lo);
  }
  return out;
}

}  // namespace wfc::otlp
