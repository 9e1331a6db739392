// The AWL AST (seed 003; docs/awl.md): a workflow as typed declarations with locations, read from
// a shape-checked document (AwlReader) and lowered into the IR (LowerAwl). Each declaration's
// fields are declared once, with their shapes, in AwlShape.cpp (frontend/FieldTable.h). Strings
// that hold expressions stay text here; the lowering parses them (ExpressionSyntax), where it
// also knows what each name means.
#pragma once

#include "frontend/Document.h"
#include "frontend/FieldTable.h"

#include <optional>
#include <string>
#include <vector>

namespace wfc::awl {

using Text = Located<std::string>;
using Integer = Located<int64_t>;
using Flag = Located<bool>;
using TextList = Located<std::vector<Text>>;

struct ActionDecl;

// `foreach:` of the workflow or of a `loop` action: what to iterate over, until when, and the
// actions of each iteration.
struct ForeachDecl {
  llvm::SMLoc loc;
  DataField items;  // an expression (a string), or a literal list
  Text until;
  Integer maxIterations;
  Located<std::vector<ActionDecl>> steps;
  static const FieldTable<ForeachDecl> &fields();
};

// One action. Which fields mean anything depends on `action`; the shape allowed only those.
struct ActionDecl {
  llvm::SMLoc loc;
  Text action, name, description;
  Text capture, bind;
  Flag continueOnError;
  Integer timeout;  // seconds
  // prompt-agent
  Text prompt, model, workingDir;
  Integer maxTurns;
  TextList tools;
  // shell
  Text command;
  DataField env;
  // read-file, write-file
  Text path, format;
  DataField content, mode;
  // loop
  Located<ForeachDecl> foreach;
  // conditional
  Text condition;
  Located<std::vector<ActionDecl>> thenActions, elseActions;
  // notify
  Text event;
  DataField target, data;
  // stop
  Text reason;
  Integer exitCode;
  // parse-json
  Text input;
  // read-ts, read-prd
  Text tsId, prdId;
  static const FieldTable<ActionDecl> &fields();
};

// `tools: {name: {description, parameters, effects}}` (wfc's): what prompt-agent offers a model.
struct ToolDecl {
  llvm::SMLoc loc;
  Text description, effects;
  DataField parameters;
  static const FieldTable<ToolDecl> &fields();
};

struct WorkflowDecl {
  llvm::SMLoc loc;
  Text name, version, description;
  DataField variables;  // name → constant (or an expression of the environment)
  DataField inputs;     // name → JSON Schema (wfc's)
  Located<std::vector<Named<ToolDecl>>> tools;
  Located<std::vector<ActionDecl>> before, context, after;
  Located<ForeachDecl> foreach;
  static const FieldTable<WorkflowDecl> &fields();
};

struct FileDecl {
  llvm::SMLoc loc;
  const Document *document = nullptr;
  Located<WorkflowDecl> workflow;
  static const FieldTable<FileDecl> &fields();
};

}  // namespace wfc::awl
