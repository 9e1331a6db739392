// What POST /runs checks before a run starts (docs/serve.md "Errors"): the input against the
// schema of every composition that receives it (a chat task's {message, variables}), every
// problem located by a JSON pointer into the body, so that a 400 names the fields.
#pragma once

#include "host/mcp_server/ToolCatalog.h"
#include "support/SchemaValidator.h"
#include "wfc/program.h"

#include <memory>
#include <string>
#include <vector>

namespace wfc::serve {

struct InputProblem {
  std::string field;  // a JSON pointer into the input: "/text", "" for the whole
  std::string message;
  std::string text;  // the validator's whole message: "(root): missing required property 'x'"
};

class InputCheck {
 public:
  // Compiles the schemas once (they are checked at every request).
  InputCheck(const ProgramDecl &program, const std::vector<mcp::ServedTool> &tools);
  // Every problem of `input` for `task` (a chat program's; null otherwise); empty when it fits.
  std::vector<InputProblem> problems(const Value &input, const ChatTaskDecl *task) const;

 private:
  std::vector<std::unique_ptr<SchemaValidator>> compositions_;
  std::vector<std::pair<const ChatTaskDecl *, std::unique_ptr<SchemaValidator>>> tasks_;
};

// A SchemaValidator message ("/items/0: expected …", "(root): missing required property 'x'")
// as a field and a message; a missing property's field is the property's own pointer.
InputProblem locateProblem(const std::string &message);

}  // namespace wfc::serve
