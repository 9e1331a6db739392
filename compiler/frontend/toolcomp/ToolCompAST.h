// The tool-composition AST (seed 004; docs/tool-composition.md): a composition as typed
// declarations with locations, read from a shape-checked document (ToolCompReader) and lowered
// into the IR (ToolCompLowering). Each declaration's fields are declared once, with their shapes,
// in ToolCompShape.cpp (frontend/FieldTable.h). `parameters` stay DocNodes (DataField): the
// lowering turns them, with their `{{…}}` interpolations, into IR values.
#pragma once

#include "frontend/Document.h"
#include "frontend/FieldTable.h"

#include <optional>
#include <string>
#include <vector>

namespace wfc::toolcomp {

using Text = Located<std::string>;
using Integer = Located<int64_t>;
using Flag = Located<bool>;
using TextList = Located<std::vector<Text>>;

// `rollback: {tool, parameters}`: what undoes a completed step; its parameters may read
// `{{self.…}}`, the step's own result.
struct RollbackDecl {
  llvm::SMLoc loc;
  Text tool;
  DataField parameters;
  static const FieldTable<RollbackDecl> &fields();
};

struct StepDecl {
  llvm::SMLoc loc;
  Text id, tool, description, outputKey;
  DataField parameters;
  TextList dependsOn;
  Integer timeoutMs, retryCount;
  Located<RollbackDecl> rollback;
  static const FieldTable<StepDecl> &fields();
};

struct ErrorHandlingDecl {
  llvm::SMLoc loc;
  Integer maxRetries;
  Flag rollbackOnFailure;
  Text failureStrategy;
  static const FieldTable<ErrorHandlingDecl> &fields();
};

struct CompositionDecl {
  llvm::SMLoc loc;
  Text name, description, version;
  Located<std::vector<StepDecl>> steps;
  Located<ErrorHandlingDecl> errorHandling;
  DataField metadata;
  static const FieldTable<CompositionDecl> &fields();
};

// A template's `validation`: the tools it needs, and the oldest version of the dialect it runs on.
struct ValidationDecl {
  llvm::SMLoc loc;
  TextList requiredTools;
  Text minVersion;
  static const FieldTable<ValidationDecl> &fields();
};

// A template of the library: a composition with an id and metadata.
struct TemplateDecl {
  llvm::SMLoc loc;
  Text id, name, description, version;
  Located<CompositionDecl> composition;
  DataField metadata;
  Located<ValidationDecl> validation;
  static const FieldTable<TemplateDecl> &fields();
};

// One file: a bare composition, or a template holding one.
struct FileDecl {
  const Document *document = nullptr;
  std::optional<TemplateDecl> templ;
  CompositionDecl composition;  // the template's, or the file's own
};

}  // namespace wfc::toolcomp
