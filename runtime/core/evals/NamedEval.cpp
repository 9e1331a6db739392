#include "core/evals/NamedEval.h"

#include "common/JsonReader.h"

#include <fmt/format.h>
#include <algorithm>
#include <map>
#include <mutex>

namespace wfc::evals {

NamedEvalHandler findNamedEval(std::string_view type) {
  static const std::map<std::string_view, NamedEvalHandler> kHandlers = [] {
    std::vector<std::pair<std::string_view, NamedEvalHandler>> all;
    addToolCallEvals(all);
    addGuardrailEvals(all);
    addConversationEvals(all);
    addWorkflowEvals(all);
    addJudgedEvals(all);
    addExternalEvals(all);
    addMediaEvals(all);
    addClassifierEvals(all);
    addToolExecEval(all);
    addCompositionEvals(all);
    addJsonPathEval(all);
    addCosineSimilarityEval(all);
    return std::map<std::string_view, NamedEvalHandler>(all.begin(), all.end());
  }();
  auto it = kHandlers.find(type);
  return it == kHandlers.end() ? nullptr : it->second;
}

const nlohmann::ordered_json &namedEvalParams(const EvalDecl &eval) {
  static std::mutex mutex;
  static std::map<const EvalDecl *, nlohmann::ordered_json> parsed;  // the program's tables do not move
  std::lock_guard lock(mutex);
  auto it = parsed.find(&eval);
  if (it == parsed.end())
    it = parsed.emplace(&eval, eval.params ? readJson(eval.params) : nlohmann::ordered_json::object()).first;
  return it->second;
}

std::string goText(const nlohmann::ordered_json &value) {
  switch (value.type()) {
    case nlohmann::ordered_json::value_t::string: return value.get<std::string>();
    case nlohmann::ordered_json::value_t::null: return "<nil>";
    case nlohmann::ordered_json::value_t::boolean: return value.get<bool>() ? "true" : "false";
    case nlohmann::ordered_json::value_t::number_integer: return std::to_string(value.get<int64_t>());
    case nlohmann::ordered_json::value_t::number_unsigned: return std::to_string(value.get<uint64_t>());
    case nlohmann::ordered_json::value_t::number_float: return fmt::format("{}", value.get<double>());
    case nlohmann::ordered_json::value_t::array: {
      std::string out = "[";
      for (const auto &item : value) out += (out.size() > 1 ? " " : "") + goText(item);
      return out + "]";
    }
    case nlohmann::ordered_json::value_t::object: {
      // Go prints a map's keys in order.
      std::vector<std::string> keys;
      for (const auto &[key, member] : value.items()) keys.push_back(key);
      std::sort(keys.begin(), keys.end());
      std::string out = "map[";
      for (const std::string &key : keys) out += (out.size() > 4 ? " " : "") + key + ":" + goText(value[key]);
      return out + "]";
    }
    default: return value.dump();
  }
}

std::string goQuoted(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n' || c == '\t' || c == '\r') {
      out += c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace wfc::evals
