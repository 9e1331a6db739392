#include "core/llm/Provider.h"

namespace wfc::llm {

const char *Message::spell(Role role) {
  switch (role) {
    case Role::System: return "system";
    case Role::User: return "user";
    case Role::Assistant: return "assistant";
    case Role::Tool: return "tool";
  }
  return "user";
}

std::string ExchangeKey::str() const {
  return step + "|" + (item ? std::to_string(*item) : "-") + "|" + std::to_string(round) + "|" +
         std::to_string(attempt);
}

}  // namespace wfc::llm
