#include "support/http/ServerSentEvents.h"

namespace wfc::http {

void ServerSentEventParser::feed(std::string_view bytes) {
  if (begun_) return parse(bytes);
  // A byte order mark may open the stream, and only there: the first bytes wait until they
  // cannot be one.
  static constexpr std::string_view kBom = "\xEF\xBB\xBF";
  head_.append(bytes);
  if (head_.size() < kBom.size() && kBom.starts_with(head_)) return;
  begun_ = true;
  std::string held = std::move(head_);
  head_.clear();
  std::string_view rest = held;
  if (rest.starts_with(kBom)) rest.remove_prefix(kBom.size());
  parse(rest);
}

void ServerSentEventParser::parse(std::string_view bytes) {
  size_t start = 0;
  for (size_t i = 0; i < bytes.size(); ++i) {
    char c = bytes[i];
    if (c != '\n' && c != '\r') {
      afterCr_ = false;
      continue;
    }
    if (c == '\n' && afterCr_ && i == start) {  // the LF of a CRLF split from its CR
      afterCr_ = false;
      start = i + 1;
      continue;
    }
    line_.append(bytes.substr(start, i - start));
    start = i + 1;
    if (c == '\r' && i + 1 < bytes.size() && bytes[i + 1] == '\n') {
      ++i;
      start = i + 1;
      afterCr_ = false;
    } else {
      afterCr_ = c == '\r';
    }
    std::string line = std::move(line_);
    line_.clear();
    takeLine(line);
  }
  line_.append(bytes.substr(start));
}

void ServerSentEventParser::takeLine(std::string_view line) {
  if (line.empty()) {
    if (hasFields_) {
      ServerSentEvent event = std::move(current_);
      current_ = ServerSentEvent();
      current_.id = event.id;  // the last event id carries over, as the format says
      hasFields_ = hasData_ = false;
      // An event without data is not one (the format's rule): a proxy's bare "event: ping".
      if (!event.data.empty()) onEvent_(event);
    }
    return;
  }
  if (line.front() == ':') return;  // a comment: keep-alives
  size_t colon = line.find(':');
  std::string_view field = line.substr(0, colon);
  std::string_view value = colon == std::string_view::npos ? std::string_view() : line.substr(colon + 1);
  if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  hasFields_ = true;
  if (field == "data") {
    if (hasData_) current_.data += '\n';
    current_.data.append(value);
    hasData_ = true;
  } else if (field == "event") {
    current_.event = value;
  } else if (field == "id") {
    if (value.find('\0') == std::string_view::npos) current_.id = value;
  }
  // retry and unknown fields: ignored
}

}  // namespace wfc::http
