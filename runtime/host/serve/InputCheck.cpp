#include "host/serve/InputCheck.h"

#include "host/session/RunSetup.h"

namespace wfc::serve {
namespace {

// A JSON pointer token: '~' and '/' escaped (RFC 6901).
std::string pointerToken(const std::string &name) {
  std::string out;
  for (char c : name) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

}  // namespace

InputProblem locateProblem(const std::string &message) {
  size_t colon = message.find(": ");
  if (colon == std::string::npos) return {"", message, message};
  std::string where = message.substr(0, colon), what = message.substr(colon + 2);
  std::string field = where == "(root)" ? "" : where;
  const std::string missing = "missing required property '";
  if (what.rfind(missing, 0) == 0 && what.back() == '\'')
    field += "/" + pointerToken(what.substr(missing.size(), what.size() - missing.size() - 1));
  return {field, what, message};
}

InputCheck::InputCheck(const ProgramDecl &program, const std::vector<mcp::ServedTool> &tools) {
  for (int c : inputCompositions(program))
    if (const char *schema = program.compositions[c].inputSchema)
      compositions_.push_back(std::make_unique<SchemaValidator>(Value::parse(schema)));
  for (const mcp::ServedTool &tool : tools)
    if (tool.task) tasks_.emplace_back(tool.task, std::make_unique<SchemaValidator>(Value::fromJson(tool.inputSchema)));
}

std::vector<InputProblem> InputCheck::problems(const Value &input, const ChatTaskDecl *task) const {
  std::vector<InputProblem> out;
  auto check = [&](const SchemaValidator &v) {
    for (const std::string &m : v.validateAll(input)) {
      InputProblem p = locateProblem(m);
      bool seen = false;
      for (const InputProblem &q : out) seen |= q.field == p.field && q.message == p.message;
      if (!seen) out.push_back(std::move(p));
    }
  };
  for (const auto &v : compositions_) check(*v);
  for (const auto &[t, v] : tasks_)
    if (t == task) check(*v);
  return out;
}

}  // namespace wfc::serve
