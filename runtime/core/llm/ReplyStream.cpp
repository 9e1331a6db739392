#include "core/llm/ReplyStream.h"

namespace wfc::llm {

void deliverInPieces(const Reply &reply, const DeltaSink &deltas) {
  std::string_view text = reply.content;
  while (!text.empty()) {
    size_t word = text.find_first_of(" \t\r\n");
    size_t end = word == std::string_view::npos ? text.size() : text.find_first_not_of(" \t\r\n", word);
    if (end == std::string_view::npos) end = text.size();
    deltas(Delta::textPiece(text.substr(0, end)));
    text.remove_prefix(end);
  }
  for (size_t i = 0; i < reply.toolCalls.size(); ++i) {
    const ToolCallRequest &call = reply.toolCalls[i];
    deltas(Delta::callStart(i, call.id, call.name));
    if (!call.arguments.empty()) deltas(Delta::argumentsPiece(i, call.arguments));
  }
}

}  // namespace wfc::llm
