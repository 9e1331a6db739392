#include "host/otlp/OtlpEncoding.h"

#include "host/otlp/ProtobufWriter.h"

namespace wfc::otlp {
namespace {

// Field numbers of opentelemetry-proto (common/v1, resource/v1, trace/v1, collector/trace/v1).
namespace anyvalue { enum : uint32_t { String = 1, Bool = 2, Int = 3, Double = 4, Array = 5 }; }
namespace keyvalue { enum : uint32_t { Key = 1, Value = 2 }; }
namespace span {
enum : uint32_t {
  TraceId = 1, SpanId = 2, ParentSpanId = 4, Name = 5, Kind = 6, Start = 7, End = 8, Attributes = 9, Status = 15,
  Flags = 16
};
}
namespace status { enum : uint32_t { Message = 2, Code = 3 }; }

ProtobufWriter anyValue(const AttributeValue &value) {
  ProtobufWriter w;
  if (const auto *s = std::get_if<std::string>(&value)) w.bytes(anyvalue::String, *s);
  else if (const auto *b = std::get_if<bool>(&value)) w.varint(anyvalue::Bool, *b ? 1 : 0);
  else if (const auto *i = std::get_if<int64_t>(&value)) w.varint(anyvalue::Int, uint64_t(*i));
  else if (const auto *d = std::get_if<double>(&value)) w.doubleValue(anyvalue::Double, *d);
  else if (const auto *list = std::get_if<std::vector<std::string>>(&value)) {
    ProtobufWriter array;
    for (const std::string &item : *list) array.message(1, anyValue(AttributeValue(item)));
    w.message(anyvalue::Array, array);
  }
  return w;
}

void attributes(ProtobufWriter &w, uint32_t field, const Attributes &attrs) {
  for (const auto &[key, value] : attrs) {
    ProtobufWriter kv;
    kv.bytes(keyvalue::Key, key);
    kv.message(keyvalue::Value, anyValue(value));
    w.message(field, kv);
  }
}

ProtobufWriter encodeSpan(const Span &s) {
  ProtobufWriter w;
  w.bytes(span::TraceId, hexToBytes(s.traceId));
  w.bytes(span::SpanId, hexToBytes(s.spanId));
  if (!s.parentSpanId.empty()) w.bytes(span::ParentSpanId, hexToBytes(s.parentSpanId));
  w.bytes(span::Name, s.name);
  w.varint(span::Kind, uint64_t(s.kind));
  w.fixed64(span::Start, s.startNanos);
  w.fixed64(span::End, s.endNanos);
  attributes(w, span::Attributes, s.attributes);
  if (s.status != StatusCode::Unset) {
    ProtobufWriter st;
    if (!s.statusMessage.empty()) st.bytes(status::Message, s.statusMessage);
    st.varint(status::Code, uint64_t(s.status));
    w.message(span::Status, st);
  }
  w.fixed32(span::Flags, 0x101);  // sampled; the parent's remoteness is known (SpanFlags)
  return w;
}

}  // namespace

std::string encodeExportTraceServiceRequest(const Resource &resource, const std::vector<Span> &spans) {
  ProtobufWriter res;
  attributes(res, 1, resource.attributes);  // Resource.attributes
  ProtobufWriter scope;
  scope.bytes(1, resource.scopeName);  // InstrumentationScope.name
  if (!resource.scopeVersion.empty()) scope.bytes(2, resource.scopeVersion);
  ProtobufWriter scopeSpans;
  scopeSpans.message(1, scope);  // ScopeSpans.scope
  for (const Span &s : spans) scopeSpans.message(2, encodeSpan(s));  // ScopeSpans.spans
  ProtobufWriter resourceSpans;
  resourceSpans.message(1, res);         // ResourceSpans.resource
  resourceSpans.message(2, scopeSpans);  // ResourceSpans.scope_spans
  ProtobufWriter request;
  request.message(1, resourceSpans);  // ExportTraceServiceRequest.resource_spans
  return request.take();
}

}  // namespace wfc::otlp
