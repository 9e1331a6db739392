// OTLP/HTTP's protobuf body for spans (docs/observability.md): an ExportTraceServiceRequest of
// opentelemetry-proto's collector/trace/v1 — one ResourceSpans (the service's resource), one
// ScopeSpans (scope "wfc"), the spans.
#pragma once

#include "host/otlp/Span.h"

#include <string>
#include <vector>

namespace wfc::otlp {

struct Resource {
  Attributes attributes;  // service.name, service.version, telemetry.sdk.*
  std::string scopeName = "wfc", scopeVersion;
};

std::string encodeExportTraceServiceRequest(const Resource &resource, const std::vector<Span> &spans);

}  // namespace wfc::otlp
