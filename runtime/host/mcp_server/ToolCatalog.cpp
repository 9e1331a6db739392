#include "host/mcp_server/ToolCatalog.h"

#include "common/JsonReader.h"
#include "host/session/RunSetup.h"

#include <set>

namespace wfc::mcp {
namespace {

constexpr size_t kMaxNameLength = 128;

// MCP requires an inputSchema of type "object"; a run's input is an object anyway, so a schema
// that says less (no type, a $ref root, ["object", "null"]) says it too.
Json objectSchema(const char *text) {
  Json schema = text ? readJson(text) : Json::object();
  if (!schema.is_object()) schema = Json::object();
  schema["type"] = "object";
  return schema;
}

// {"type": "object", "properties": {"result": SCHEMA}, "required": ["result"]}, with the keywords
// that only mean something at a schema's root ($schema, $id, $defs, definitions) moved to the
// wrapper's root so that SCHEMA's "#/$defs/…" references still resolve.
Json wrappedSchema(Json inner) {
  Json outer = Json::object();
  for (const char *key : {"$schema", "$id"})
    if (inner.is_object() && inner.contains(key)) outer[key] = inner[key], inner.erase(key);
  outer["type"] = "object";
  Json hoisted = Json::object();
  for (const char *key : {"$defs", "definitions"})
    if (inner.is_object() && inner.contains(key)) hoisted[key] = inner[key], inner.erase(key);
  outer["properties"] = {{"result", std::move(inner)}};
  outer["required"] = Json::array({"result"});
  for (auto &[key, value] : hoisted.items()) outer[key] = value;
  return outer;
}

std::string programText(const ProgramDecl &program) {
  return std::string(program.name) + " " + program.version;
}

ServedTool compositionTool(const ProgramDecl &program) {
  ServedTool tool;
  tool.name = mcpToolName(program.name);
  std::string what;
  if (const WorkflowDecl *wf = program.workflow) {
    what = "Runs the workflow of " + programText(program) + " from state '" + wf->states[wf->entry].name + "'.";
    std::vector<int> inputs = inputCompositions(program);
    tool.inputSchema = objectSchema(inputs.empty() ? nullptr : program.compositions[inputs.front()].inputSchema);
  } else {
    const CompositionDecl &entry = program.compositions[0];
    what = "Runs composition '" + std::string(entry.name) + "' of " + programText(program) + ".";
    tool.inputSchema = objectSchema(entry.inputSchema);
    if (entry.outputSchema) {
      Json schema = readJson(entry.outputSchema);
      if (schema.is_object() && schema.value("type", Json()) == "object") {
        tool.outputSchema = std::move(schema);
      } else {
        tool.outputSchema = wrappedSchema(std::move(schema));
        tool.wrapsOutput = true;
      }
    }
  }
  // What the pack says it does comes first: it is what a model reads to choose the tool.
  tool.description = *program.summary ? std::string(program.summary) + "\n\n" + what : what;
  tool.title = program.description;
  return tool;
}

// The "media" of a chat turn's input, for a prompt that takes media (docs/promptkit.md "Media"):
// items with one source each — a URL or the bytes: served runs and MCP calls read no files of the
// host's (core/chat/TurnMedia.h) — checked against the prompt when the turn starts.
Json mediaSchema(const PromptDecl &prompt) {
  Json types = Json::array();
  for (const MediaTypeDecl &t : prompt.media) types.push_back(t.name);
  auto source = [](const char *key) { return Json{{"required", Json::array({key})}}; };
  Json item = {{"type", "object"},
               {"properties",
                {{"type", {{"type", "string"}, {"enum", types}}},
                 {"url", {{"type", "string"}, {"minLength", 1}}},
                 {"data", {{"type", "string"}, {"minLength", 1}, {"contentEncoding", "base64"}}},
                 {"base64", {{"type", "string"}, {"minLength", 1}, {"contentEncoding", "base64"}}},
                 {"mime_type", {{"type", "string"}}},
                 {"detail", {{"enum", {"low", "high", "auto"}}}},
                 {"caption", {{"type", "string"}}}}},
               {"oneOf", Json::array({source("url"), source("data"), source("base64")})},
               {"additionalProperties", false}};
  return {{"type", "array"},
          {"description", "Media in the user's message: images and the other types the prompt takes."},
          {"items", std::move(item)}};
}

ServedTool chatTool(const ProgramDecl &program, const ChatTaskDecl &task) {
  ServedTool tool;
  tool.name = mcpToolName(task.name);
  tool.task = &task;
  const PromptDecl &prompt = program.prompts[task.turn->prompt];
  Json variables = Json::object(), required = Json::array();
  for (const VariableDecl &v : prompt.variables) {
    variables[v.name] = Json::object();
    if (v.required && !v.defaultValue) required.push_back(v.name);
  }
  Json variablesSchema = {{"type", "object"},
                          {"description", "The prompt's template variables."},
                          {"properties", variables}};
  if (!required.empty()) variablesSchema["required"] = required;
  Json properties = {{"message", {{"type", "string"}, {"description", "The user's message."}}},
                     {"variables", variablesSchema}};
  if (!prompt.media.empty()) properties["media"] = mediaSchema(prompt);
  tool.inputSchema = {{"type", "object"},
                      {"properties", std::move(properties)},
                      {"required", Json::array({"message"})},
                      {"additionalProperties", false}};
  // The reply is a string: structuredContent {"result": REPLY}.
  tool.outputSchema = wrappedSchema({{"type", "string"}, {"description", "The model's reply."}});
  tool.wrapsOutput = true;
  tool.description = "Answers a user message as prompt '" + std::string(task.name) + "' of " + programText(program) + ".";
  if (*program.description) tool.title = std::string(program.description) + ": " + task.name;
  return tool;
}

Json structured(const ServedTool &tool, const Value &output) {
  Json json = output.json();
  if (tool.wrapsOutput || !json.is_object()) return {{"result", std::move(json)}};
  return json;
}

Json textBlock(std::string text) { return {{"type", "text"}, {"text", std::move(text)}}; }

}  // namespace

std::string mcpToolName(std::string_view name) {
  std::string out;
  for (unsigned char c : name) {
    if (out.size() == kMaxNameLength) break;
    if ((c & 0xC0) == 0x80) continue;  // a UTF-8 continuation byte: its character is '_' already
    bool allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
                   c == '.';
    out += allowed ? char(c) : '_';
  }
  return out.empty() ? "workflow" : out;
}

std::vector<ServedTool> servedTools(const ProgramDecl &program) {
  if (program.tasks.empty()) return {compositionTool(program)};
  std::vector<ServedTool> tools;
  std::set<std::string> taken;
  for (const ChatTaskDecl &task : program.tasks) {
    ServedTool tool = chatTool(program, task);
    // Two task names that differ only in characters MCP does not allow: the later one gets a
    // suffix, "_2", "_3", …
    std::string base = tool.name;
    for (int n = 2; taken.count(tool.name); ++n) {
      std::string suffix = "_" + std::to_string(n);
      tool.name = base.substr(0, kMaxNameLength - suffix.size()) + suffix;
    }
    taken.insert(tool.name);
    tools.push_back(std::move(tool));
  }
  return tools;
}

Json listEntry(const ServedTool &tool) {
  Json entry = {{"name", tool.name}};
  if (!tool.title.empty()) entry["title"] = tool.title;
  entry["description"] = tool.description;
  entry["inputSchema"] = tool.inputSchema;
  if (tool.outputSchema) entry["outputSchema"] = *tool.outputSchema;
  return entry;
}

Json callResult(const ServedTool &tool, const RunOutcome &outcome) {
  Json result = {{"content", Json::array()}};
  if (outcome.code != 0) result["content"].push_back(textBlock(outcome.error));
  if (outcome.output) {
    Json content = structured(tool, *outcome.output);
    result["content"].push_back(textBlock(content.dump(-1, ' ', false, Json::error_handler_t::replace)));
    result["structuredContent"] = std::move(content);
  }
  result["isError"] = outcome.code != 0;
  result["_meta"] = {{"wfc/exit_code", outcome.code}};
  if (!outcome.runId.empty()) result["_meta"]["wfc/run_id"] = outcome.runId;
  return result;
}

Json inputErrorResult(const std::string &message) {
  return {{"content", Json::array({textBlock(message)})},
          {"isError", true},
          {"_meta", {{"wfc/exit_code", 2}}}};
}

}  // namespace wfc::mcp
