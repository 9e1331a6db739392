#include "core/trace/Trace.h"

namespace wfc {

std::string randomHex(std::mt19937_64 &random, unsigned bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned i = 0; i < bytes; i += 8) {
    uint64_t r = random();
    for (unsigned j = 0; j < 8 && i + j < bytes; ++j, r >>= 8) {
      out += digits[(r >> 4) & 0xf];
      out += digits[r & 0xf];
    }
  }
  return out;
}

Trace::Trace(std::vector<std::shared_ptr<TraceSink>> sinks, std::string traceId, std::string parentSpanId)
    : sinks_(std::move(sinks)), random_(std::random_device{}()), parentSpanId_(std::move(parentSpanId)) {
  traceId_ = traceId.empty() ? randomHex(random_, 16) : std::move(traceId);
  for (const auto &sink : sinks_) {
    wantsContent_ |= sink->wantsContent();
    wantsOutputs_ |= sink->wantsOutputs();
    wantsDeltas_ |= sink->wantsDeltas();
  }
}

std::string Trace::newSpanId() {
  std::lock_guard lock(mutex_);
  return randomHex(random_, 8);
}

void Trace::write(const char *event, const nlohmann::ordered_json &fields, const nlohmann::ordered_json *content,
                  const Value *output) {
  using namespace std::chrono;
  int64_t nanos = duration_cast<nanoseconds>(system_clock::now().time_since_epoch()).count();
  nlohmann::ordered_json line = {
      {"event", event},
      {"ts_ms", nanos / 1'000'000},
      {"trace_id", traceId_},
  };
  for (auto it = fields.begin(); it != fields.end(); ++it) line[it.key()] = it.value();
  for (const auto &sink : sinks_)
    sink->record({event, line, nanos, sink->wantsContent() ? content : nullptr, sink->wantsOutputs() ? output : nullptr});
}

void Trace::delta(const DeltaRecord &record) {
  for (const auto &sink : sinks_)
    if (sink->wantsDeltas()) sink->delta(record);
}

}  // namespace wfc
