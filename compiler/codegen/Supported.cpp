#include "codegen/Supported.h"

namespace wfc::codegen {

void reportUnsupported(const ir::Module & /*module*/, const analysis::Program &program, DiagnosticEngine &diags) {
  // wfc.cache keys a step's output on its resolved input (docs/journal.md): the arguments of a
  // tool step, the input of a prompt, agent or wfc.subflow step, a wfc.judge's target. Other
  // kinds have no input that decides their output (a foreach's or loop's inner steps read more).
  for (const ir::Composition *c : program.compositions)
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      if (!s.modifiers.cache) return;
      switch (s.kind) {
        case ir::StepKind::Tool:
        case ir::StepKind::Prompt:
        case ir::StepKind::Agent:
        case ir::StepKind::Judge:
        case ir::StepKind::Subflow: return;
        default: break;
      }
      diags.error(s.loc, "step '" + s.id + "' uses 'wfc.cache', which keys an output on the step's resolved input, "
                         "and a " + std::string(ir::spell(s.kind)) + " step has none that decides its output; put "
                         "'wfc.cache' on the steps inside it");
    });
}

}  // namespace wfc::codegen
