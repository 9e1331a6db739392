#include "core/llm/ReplyStream.h"

namespace wfc::llm {

namespace {

Reply stoppedAfter(std::string text) {
  Reply reply;
  reply.content = std::move(text);
  reply.finishReason = "stopped";
  return reply;
}

}  // namespace

Reply ReplyStream::stoppedReply() const { return stoppedAfter(text_); }

Reply deliverInPieces(const Reply &reply, const DeltaSink &deltas) {
  std::string_view text = reply.content;
  size_t handed = 0;
  while (handed < text.size()) {
    size_t word = text.find_first_of(" \t\r\n", handed);
    size_t end = word == std::string_view::npos ? text.size() : text.find_first_not_of(" \t\r\n", word);
    if (end == std::string_view::npos) end = text.size();
    bool more = deltas(Delta::textPiece(text.substr(handed, end - handed)));
    handed = end;
    if (!more) return stoppedAfter(std::string(text.substr(0, handed)));
  }
  for (size_t i = 0; i < reply.toolCalls.size(); ++i) {
    const ToolCallRequest &call = reply.toolCalls[i];
    if (!deltas(Delta::callStart(i, call.id, call.name))) return stoppedAfter(reply.content);
    if (!call.arguments.empty() && !deltas(Delta::argumentsPiece(i, call.arguments))) return stoppedAfter(reply.content);
  }
  return reply;
}

}  // namespace wfc::llm
