#include "host/serve/RunTimeline.h"

namespace wfc::serve {

void RunTimeline::record(const TraceRecord &record) {
  std::string text = record.line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  std::lock_guard lock(mutex_);
  lines_.push_back(std::move(text));
}

std::vector<std::string> RunTimeline::linesFrom(size_t from) const {
  std::lock_guard lock(mutex_);
  if (from >= lines_.size()) return {};
  return std::vector<std::string>(lines_.begin() + std::ptrdiff_t(from), lines_.end());
}

size_t RunTimeline::size() const {
  std::lock_guard lock(mutex_);
  return lines_.size();
}

std::string RunTimeline::text() const {
  std::lock_guard lock(mutex_);
  std::string out;
  for (const std::string &line : lines_) out += line + "\n";
  return out;
}

}  // namespace wfc::serve
