#include "core/llm/PromptKitWire.h"

#include <cctype>
#include <map>
#include <string>

namespace wfc::llm {
namespace {

// PromptKit re-encodes the schema from a Go map: every object's keys come out in name order, as
// nlohmann::json (a std::map) keeps them.
Json sortedKeys(const Json &value) { return Json(nlohmann::json(value)); }

void applyStrict(Json &schema) {
  if (!schema.is_object()) return;
  // Members are added only after the walk: adding one moves the others (an ordered_json object is
  // a vector), and an iterator into them with it.
  if (auto items = schema.find("items"); items != schema.end() && items->is_object()) applyStrict(*items);
  auto properties = schema.find("properties");
  if (properties != schema.end() && properties->is_object()) {
    Json required = Json::array();
    for (auto &[name, property] : properties->items()) {
      required.push_back(name);
      applyStrict(property);
    }
    schema["additionalProperties"] = false;
    schema["required"] = std::move(required);
  } else if (auto type = schema.find("type"); type != schema.end() && *type == "object") {
    schema["properties"] = Json::object();
    schema["additionalProperties"] = false;
    schema["required"] = Json::array();
  }
}

}  // namespace

bool isOSeriesModel(std::string_view model) {
  return model.size() >= 2 && model[0] == 'o' && std::isdigit(static_cast<unsigned char>(model[1]));
}

Json strictToolSchema(const Json &schema) {
  Json strict = sortedKeys(schema.is_object() ? schema : Json::object());
  applyStrict(strict);
  return sortedKeys(strict);
}

void applyPromptKitOpenAi(Json &body, const Request &request) {
  // The token limit: max_completion_tokens, the field OpenAI's reasoning models require.
  if (auto it = body.find("max_tokens"); it != body.end()) {
    Json limit = std::move(*it);
    body.erase("max_tokens");
    body["max_completion_tokens"] = std::move(limit);
  }
  // PromptKit's provider default top_p, sent with every request; an o-series model takes neither
  // a temperature nor a top_p.
  if (isOSeriesModel(request.model)) {
    body.erase("temperature");
    body.erase("top_p");
  } else if (!body.contains("top_p")) {
    body["top_p"] = 1;
  }
  if (auto tools = body.find("tools"); tools != body.end()) {
    for (Json &tool : *tools) {
      Json &function = tool["function"];
      function["parameters"] = strictToolSchema(function["parameters"]);
      function["strict"] = true;
    }
    if (auto choice = body.find("tool_choice"); choice != body.end() && *choice == "auto") body.erase("tool_choice");
  }
  // A tool result names its tool (PromptKit's {"role": "tool", "tool_call_id", "name", "content"}):
  // the tool of the call it answers, among those of the assistant message before it — call ids
  // a server leaves out are made up per reply ("call_0"), so they repeat across rounds.
  Json &messages = body["messages"];
  std::map<std::string, std::string> toolOfCall;
  for (size_t i = 0; i < request.messages.size() && i < messages.size(); ++i) {
    const Message &m = request.messages[i];
    if (m.role == Message::Role::Assistant && !m.toolCalls.empty()) {
      toolOfCall.clear();
      for (const ToolCallRequest &call : m.toolCalls) toolOfCall[call.id] = call.name;
    }
    if (m.role != Message::Role::Tool) continue;
    auto call = toolOfCall.find(m.toolCallId);
    if (call == toolOfCall.end()) continue;
    Json named = Json::object();
    for (auto &[key, value] : messages[i].items()) {
      named[key] = value;
      if (key == "tool_call_id") named["name"] = call->second;
    }
    messages[i] = std::move(named);
  }
}

}  // namespace wfc::llm
