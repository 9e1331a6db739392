#include "frontend/awl/AwlReader.h"

#include "frontend/awl/AwlShape.h"

namespace wfc::awl {

// ---- the field tables: one per declaration, each field of its shape (AwlShape.cpp) ------------

const FieldBindings<ForeachDecl> &ForeachDecl::fields() {
  static const FieldBindings<ForeachDecl> t = {
      bindField("items", &ForeachDecl::items),
      bindField("until", &ForeachDecl::until),
      bindField("max-iterations", &ForeachDecl::maxIterations),
      bindField("steps", &ForeachDecl::steps),
  };
  return t;
}

const FieldBindings<ActionDecl> &ActionDecl::fields() {
  static const FieldBindings<ActionDecl> t = {
      bindField("action", &ActionDecl::action),
      bindField("name", &ActionDecl::name),
      bindField("description", &ActionDecl::description),
      bindField("capture", &ActionDecl::capture),
      bindField("bind", &ActionDecl::bind),
      bindField("continue-on-error", &ActionDecl::continueOnError),
      bindField("timeout", &ActionDecl::timeout),
      bindField("prompt", &ActionDecl::prompt),
      bindField("model", &ActionDecl::model),
      bindField("working-dir", &ActionDecl::workingDir),
      bindField("max-turns", &ActionDecl::maxTurns),
      bindField("tools", &ActionDecl::tools),
      bindField("command", &ActionDecl::command),
      bindField("env", &ActionDecl::env),
      bindField("path", &ActionDecl::path),
      bindField("format", &ActionDecl::format),
      bindField("content", &ActionDecl::content),
      bindField("mode", &ActionDecl::mode),
      bindField("foreach", &ActionDecl::foreach),
      bindField("if", &ActionDecl::condition),
      bindField("then", &ActionDecl::thenActions),
      bindField("else", &ActionDecl::elseActions),
      bindField("event", &ActionDecl::event),
      bindField("target", &ActionDecl::target),
      bindField("data", &ActionDecl::data),
      bindField("reason", &ActionDecl::reason),
      bindField("exit-code", &ActionDecl::exitCode),
      bindField("input", &ActionDecl::input),
      bindField("ts-id", &ActionDecl::tsId),
      bindField("prd-id", &ActionDecl::prdId),
  };
  return t;
}

const FieldBindings<ToolDecl> &ToolDecl::fields() {
  static const FieldBindings<ToolDecl> t = {
      bindField("description", &ToolDecl::description),
      bindField("parameters", &ToolDecl::parameters),
      bindField("effects", &ToolDecl::effects),
  };
  return t;
}

const FieldBindings<WorkflowDecl> &WorkflowDecl::fields() {
  static const FieldBindings<WorkflowDecl> t = {
      bindField("name", &WorkflowDecl::name),
      bindField("version", &WorkflowDecl::version),
      bindField("description", &WorkflowDecl::description),
      bindField("variables", &WorkflowDecl::variables),
      bindField("inputs", &WorkflowDecl::inputs),
      bindField("tools", &WorkflowDecl::tools),
      bindField("before", &WorkflowDecl::before),
      bindField("context", &WorkflowDecl::context),
      bindField("foreach", &WorkflowDecl::foreach),
      bindField("after", &WorkflowDecl::after),
  };
  return t;
}

const FieldBindings<FileDecl> &FileDecl::fields() {
  static const FieldBindings<FileDecl> t = {
      bindField("workflow", &FileDecl::workflow),
  };
  return t;
}

std::vector<std::pair<std::string, std::vector<std::string>>> fieldTablesByShape() {
  return {
      {"file", boundFieldNames<FileDecl>()},
      {"workflow", boundFieldNames<WorkflowDecl>()},
      {"foreach", boundFieldNames<ForeachDecl>()},
      {"action", boundFieldNames<ActionDecl>()},
      {"tool", boundFieldNames<ToolDecl>()},
  };
}

std::optional<FileDecl> readAwl(const Document &doc, DiagnosticEngine &diags) {
  const DocNode *root = doc.root();
  if (!root || !root->isMapping()) {
    if (root && !root->invalid)
      diags.error(root->loc, "an AWL file must be a mapping with 'workflow', not " + describeKind(root->kind));
    return std::nullopt;
  }
  if (!root->find("workflow")) {
    diags.error(root->loc, "an AWL file holds its workflow under a top-level 'workflow' mapping (docs/awl.md); "
                           "this file has none");
    return std::nullopt;
  }
  ShapeChecker(diags).check(*root, awlShape(), "AWL file");
  FileDecl file;
  file.document = &doc;
  readFields(file, *root);
  if (!file.workflow) return std::nullopt;
  return file;
}

}  // namespace wfc::awl
