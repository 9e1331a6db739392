#include "core/scheduler/ToolArguments.h"

#include "core/run/PathLookup.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>

namespace wfc {
namespace {

Value resolve(const ArgumentDecl &a, const StepContext &ctx) {
  switch (a.source) {
    case ArgumentDecl::Constant:
      return *a.constant;
    case ArgumentDecl::Input:
      return followPath(ctx.input(), a.path, a.ref);
    case ArgumentDecl::Output:
      return followPath(ctx.output(a.step, a.ref), a.path, a.ref);
  }
  return Value();
}

}  // namespace

Value toolArguments(const StepDecl &step, const StepContext &ctx) {
  // The object is built in place, its members reserved: the keys are distinct (the pack's
  // mapping keys), so nothing needs the search Value::object makes for a repeated key.
  nlohmann::ordered_json object = nlohmann::ordered_json::object();
  auto &members = object.get_ref<nlohmann::ordered_json::object_t &>();
  members.reserve(step.arguments.size());
  for (const ArgumentDecl &a : step.arguments) members.emplace_back(a.key, resolve(a, ctx).json());
  return Value::fromJson(std::move(object));
}

Value runStepWithoutFunction(const StepDecl &step, StepContext &ctx) {
  if (step.kind != StepKind::Tool || step.tool < 0)
    throw Error(ErrorKind::StepFailed, std::string("internal error: step '") + step.id + "' has no function to run");
  return ctx.callTool(step.tool, toolArguments(step, ctx));
}

}  // namespace wfc
