// tool_exec (PromptKit's runtime/evals/handlers/tool_exec.go; docs/evals.md "tool_exec"): runs a
// tool of the pack — as bound for the run, a process, an HTTP endpoint or an MCP server's tool —
// with the eval's `args`, and passes when the call succeeds and its output matches
// `success_pattern` and not `failure_pattern`: a gate such as "the test suite passes in the
// worktree the agent edited".
#include "core/evals/NamedEval.h"

#include "common/Pattern.h"
#include "core/evals/EvalParams.h"
#include "wfc/error.h"

#include <fmt/format.h>

namespace wfc::evals {
namespace {

// PromptKit's default: generous, for a test suite. (PromptKit's eval runner also cuts every eval
// at 30 s unless its host sets a longer one; wfc does not: docs/promptkit.md "Eval and validator
// types".)
constexpr long kDefaultTimeoutMs = 120000;

Verdict toolExec(const NamedEvalInput &in) {
  const std::string tool = param::text(in.params, "tool");
  const Value args = Value::fromJson(param::object(in.params, "args"));
  std::optional<int64_t> seconds = param::integer(in.params, "timeout_seconds");
  const long timeoutMs = seconds && *seconds > 0 ? long(*seconds) * 1000 : kDefaultTimeoutMs;
  Value result;
  try {
    result = in.runTool(tool, args, timeoutMs);
  } catch (const Error &e) {
    if (in.cancel.cancelled()) throw;  // the attempt's cancellation, not the tool's failure
    return verdict(false, fmt::format("tool_exec: {} failed: {}", goQuoted(tool), e.what()));
  }
  const std::string output = result.isString() ? result.asString() : result.dump();
  in.rationale = output.size() > 2000 ? output.substr(0, 2000) + "…" : output;
  if (std::string success = param::text(in.params, "success_pattern"); !success.empty())
    if (!compiledPattern(in.eval, success).search(output))
      return verdict(false, fmt::format("tool_exec: {} succeeded but output did not match success_pattern {}",
                                        goQuoted(tool), goQuoted(success)));
  if (std::string failure = param::text(in.params, "failure_pattern"); !failure.empty())
    if (compiledPattern(in.eval, failure).search(output))
      return verdict(false, fmt::format("tool_exec: {} output matched failure_pattern {}", goQuoted(tool), goQuoted(failure)));
  return pass();
}

}  // namespace

void addToolExecEval(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.emplace_back("tool_exec", toolExec);
}

}  // namespace wfc::evals
