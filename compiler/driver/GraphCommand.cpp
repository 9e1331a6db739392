#include "driver/GraphCommand.h"

#include "driver/BindingsCheck.h"
#include "driver/BuildCommand.h"
#include "driver/Compilation.h"
#include "graph/StepGraph.h"

#include <llvm/Support/WithColor.h>
#include <llvm/Support/raw_ostream.h>

namespace wfc {

std::optional<graph::StepGraph> drawStepGraph(const std::string &pack, const std::string &bindingsPath,
                                              bool afterPasses, const CommonOptions &options, int &status) {
  Compilation compilation(options);
  // The bindings may give tools their effects, which decide the plan --after-passes draws.
  std::optional<BindingsFile> bindings;
  if (!bindingsPath.empty() && !(bindings = loadBindings(compilation, bindingsPath))) {
    status = compilation.finish();
    return std::nullopt;
  }
  AnalyzedPack analyzed = compilation.analyzePack(pack, bindings ? &*bindings : nullptr);
  status = compilation.finish();
  if (status != 0 || !analyzed.module || options.verifyDiagnostics) return std::nullopt;
  ir::Module *module = analyzed.module.get();
  // The graph that runs: after the -O level's passes (inlined calls, the static plan).
  if (afterPasses && !compilation.optimize(*module)) {
    status = 1;
    return std::nullopt;
  }

  std::vector<const ir::Composition *> compositions;
  const ir::Workflow *workflow = nullptr;
  if (!options.composition.empty()) {
    // The program --composition runs: that composition and what it calls.
    if (analyzed.program) compositions = analyzed.program->compositions;
  } else {
    for (const auto &c : module->compositions) compositions.push_back(c.get());
    if (module->workflow) workflow = &*module->workflow;
  }
  auto location = [&](llvm::SMLoc loc) {
    std::string where = compilation.describe(loc);  // "pack.yaml:12:5" → "pack.yaml:12"
    size_t colon = where.rfind(':');
    return colon == std::string::npos ? where : where.substr(0, colon);
  };
  return graph::buildStepGraph(*module, compositions, workflow, location);
}

int runGraph(const GraphOptions &graph, const CommonOptions &options) {
  int status = 0;
  std::optional<graph::StepGraph> drawn = drawStepGraph(graph.pack, graph.bindings, graph.afterPasses, options, status);
  if (!drawn) return status;
  const graph::StepGraph &g = *drawn;
  std::string text = graph.format == GraphFormat::Dot       ? graph::writeDot(g)
                     : graph.format == GraphFormat::Mermaid ? graph::writeMermaid(g)
                                                            : graph::writeJson(g);
  if (graph.output.empty() || graph.output == "-") {
    llvm::outs() << text;
    return 0;
  }
  return writeIfChanged(graph.output, text) ? 0 : 1;
}

}  // namespace wfc
