#include "frontend/toolcomp/ToolCompShape.h"

#include "frontend/ShapeArena.h"

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

  ToolCompShapes() {
    const Shape *retries = bounded(0, double(kMaxRetries));
    const Shape *parameters = a.object("parameters", {}, /*open=*/true);
    const Shape *rollback = a.object("rollback", {req("tool", a.str()), opt("parameters", parameters)});
    const Shape *step = a.object(
        "step", {req("id", a.matching(kStepId, kStepIdHint)), req("tool", a.str()), opt("description", a.str()),
                 opt("parameters", parameters), opt("depends_on", a.strings()), opt("output_key", a.str()),
                 opt("timeout_ms", bounded(1, double(kMaxTimeoutMs))), opt("retry_count", retries),
                 opt("rollback", rollback)});
    const Shape *errorHandling =
        a.object("error_handling", {opt("max_retries", retries), opt("rollback_on_failure", a.boolean()),
                                    opt("failure_strategy", a.oneOf(strategies))});
    const Shape *metadata = a.object("metadata", {}, /*open=*/true);
    const Shape *composition = a.object(
        "composition", {opt("name", a.str()), opt("description", a.str()), opt("version", a.str()),
                        req("steps", a.list(step, 1)), opt("error_handling", errorHandling), opt("metadata", metadata)});
    const Shape *validation =
        a.object("validation", {opt("required_tools", a.strings()), opt("min_version", a.str())});
    const Shape *templ = a.object(
        "template", {opt("id", a.str()), opt("name", a.str()), opt("description", a.str()), opt("version", a.str()),
                     req("composition", composition), opt("metadata", metadata), opt("validation", validation)});
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

}  // namespace wfc::toolcomp
