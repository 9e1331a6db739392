#include "Trace.h"

#include "wfc/error.h"

#include <cerrno>
#include <cstring>

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

Trace::Trace(const std::string &path) : random_(std::random_device{}()) {
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) throw Error(ErrorKind::Usage, "cannot write trace file '" + path + "': " + std::strerror(errno));
  traceId_ = randomHex(random_, 16);
}

Trace::~Trace() {
  if (file_) std::fclose(file_);
}

std::string Trace::newSpanId() {
  std::lock_guard lock(mutex_);
  return randomHex(random_, 8);
}

void Trace::write(const char *event, const nlohmann::ordered_json &fields) {
  using namespace std::chrono;
  nlohmann::ordered_json line = {
      {"event", event},
      {"ts_ms", duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count()},
      {"trace_id", traceId_},
  };
  for (auto it = fields.begin(); it != fields.end(); ++it) line[it.key()] = it.value();
  std::string text = line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  text += '\n';
  std::lock_guard lock(mutex_);
  std::fwrite(text.data(), 1, text.size(), file_);
  std::fflush(file_);
}

}  // namespace wfc
