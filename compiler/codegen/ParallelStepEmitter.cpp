// Parallel steps (docs/semantics.md "Run time"): no code of their own — the runtime starts the branches
// together and reduces their outputs — only the reducer in the step table.
#include "codegen/StepEmitter.h"

namespace wfc::codegen {
namespace {

class ParallelStepEmitter final : public StepEmitter {
 public:
  using StepEmitter::StepEmitter;

  void emitFunctions(Printer &, const ir::Step &) override {}

  void addFields(StepDeclFields &fields, const ir::Step &s) override {
    addReducer(fields, *s.reduce);
  }
};

}  // namespace

std::unique_ptr<StepEmitter> makeParallelStepEmitter(EmitContext &ctx, const CompositionNames &names) {
  return std::make_unique<ParallelStepEmitter>(ctx, names);
}

}  // namespace wfc::codegen
