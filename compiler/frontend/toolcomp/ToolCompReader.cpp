#include "frontend/toolcomp/ToolCompReader.h"

#include "frontend/toolcomp/ToolCompShape.h"

namespace wfc::toolcomp {

// ---- the field tables: one per declaration, each field of its shape (ToolCompShape.cpp) --------

const FieldBindings<RollbackDecl> &RollbackDecl::fields() {
  static const FieldBindings<RollbackDecl> t = {
      bindField("tool", &RollbackDecl::tool),
      bindField("parameters", &RollbackDecl::parameters),
  };
  return t;
}

const FieldBindings<StepDecl> &StepDecl::fields() {
  static const FieldBindings<StepDecl> t = {
      bindField("id", &StepDecl::id),
      bindField("tool", &StepDecl::tool),
      bindField("description", &StepDecl::description),
      bindField("parameters", &StepDecl::parameters),
      bindField("depends_on", &StepDecl::dependsOn),
      bindField("output_key", &StepDecl::outputKey),
      bindField("timeout_ms", &StepDecl::timeoutMs),
      bindField("retry_count", &StepDecl::retryCount),
      bindField("rollback", &StepDecl::rollback),
  };
  return t;
}

const FieldBindings<ErrorHandlingDecl> &ErrorHandlingDecl::fields() {
  static const FieldBindings<ErrorHandlingDecl> t = {
      bindField("max_retries", &ErrorHandlingDecl::maxRetries),
      bindField("rollback_on_failure", &ErrorHandlingDecl::rollbackOnFailure),
      bindField("failure_strategy", &ErrorHandlingDecl::failureStrategy),
  };
  return t;
}

const FieldBindings<CompositionDecl> &CompositionDecl::fields() {
  static const FieldBindings<CompositionDecl> t = {
      bindField("name", &CompositionDecl::name),
      bindField("description", &CompositionDecl::description),
      bindField("version", &CompositionDecl::version),
      bindField("steps", &CompositionDecl::steps),
      bindField("error_handling", &CompositionDecl::errorHandling),
      bindField("metadata", &CompositionDecl::metadata),
  };
  return t;
}

const FieldBindings<ValidationDecl> &ValidationDecl::fields() {
  static const FieldBindings<ValidationDecl> t = {
      bindField("required_tools", &ValidationDecl::requiredTools),
      bindField("min_version", &ValidationDecl::minVersion),
  };
  return t;
}

const FieldBindings<TemplateDecl> &TemplateDecl::fields() {
  static const FieldBindings<TemplateDecl> t = {
      bindField("id", &TemplateDecl::id),
      bindField("name", &TemplateDecl::name),
      bindField("description", &TemplateDecl::description),
      bindField("version", &TemplateDecl::version),
      bindField("composition", &TemplateDecl::composition),
      bindField("metadata", &TemplateDecl::metadata),
      bindField("validation", &TemplateDecl::validation),
  };
  return t;
}

std::vector<std::pair<std::string, std::vector<std::string>>> fieldTablesByShape() {
  return {
      {"template", boundFieldNames<TemplateDecl>()},
      {"validation", boundFieldNames<ValidationDecl>()},
      {"composition", boundFieldNames<CompositionDecl>()},
      {"error_handling", boundFieldNames<ErrorHandlingDecl>()},
      {"step", boundFieldNames<StepDecl>()},
      {"rollback", boundFieldNames<RollbackDecl>()},
  };
}

std::optional<FileDecl> readToolComposition(const Document &doc, DiagnosticEngine &diags) {
  const DocNode *root = doc.root();
  if (!root || !root->isMapping()) {
    if (root && !root->invalid)
      diags.error(root->loc, "a tool composition must be a mapping with 'steps' (or a template with 'composition'), not " +
                                 describeKind(root->kind));
    return std::nullopt;
  }
  ShapeChecker(diags).check(*root, toolCompositionShape(), "tool composition");
  FileDecl file;
  file.document = &doc;
  if (root->find("composition")) {
    TemplateDecl templ;
    readFields(templ, *root);
    file.composition = templ.composition.value;
    file.templ = std::move(templ);
  } else {
    readFields(file.composition, *root);
  }
  return file;
}

}  // namespace wfc::toolcomp
