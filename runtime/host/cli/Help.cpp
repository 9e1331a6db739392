#include "host/cli/Help.h"

#include "common/JsonReader.h"
#include "host/session/RunSetup.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;

// "  name   string   required   description" for each property of the input_schema.
std::string describeInput(const CompositionDecl &c) {
  if (!c.inputSchema) return "Input: a JSON object (the composition declares no input_schema).\n";
  Json schema = readJson(c.inputSchema);
  const Json *root = &schema;
  // A bundled schema may be one $ref into its own definitions.
  if (root->contains("$ref") && (*root)["$ref"].is_string()) {
    std::string ref = (*root)["$ref"];
    if (ref.rfind("#/", 0) == 0) {
      try {
        root = &schema.at(Json::json_pointer(ref.substr(1)));
      } catch (const std::exception &) {
      }
    }
  }
  std::string out = "Input fields (a JSON object, checked against the input_schema):\n";
  if (!root->contains("properties") || !(*root)["properties"].is_object()) return out + "  (none declared)\n";
  std::vector<std::string> required;
  if (root->contains("required") && (*root)["required"].is_array())
    for (const Json &r : (*root)["required"])
      if (r.is_string()) required.push_back(r);
  size_t width = 4;
  for (auto it = (*root)["properties"].begin(); it != (*root)["properties"].end(); ++it)
    width = std::max(width, it.key().size());
  for (auto it = (*root)["properties"].begin(); it != (*root)["properties"].end(); ++it) {
    const Json &p = it.value();
    std::string type = "any";
    if (p.is_object() && p.contains("type")) type = p["type"].is_string() ? std::string(p["type"]) : p["type"].dump();
    else if (p.is_object() && p.contains("enum")) type = "one of " + p["enum"].dump();
    bool isRequired = std::find(required.begin(), required.end(), it.key()) != required.end();
    std::string line = "  " + it.key() + std::string(width - it.key().size() + 2, ' ') + type;
    line += std::string(line.size() < width + 14 ? width + 14 - line.size() : 1, ' ');
    line += isRequired ? "required" : "optional";
    if (p.is_object() && p.contains("description") && p["description"].is_string())
      line += "  " + std::string(p["description"]);
    out += line + "\n";
  }
  return out;
}

}  // namespace

void printHelp(const CommandLine &cl, const ProgramDecl &program) {
  std::cout << "Usage: " << cl.program << " [options]\n\n";
  if (*program.description) std::cout << program.description << "\n\n";
  if (*program.summary) std::cout << program.summary << "\n\n";
  if (const WorkflowDecl *wf = program.workflow) {
    std::cout << "Runs the workflow of " << program.name << " " << program.version << " (" << program.source
              << "), compiled by wfc " << program.wfcVersion << ": from state '" << wf->states[wf->entry].name
              << "' through";
    for (const StateDecl &s : wf->states) std::cout << " " << s.name << (&s == &wf->states.back() ? "" : ",");
    std::cout << ".\n\n";
    std::vector<int> inputs = inputCompositions(program);
    if (inputs.empty()) std::cout << "Input: a JSON object (its keys are the prompts' template variables).\n";
    else std::cout << describeInput(program.compositions[inputs.front()]);
    std::cout << "\n" << commandLineHelp();
    return;
  }
  const CompositionDecl &entry = program.compositions[0];
  std::cout << "Runs composition '" << entry.name << "' of " << program.name << " " << program.version << " ("
            << program.source << "), compiled by wfc " << program.wfcVersion << ".\n\n";
  std::cout << describeInput(entry) << "\n" << commandLineHelp();
}

}  // namespace wfc
