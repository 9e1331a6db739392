#include "core/trace/TraceFile.h"

#include "wfc/error.h"

#include <cerrno>
#include <cstring>

namespace wfc {

TraceFile::TraceFile(const std::string &path) {
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) throw Error(ErrorKind::Usage, "cannot write trace file '" + path + "': " + std::strerror(errno));
}

TraceFile::~TraceFile() {
  if (file_) std::fclose(file_);
}

void TraceFile::record(const TraceRecord &record) {
  std::string text = record.line.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  text += '\n';
  std::lock_guard lock(mutex_);
  std::fwrite(text.data(), 1, text.size(), file_);
  std::fflush(file_);
}

}  // namespace wfc
