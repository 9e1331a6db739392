#pragma once

#include "driver/Options.h"
#include "graph/StepGraph.h"

#include <optional>

#include <string>

namespace wfc {

enum class GraphFormat { Dot, Mermaid, Json };

struct GraphOptions {
  std::string pack;
  std::string output;  // -o FILE; empty or "-": stdout
  GraphFormat format = GraphFormat::Dot;
  bool afterPasses = false;
  std::string bindings;  // --bindings: tools' effects (docs/bindings.md "Effects")
};

// `wfc graph PACK [--format=dot|mermaid|json]`: the step graph — each composition's steps and
// edges by kind, the blocks that contain steps, the workflow's states and transitions
// (docs/cli.md). With --composition, that composition and the ones it calls.
int runGraph(const GraphOptions &graph, const CommonOptions &options);

// The step graph of `pack` (after the -O level's passes with `afterPasses`), its diagnostics
// reported; nullopt with `status` set (wfc's exit code) when the pack does not check.
std::optional<graph::StepGraph> drawStepGraph(const std::string &pack, const std::string &bindings, bool afterPasses,
                                              const CommonOptions &options, int &status);

}  // namespace wfc
