#include "codegen/ToolCompositionEmitter.h"

#include "codegen/DeclMirrors.h"
#include "codegen/ExpressionEmitter.h"
#include "codegen/ToolArguments.h"

#include <llvm/ADT/StringExtras.h>

namespace wfc::codegen {
namespace {

const char *strategyName(ir::FailurePolicy::Strategy strategy) {
  switch (strategy) {
    case ir::FailurePolicy::Strategy::FailFast: return "wfc::FailureStrategy::FailFast";
    case ir::FailurePolicy::Strategy::PartialSuccess: return "wfc::FailureStrategy::PartialSuccess";
    case ir::FailurePolicy::Strategy::Rollback: return "wfc::FailureStrategy::Rollback";
    case ir::FailurePolicy::Strategy::Retry: return "wfc::FailureStrategy::Retry";
  }
  return "wfc::FailureStrategy::FailFast";
}

}  // namespace

void emitRollbackFunction(Printer &p, const ir::Step &action, EmitContext &ctx, const CompositionNames &names) {
  const std::string &owner = names.steps.at(action.rollbackOf);
  p.emit({{"id", action.rollbackOf->id}, {"tool", action.tool->name}, {"location", ctx.location(action.loc)}}, R"cc(
    // $id$'s rollback: tool '$tool$' — $location$
  )cc");
  ExpressionEmitter expr(ctx, names, owner + "_rollback_args");
  std::string args = action.args ? expr.value(*action.args) : "Value::object({})";
  p.emit({{"name", owner}, {"args", args}, {"tool", ctx.tool(*action.tool)}}, R"cc(
    Value rollback_$name$(StepContext &ctx) {
      const Value args = $args$;
      return ctx.callTool(tool::$tool$, args);
    }  // rollback $name$

  )cc");
}

void emitToolComposition(Printer &p, const ir::Composition &c, EmitContext &ctx, const CompositionNames &names) {
  p.emit("// The tool composition: each step's key in the result object, and the rollback actions.\n");
  std::vector<std::string> keys;
  ir::forEachStep(c.steps, [&](const ir::Step &s) { keys.push_back(cppString(s.resultKey)); });
  p.emit({{"keys", llvm::join(keys, ", ")}}, "const char *const kResultKeys[] = {$keys$};\n");
  if (!c.rollbacks.empty()) {
    std::vector<RollbackDeclFields> rows;
    for (const auto &action : c.rollbacks) {
      const std::string &owner = names.steps.at(action->rollbackOf);
      RollbackDeclFields row;
      row.step = "step::" + owner;
      row.tool = "tool::" + ctx.tool(*action->tool);
      row.run = "rollback_" + owner;
      row.location = cppString(ctx.location(action->loc));
      if (argumentsProvenValid(*action)) row.argsChecked = "true";
      rows.push_back(std::move(row));
    }
    emitInitializerTable(p, "kRollbacks", rows);
  }
  ToolCompositionDeclFields fields;
  fields.strategy = strategyName(c.failure->strategy);
  if (c.failure->rollBack) fields.rollBack = "true";
  fields.resultKeys = "kResultKeys";
  if (!c.rollbacks.empty()) fields.rollbacks = "kRollbacks";
  emitInitializer(p, "kToolComposition", fields);
  p.blankLine();
}

}  // namespace wfc::codegen
