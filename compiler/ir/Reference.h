// A `${…}` reference, parsed and resolved: what it points at and the path below that.
#pragma once

#include <llvm/Support/SMLoc.h>

#include <optional>
#include <string>
#include <vector>

namespace wfc::ir {

struct Step;

// One step of a path: `.key` or `[index]`.
struct PathElement {
  std::string key;
  std::optional<size_t> index;

  bool isIndex() const { return index.has_value(); }
};

enum class RefRoot {
  Input,             // ${input…}: the composition's input
  StepOutput,        // ${step.output…}
  WorkflowContext,   // ${workflow.context…}: the last transition's context
  WorkflowArtifact,  // ${workflow.artifacts.NAME…}
  Item,              // ${item…}: the current wfc.foreach item
  ItemIndex,         // ${item_index}
  LoopIteration,     // ${loop.iteration}: 0-based
  LoopPrevious,      // ${loop.previous.step.output…}: absent in the first iteration
  // A dialect with variables (AWL, docs/awl.md):
  Variable,          // {name…}: the value a step last captured into variable `name`
  Env,               // {env.NAME}: the executable's environment variable NAME, a string
  RunId,             // {execution_id}: the run's id
};

struct Reference {
  RefRoot root = RefRoot::Input;
  // the step (StepOutput, LoopPrevious), artifact (WorkflowArtifact), variable (Variable) or
  // environment variable (Env)
  std::string name;
  const Step *step = nullptr;  // resolved step, for StepOutput and LoopPrevious
  std::vector<PathElement> path;  // below the root (below `output` for steps)
  std::string text;  // as written, without `${` `}`: "classify.output.type"
  // The whole reference as its dialect writes it, delimiters included, when that is not
  // `${text}`: a tool composition's "{{search_results.content}}". Messages show this.
  std::string written;
  llvm::SMLoc loc;
};

// The reference as its author wrote it: `written`, else "classify.output.type" → "${classify.output.type}".
std::string spell(const Reference &ref);
// ".a[0].b" for a path.
std::string spellPath(const std::vector<PathElement> &path);

}  // namespace wfc::ir
