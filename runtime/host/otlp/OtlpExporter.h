// --otlp-endpoint (docs/observability.md): every run's spans over OTLP/HTTP with protobuf, as
// they end. A trace sink: the run's thread only assembles the span and queues it; a thread of
// the exporter's own sends a batch each second (or as soon as 512 are waiting). Nothing it does
// fails or slows a run: a full queue drops spans, a collector that cannot be reached or refuses
// them costs one warning on stderr and the batch, and at the end the exporter gives a last
// batch at most two seconds.
#pragma once

#include "core/trace/TraceSink.h"
#include "host/otlp/OtlpEncoding.h"
#include "host/otlp/SpanAssembler.h"
#include "wfc/cancellation.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace wfc::otlp {

struct ExporterOptions {
  std::string url;                   // where spans are POSTed: ".../v1/traces"
  std::vector<std::string> headers;  // "Name: value" (OTEL_EXPORTER_OTLP_HEADERS)
  Resource resource;
  std::string provider = "openai";   // gen_ai.provider.name
  bool withContent = false;          // --otlp-content
  std::string self = "wfc";          // the executable, for warnings
  size_t maxQueued = 8192;
  size_t batchSize = 512;
  std::chrono::milliseconds interval{1000};
  std::chrono::milliseconds finalFlush{2000};
};

// The traces URL from --otlp-endpoint, else $OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (used as it is),
// else $OTEL_EXPORTER_OTLP_ENDPOINT; a base URL gets "/v1/traces" appended. nullopt when none is
// set. Throws wfc::Error(Usage) for one that is not an http(s) URL.
std::optional<std::string> tracesUrl(const std::optional<std::string> &flag);
// $OTEL_EXPORTER_OTLP_TRACES_HEADERS, else $OTEL_EXPORTER_OTLP_HEADERS: "k=v,k2=v2" (values
// percent-decoded) as "k: v" lines. Throws wfc::Error(Usage) for a malformed list.
std::vector<std::string> otlpHeaders();

class OtlpExporter final : public TraceSink {
 public:
  explicit OtlpExporter(ExporterOptions options);
  ~OtlpExporter() override;  // sends what is queued (finalFlush at most), then stops
  OtlpExporter(const OtlpExporter &) = delete;
  OtlpExporter &operator=(const OtlpExporter &) = delete;

  void record(const TraceRecord &record) override;
  bool wantsContent() const override { return options_.withContent; }

 private:
  void run();
  bool send(std::vector<Span> batch, const CancellationToken &cancel);
  void warnOnce(const std::string &message);

  ExporterOptions options_;
  std::mutex mutex_;
  std::condition_variable wake_;
  SpanAssembler assembler_;
  std::deque<Span> queue_;
  size_t dropped_ = 0;
  bool stopping_ = false;
  bool finished_ = false;  // the sending thread is done
  bool warned_ = false;
  CancellationToken abort_;  // cancels a send still going when the final flush runs out
  std::thread thread_;
};

}  // namespace wfc::otlp
