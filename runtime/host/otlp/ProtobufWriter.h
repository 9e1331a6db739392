// The few protobuf wire-format primitives OTLP's messages need (docs/observability.md "Why
// hand-encoded"): varints, 64-bit fixed, doubles, and length-delimited strings, bytes and
// embedded messages. Fields are written in the order given; an embedded message is built in a
// writer of its own and added whole.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace wfc::otlp {

class ProtobufWriter {
 public:
  void varint(uint32_t field, uint64_t value);   // wire type 0 (int64 as two's complement)
  void fixed64(uint32_t field, uint64_t value);  // wire type 1
  void doubleValue(uint32_t field, double value);  // wire type 1
  void fixed32(uint32_t field, uint32_t value);  // wire type 5
  void bytes(uint32_t field, std::string_view value);  // wire type 2: strings, bytes
  void message(uint32_t field, const ProtobufWriter &inner) { bytes(field, inner.data()); }

  const std::string &data() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void tag(uint32_t field, unsigned wireType);
  void rawVarint(uint64_t value);
  std::string out_;
};

// "0af3…" (2n lowercase hex digits) as n bytes; empty when it is not hex.
std::string hexToBytes(std::string_view hex);

}  // namespace wfc::otlp
