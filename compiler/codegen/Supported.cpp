#include "codegen/Supported.h"

namespace wfc::codegen {

void reportUnsupported(const ir::Module &, const analysis::Program &program, DiagnosticEngine &diags) {
  for (const ir::Composition *c : program.compositions)
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      if (s.modifiers.cache)
        diags.error(s.loc, "step '" + s.id + "' uses 'wfc.cache', which needs the run journal; code generation "
                                             "does not support it yet");
    });
}

}  // namespace wfc::codegen
