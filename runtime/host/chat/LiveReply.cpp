#include "host/chat/LiveReply.h"

namespace wfc::chat {

void LiveReply::delta(const DeltaRecord &record) {
  if (record.kind != "text" || record.text.empty()) return;
  std::string exchange = std::string(record.step) + "|" + (record.item ? std::to_string(*record.item) : "-") + "|" +
                         std::to_string(record.round) + "|" + std::to_string(record.attempt);
  std::lock_guard lock(mutex_);
  if (muted_) return;
  if (exchange != exchange_) {
    if (printed_) std::fputc('\n', out_);
    exchange_ = std::move(exchange);
    round_.clear();
  }
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
  exchange_.clear();
  printed_ = false;
  return out;
}

std::string LiveReply::abandon() {
  std::lock_guard lock(mutex_);
  std::string out = printed_ ? "\n" : "";
  round_.clear();
  exchange_.clear();
  printed_ = false;
  return out;
}

}  // namespace wfc::chat
