#include "llm/Provider.h"

namespace wfc::llm {

std::string ExchangeKey::str() const {
  return step + "|" + (item ? std::to_string(*item) : "-") + "|" + std::to_string(round) + "|" +
         std::to_string(attempt);
}

}  // namespace wfc::llm
