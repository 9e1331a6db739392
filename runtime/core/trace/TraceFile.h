// --trace FILE (docs/executable.md): each trace event as one JSON line, written whole and flushed
// as it happens, so a killed run leaves a readable trace.
#pragma once

#include "core/trace/TraceSink.h"

#include <cstdio>
#include <mutex>
#include <string>

namespace wfc {

class TraceFile final : public TraceSink {
 public:
  // Opens (truncates) `path`; throws wfc::Error(Usage) when it cannot.
  explicit TraceFile(const std::string &path);
  ~TraceFile() override;
  TraceFile(const TraceFile &) = delete;
  TraceFile &operator=(const TraceFile &) = delete;

  void record(const TraceRecord &record) override;

 private:
  std::mutex mutex_;
  std::FILE *file_ = nullptr;
};

}  // namespace wfc
