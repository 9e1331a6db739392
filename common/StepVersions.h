// Whether a journaled run may go on under another version of its program (docs/journal.md
// "Versions"), decided from the two programs' step tables (ProgramDecl::stepTable, which the
// journal keeps for every program that wrote a run) and the paths the run recorded. One rule for
// the executable's --resume and serve mode's restart, and for `wfc compat`:
//
//   every step and state the run completed or has in flight (a path it recorded anything under:
//   a step row, a failed attempt, an LLM exchange, a tool call, a state visit — and the steps that
//   enclose or guard those) is in the new program at the same path, with the same definition
//   hash, and each tool it calls or offers has the same binding. Steps added, removed or changed
//   that the run has not reached are free.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wfc::versions {

struct StepEntry {
  std::string hash;                // of the step's definition (codegen's)
  std::vector<std::string> tools;  // the tools it (or its inner steps) calls or offers a model
  // The steps that enclose or guard it (a foreach, a parallel, a called subflow, a state, a branch):
  // a run that reached this step reached those, though they record nothing until they end.
  std::vector<std::string> in;
  std::string at;                  // where it is: "pack.yaml:14", or "line 14"; "" when unknown
};
// By path pattern.
using StepTable = std::map<std::string, StepEntry>;

// A step table's JSON text, or nullopt when it is not one (a journal edited by hand). Each entry's
// `at` is `pack` and its line ("pack.yaml:14"), or "line 14" when `pack` is empty (a table the
// journal holds, of a version whose pack is not at hand).
std::optional<StepTable> parseStepTable(std::string_view json, const std::string &pack);

// A recorded path as the table spells it: iteration indices and visit counts left out —
// "each[3]__summarize" → "each[]__summarize", "review@2:fetch" → "review:fetch", "review@2" →
// "review".
std::string pathPattern(std::string_view path);

// A tool's binding hash, by tool name (journal::ProgramIdentity::bindings); "unbound" when none.
using Bindings = std::map<std::string, std::string>;

// Why a run cannot go on: one step it reached, and what changed.
struct Blocker {
  std::string pattern;
  std::string at;   // where the step is (in the new program, else in the old)
  std::string why;  // "its definition changed", "the binding of tool 'store' changed", …
};

// What stops a run that recorded `paths` under the program of `old` (with `oldBindings`) from
// going on under `next` (with `nextBindings`): empty when it may. `nextBindings` null: the
// bindings are not compared (`wfc compat` without --bindings).
std::vector<Blocker> blockers(const StepTable &old, const Bindings &oldBindings, const StepTable &next,
                              const Bindings *nextBindings, const std::vector<std::string> &paths);

// The blockers as one clause for a message: "step 'fetch' (pack.yaml:12): its definition
// changed; state 'review' (pack.yaml:30): it is not in this program".
std::string describe(const std::vector<Blocker> &blockers);

// `wfc compat`: what changed between two programs, step by step, in path order.
struct StepChange {
  enum class Kind { Added, Removed, Changed } kind = Kind::Changed;
  std::string pattern;
  std::string at;   // in the new program (Removed: in the old)
  std::string why;  // Changed: what changed
};
std::vector<StepChange> compare(const StepTable &old, const Bindings &oldBindings, const StepTable &next,
                                const Bindings *nextBindings);

// The paths run ?1 of a journal recorded something under, each once: what both the executable and
// `wfc compat` read to decide (the journal's tables: docs/journal.md "What is stored").
inline constexpr const char *kRecordedPathsSql =
    "SELECT path FROM steps WHERE run = ?1 UNION SELECT path FROM failed_attempts WHERE run = ?1 "
    "UNION SELECT step FROM exchanges WHERE run = ?1 UNION SELECT step FROM tool_calls WHERE run = ?1 "
    "UNION SELECT path FROM visits WHERE run = ?1";

}  // namespace wfc::versions
