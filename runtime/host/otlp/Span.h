// A finished span as OTLP sends it (docs/observability.md), made from a run's trace events by
// host/otlp/SpanAssembler.h and encoded by host/otlp/OtlpEncoding.h.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace wfc::otlp {

// OTLP's AnyValue, the kinds wfc sends.
using AttributeValue = std::variant<std::string, bool, int64_t, double, std::vector<std::string>>;
using Attributes = std::vector<std::pair<std::string, AttributeValue>>;

// Span.SpanKind
enum class SpanKind : uint8_t { Unspecified = 0, Internal = 1, Server = 2, Client = 3 };
// Status.StatusCode
enum class StatusCode : uint8_t { Unset = 0, Ok = 1, Error = 2 };

struct Span {
  std::string traceId, spanId, parentSpanId;  // lowercase hex (32, 16, 16 or empty)
  std::string name;
  SpanKind kind = SpanKind::Internal;
  uint64_t startNanos = 0, endNanos = 0;  // Unix time
  Attributes attributes;
  StatusCode status = StatusCode::Unset;
  std::string statusMessage;
};

}  // namespace wfc::otlp
