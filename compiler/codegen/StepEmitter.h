// One emitter per step kind. Each writes the step's functions (a tool or subflow step's one
// attempt, a branch's predicate) and the kind-specific fields of its StepDecl; ProgramEmitter
// writes the fields every step has.
#pragma once

#include "codegen/DeclMirrors.h"
#include "codegen/EmitContext.h"
#include "codegen/Printer.h"

#include <memory>
#include <string>

namespace wfc::codegen {

class StepEmitter {
 public:
  StepEmitter(EmitContext &ctx, const CompositionNames &names) : ctx_(ctx), names_(names) {}
  virtual ~StepEmitter() = default;

  virtual void emitFunctions(Printer &p, const ir::Step &step) = 0;
  virtual void addFields(StepDeclFields &fields, const ir::Step &step) = 0;

 protected:
  // "// fetch: tool 'doc.fetch' — pack.yaml:14", and a #line directive when asked for.
  void openStep(Printer &p, const ir::Step &step, const std::string &what);
  // "}  // step fetch", and the #line back into the generated file.
  void closeStep(Printer &p, const ir::Step &step);
  // `reduce` and `into` of a parallel or wfc.foreach step.
  static void addReducer(StepDeclFields &fields, const ir::Reducer &reducer);
  const std::string &name(const ir::Step &step) const { return names_.steps.at(&step); }

  EmitContext &ctx_;
  const CompositionNames &names_;
};

// The emitter of the step's kind.
std::unique_ptr<StepEmitter> makeStepEmitter(const ir::Step &step, EmitContext &ctx, const CompositionNames &names);

// The marker ProgramEmitter replaces with `#line N "file.wfc.cpp"` once line numbers are final.
inline constexpr const char *kLineBackMarker = "#line __WFC_NEXT_LINE__";

}  // namespace wfc::codegen
