#include "core/trace/EventStream.h"

#include "core/trace/RunEvents.h"
#include "wfc/error.h"

#include <cerrno>
#include <cstring>

namespace wfc {

EventStream::EventStream(const std::string &path) {
  if (path == "-") {
    file_ = stdout;
    toStdout_ = true;
    return;
  }
  file_ = std::fopen(path.c_str(), "w");
  if (!file_) throw Error(ErrorKind::Usage, "cannot write stream file '" + path + "': " + std::strerror(errno));
}

EventStream::~EventStream() {
  if (file_ && !toStdout_) std::fclose(file_);
}

void EventStream::record(const TraceRecord &record) {
  if (std::optional<nlohmann::ordered_json> event = runEventOf(record)) writeLine(*event);
}

void EventStream::delta(const DeltaRecord &record) { writeLine(runEventOf(record)); }

void EventStream::finish(const std::optional<Value> &output, int exitCode, const std::string &error) {
  writeLine(finalRunEvent(output, exitCode, error));
}

void EventStream::writeLine(const nlohmann::ordered_json &line) {
  std::string text = runEventText(line);
  text += '\n';
  std::lock_guard lock(mutex_);
  if (broken_) return;
  // A reader that went away (a closed pipe: `| head -1`) ends the stream, not the run.
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() || std::fflush(file_) != 0) broken_ = true;
}

}  // namespace wfc
