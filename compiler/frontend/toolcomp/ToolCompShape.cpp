#include "frontend/toolcomp/ToolCompShape.h"

#include "frontend/ShapeArena.h"
#include "frontend/toolcomp/ToolCompAST.h"

namespace wfc::toolcomp {
namespace {

// Step ids name results in `{{…}}` and appear in C++ identifiers, traces and journal keys; `__`
// is kept for the names wfc derives from them.
constexpr const char *kStepId = "^[A-Za-z_][A-Za-z0-9_-]*$";
constexpr const char *kStepIdHint = "must start with a letter or '_' and hold only letters, digits, '_' and '-'";

struct ToolCompShapes {
  ShapeArena a;
  const Shape *root = nullptr;
  std::vector<std::string> strategies = {"fail_fast", "partial_success", "rollback", "retry"};
  // Each declaration's fields (ToolCompAST.h), declared once below with their shapes.
  FieldTable<RollbackDecl> rollbackFields;
  FieldTable<StepDecl> stepFields;
  FieldTable<ErrorHandlingDecl> errorHandlingFields;
  FieldTable<CompositionDecl> compositionFields;
  FieldTable<ValidationDecl> validationFields;
  FieldTable<TemplateDecl> templateFields;

  ToolCompShapes() {
    const Shape *retries = bounded(0, double(kMaxRetries));
    const Shape *errorHandling =
        a.object("error_handling", errorHandlingFields,
                 {opt("max_retries", retries, &ErrorHandlingDecl::maxRetries),
                  opt("rollback_on_failure", a.boolean(), &ErrorHandlingDecl::rollbackOnFailure),
                  opt("failure_strategy", a.oneOf(strategies), &ErrorHandlingDecl::failureStrategy)});
    // Informational and open.
    const Shape *metadata = a.object("metadata", {}, /*open=*/true);
    const Shape *composition = a.object("composition", compositionFields,
                                        {opt("name", a.str(), &CompositionDecl::name),
                                         opt("description", a.str(), &CompositionDecl::description),
                                         opt("version", a.str(), &CompositionDecl::version),
                                         req("steps", a.list(buildStep(retries), 1), &CompositionDecl::steps),
                                         opt("error_handling", errorHandling, &CompositionDecl::errorHandling),
                                         opt("metadata", metadata, &CompositionDecl::metadata)});
    const Shape *validation = a.object("validation", validationFields,
                                       {opt("required_tools", a.strings(), &ValidationDecl::requiredTools),
                                        opt("min_version", a.str(), &ValidationDecl::minVersion)});
    const Shape *templ = a.object("template", templateFields,
                                  {opt("id", a.str(), &TemplateDecl::id),
                                   opt("name", a.str(), &TemplateDecl::name),
                                   opt("description", a.str(), &TemplateDecl::description),
                                   opt("version", a.str(), &TemplateDecl::version),
                                   req("composition", composition, &TemplateDecl::composition),
                                   opt("metadata", metadata, &TemplateDecl::metadata),
                                   opt("validation", validation, &TemplateDecl::validation)});
    Shape *file = a.make(Shape::Type::Union, "tool composition");
    file->variants = {composition, templ};
    file->choose = [composition, templ](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
      if (!n.isMapping()) {
        diags.error(n.loc, "a tool composition must be a mapping with 'steps' (or a template with 'composition'), not " +
                               describeKind(n.kind).str());
        return nullptr;
      }
      return n.find("composition") ? templ : composition;
    };
    root = file;
  }

  // One step of `steps[]`, with its rollback. A step's and a rollback's `parameters` are the
  // tool's arguments, lowered as data.
  const Shape *buildStep(const Shape *retries) {
    const Shape *parameters = a.object("parameters", {}, /*open=*/true);
    const Shape *rollback = a.object("rollback", rollbackFields,
                                     {req("tool", a.str(), &RollbackDecl::tool),
                                      opt("parameters", parameters, &RollbackDecl::parameters)});
    return a.object("step", stepFields,
                    {req("id", a.matching(kStepId, kStepIdHint), &StepDecl::id),
                     req("tool", a.str(), &StepDecl::tool), opt("description", a.str(), &StepDecl::description),
                     opt("parameters", parameters, &StepDecl::parameters),
                     opt("depends_on", a.strings(), &StepDecl::dependsOn),
                     opt("output_key", a.str(), &StepDecl::outputKey),
                     opt("timeout_ms", bounded(1, double(kMaxTimeoutMs)), &StepDecl::timeoutMs),
                     opt("retry_count", retries, &StepDecl::retryCount),
                     opt("rollback", rollback, &StepDecl::rollback)});
  }

  const Shape *bounded(double min, double max) {
    Shape *s = a.make(Shape::Type::Integer);
    s->minimum = min;
    s->maximum = max;
    return s;
  }
};

const ToolCompShapes &shapes() {
  static const ToolCompShapes s;
  return s;
}

}  // namespace

const Shape &toolCompositionShape() { return *shapes().root; }
const std::vector<std::string> &failureStrategies() { return shapes().strategies; }

// The tables the reader reads with (ToolCompReader.cpp): the ones the shapes above were built from.
const FieldTable<RollbackDecl> &RollbackDecl::fields() { return shapes().rollbackFields; }
const FieldTable<StepDecl> &StepDecl::fields() { return shapes().stepFields; }
const FieldTable<ErrorHandlingDecl> &ErrorHandlingDecl::fields() { return shapes().errorHandlingFields; }
const FieldTable<CompositionDecl> &CompositionDecl::fields() { return shapes().compositionFields; }
const FieldTable<ValidationDecl> &ValidationDecl::fields() { return shapes().validationFields; }
const FieldTable<TemplateDecl> &TemplateDecl::fields() { return shapes().templateFields; }

}  // namespace wfc::toolcomp
