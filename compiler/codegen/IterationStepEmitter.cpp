// wfc.foreach and wfc.loop steps (docs/language/promptpack.md): a foreach resolves its items and a loop just
// starts; the runtime (runtime/core/scheduler/Iteration.cpp) runs their inner steps — which are ordinary rows
// of the same step table, owned by the foreach or loop — once per item or iteration. A loop's
// `until` is a predicate function like a branch's, evaluated against each iteration's steps.
#include "codegen/ExpressionEmitter.h"
#include "codegen/StepEmitter.h"
#include "ir/IRPrinter.h"

namespace wfc::codegen {
namespace {

class ForeachStepEmitter final : public StepEmitter {
 public:
  using StepEmitter::StepEmitter;

  void emitFunctions(Printer &p, const ir::Step &s) override {
    std::string bound = s.maxConcurrency ? ", at most " + std::to_string(*s.maxConcurrency) + " at once" : "";
    openStep(p, s, "wfc.foreach over " + ir::spell(s.items->ref) + ", step '" + s.children.front()->id + "'" + bound);
    ExpressionEmitter expr(ctx_, names_, name(s) + "_items");
    p.emit({{"name", name(s)}, {"items", expr.value(*s.items)}}, R"cc(
      Value run_$name$(StepContext &ctx) {
        const Value items = $items$;
        return ctx.runForeach(items);
    )cc");
    closeStep(p, s);
  }

  void addFields(StepDeclFields &fields, const ir::Step &s) override {
    fields.run = "run_" + name(s);
    if (s.reduce) addReducer(fields, *s.reduce);
    if (s.maxConcurrency) fields.maxConcurrency = std::to_string(*s.maxConcurrency);
  }
};

class LoopStepEmitter final : public StepEmitter {
 public:
  using StepEmitter::StepEmitter;

  void emitFunctions(Printer &p, const ir::Step &s) override {
    // The items as the author wrote them: AWL's `range(1, {max})`, `{ts_data.phases}`.
    std::string over;
    if (s.items) {
      const ir::Value &items = *s.items;
      if (items.kind == ir::Value::Kind::Expression && !items.expression->written.empty())
        over = " over " + items.expression->written;
      else if (items.kind == ir::Value::Kind::Reference)
        over = " over " + ir::spell(items.ref);
      else
        over = " over " + ir::printValue(items);
    }
    openStep(p, s, "wfc.loop" + over + " of " + std::to_string(s.children.size()) + " step" +
                       (s.children.size() == 1 ? "" : "s") + ", at most " + std::to_string(s.maxIterations) +
                       " iterations");
    ExpressionEmitter expr(ctx_, names_, name(s));
    p.emit({{"name", name(s)}, {"until", expr.predicate(s.predicate)}, {"ctx", ExpressionEmitter::predicateParameter(s.predicate)}}, R"cc(
      // until: evaluated after each iteration, over that iteration's steps
      bool until_$name$(StepContext &$ctx$) {
        return $until$;
      }
    )cc");
    p.blankLine();
    if (s.items) {
      ExpressionEmitter items(ctx_, names_, name(s) + "_items");
      p.emit({{"name", name(s)}, {"items", items.value(*s.items)}}, R"cc(
        Value run_$name$(StepContext &ctx) {
          const Value items = $items$;
          return ctx.runLoopOver(items);
      )cc");
    } else {
      p.emit({{"name", name(s)}}, R"cc(
        Value run_$name$(StepContext &ctx) {
          return ctx.runLoop();
      )cc");
    }
    closeStep(p, s);
  }

  void addFields(StepDeclFields &fields, const ir::Step &s) override {
    fields.run = "run_" + name(s);
    fields.predicate = "until_" + name(s);
    fields.maxIterations = std::to_string(s.maxIterations);
  }
};

}  // namespace

std::unique_ptr<StepEmitter> makeForeachStepEmitter(EmitContext &ctx, const CompositionNames &names) {
  return std::make_unique<ForeachStepEmitter>(ctx, names);
}

std::unique_ptr<StepEmitter> makeLoopStepEmitter(EmitContext &ctx, const CompositionNames &names) {
  return std::make_unique<LoopStepEmitter>(ctx, names);
}

}  // namespace wfc::codegen
