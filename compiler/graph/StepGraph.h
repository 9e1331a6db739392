// The step graph of a module as `wfc graph` draws it (docs/cli.md): every composition's steps with
// their kind and effect, the edges between them by kind, the blocks that contain steps
// (parallel, wfc.foreach, wfc.loop) and the workflow's states and transitions. A neutral model:
// the DOT, Mermaid and JSON writers only format it.
#pragma once

#include "ir/Module.h"

#include <functional>
#include <string>
#include <vector>

namespace wfc::graph {

struct Node {
  std::string id;       // unique in the graph: "composition/step", "state:name"
  std::string label;    // the step id or state name
  std::string kind;     // "prompt", "tool", …, or for states "composition" / "internal" / "external"
  std::string effect;   // steps: "none", "read", "write"
  std::string location; // "pack.yaml:14"
  std::string cluster;  // the innermost cluster containing it ("" for a state)
  std::string guard;    // "then", "else", "fallback" or "" (runs unconditionally)
  bool terminal = false;  // states
  // After passes: the step's parallel group in its list (steps of one group can run at once:
  // the longest chain of plan edges before them has this length); -1 when not planned.
  int group = -1;
};

// Edge kinds: "order" (the implicit previous step, docs/semantics.md "Run time"), "depends_on", "then", "else"
// (a branch to its targets), "data" (a ${step.output} reference), "on_error" (a step to its
// fallback), "calls" (a wfc.subflow step to the composition it calls: `to` is the composition's
// cluster id), "runs" (a composition state to its composition's cluster), "transition" (label:
// the event), "max_visits" (to the on_max_visits state). After passes (a scheduled composition)
// "order" edges give way to "plan" edges: what a step waits for at run time, where no other edge
// already says it.
struct Edge {
  std::string from, to, kind, label;
};

// A composition, a step that contains steps (parallel, wfc.foreach, wfc.loop), or — after
// passes — the steps inlined from one wfc.subflow call (kind "inlined", id "composition/call/inlined").
struct Cluster {
  std::string id;      // "composition", "composition/step"
  std::string label;
  std::string kind;    // "composition" or the step's kind
  std::string parent;  // the enclosing cluster, "" for a composition
};

struct StepGraph {
  std::string pack;
  std::vector<Cluster> clusters;  // parents before children
  std::vector<Node> nodes;
  std::vector<Edge> edges;
  std::string entryState;  // "" without a workflow
};

// The graph of `compositions` (in this order) and, when `workflow` is given, of its states.
StepGraph buildStepGraph(const ir::Module &module, const std::vector<const ir::Composition *> &compositions,
                         const ir::Workflow *workflow, const std::function<std::string(llvm::SMLoc)> &location);

std::string writeDot(const StepGraph &graph);
std::string writeMermaid(const StepGraph &graph);
std::string writeJson(const StepGraph &graph);

}  // namespace wfc::graph
