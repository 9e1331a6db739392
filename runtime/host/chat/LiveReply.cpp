#include "host/chat/LiveReply.h"

namespace wfc::chat {

void LiveReply::delta(const DeltaRecord &record) {
  if (record.kind != "text" || record.text.empty()) return;
  std::lock_guard lock(mutex_);
  if (printed_ && record.round != roundNumber_) {
    std::fputc('\n', out_);
    round_.clear();
  }
  roundNumber_ = record.round;
  printed_ = true;
  round_ += record.text;
  std::fwrite(record.text.data(), 1, record.text.size(), out_);
  std::fflush(out_);
}

std::string LiveReply::rest(const std::string &reply) {
  std::lock_guard lock(mutex_);
  std::string out;
  if (!printed_) out = reply + "\n";
  else if (round_ == reply) out = "\n";
  else out = "\n" + reply + "\n";
  round_.clear();
  printed_ = false;
  roundNumber_ = 0;
  return out;
}

}  // namespace wfc::chat
