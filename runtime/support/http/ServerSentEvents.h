// Server-sent events as they arrive (the WHATWG "event stream" format: lines of `field: value`,
// an event per blank line): what LLM providers stream replies in (docs/streaming.md).
//
// Bytes go in as the transport hands them over, cut anywhere; each complete event comes out once
// its blank line has arrived. `data` lines join with "\n"; an event without data is none; comment
// lines (":" first) and `retry` are ignored; CR, LF and CRLF all end a line; a byte order mark
// opening the stream is skipped.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace wfc::http {

struct ServerSentEvent {
  std::string event;  // "" when the event names none (the format's "message")
  std::string data;
  std::string id;
};

class ServerSentEventParser {
 public:
  using OnEvent = std::function<void(const ServerSentEvent &event)>;
  explicit ServerSentEventParser(OnEvent onEvent) : onEvent_(std::move(onEvent)) {}

  // Parses the next bytes; calls onEvent for every event they complete. What onEvent throws
  // propagates (the parser stays usable only for the bytes after it).
  void feed(std::string_view bytes);
  // Whether bytes of an event are waiting for their blank line: at the end of a body, an event
  // that never ended (a stream cut short).
  bool pending() const { return !line_.empty() || hasFields_ || !head_.empty(); }
  // How many bytes the current event holds so far, to bound it (docs/limits.md).
  size_t pendingBytes() const { return line_.size() + current_.data.size(); }

 private:
  void parse(std::string_view bytes);
  void takeLine(std::string_view line);
  OnEvent onEvent_;
  bool begun_ = false;  // past the place of a byte order mark
  std::string head_;    // the first bytes, while they may still be one
  std::string line_;       // the current line's bytes so far
  bool afterCr_ = false;   // the last byte was a CR: an LF next is the same line end
  bool hasFields_ = false;  // the current event has had a field
  bool hasData_ = false;
  ServerSentEvent current_;
};

}  // namespace wfc::http
