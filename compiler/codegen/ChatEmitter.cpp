#include "codegen/ChatEmitter.h"

#include "codegen/DeclMirrors.h"
#include "codegen/JournalIdentity.h"
#include "codegen/RuntimeEnumerators.h"

#include <llvm/ADT/StringExtras.h>

namespace wfc::codegen {
namespace {

std::string evalList(EmitContext &ctx, const std::vector<const ir::Eval *> &evals) {
  std::vector<std::string> names;
  for (const ir::Eval *e : evals) names.push_back("eval::" + ctx.eval(*e));
  return "{" + llvm::join(names, ", ") + "}";
}

}  // namespace

void emitChatTasks(Printer &p, EmitContext &ctx, const analysis::Program &program) {
  p.emit("// The chat tasks, one per prompt: each user turn runs the task's turn step.\n");
  std::vector<ChatTaskDeclFields> tasks;
  for (const ir::Prompt *pr : program.prompts) {
    const std::string &name = ctx.prompt(*pr);
    StepDeclFields turn;
    turn.id = cppString(pr->key);
    turn.kind = cppEnumerator(ir::StepKind::Agent);
    turn.location = cppString(ctx.location(pr->loc));
    turn.prompt = "prompt::" + name;
    if (!pr->tools.empty()) {
      std::vector<std::string> tools;
      for (const ir::Tool *t : pr->tools) tools.push_back("tool::" + ctx.tool(*t));
      turn.tools = "{" + llvm::join(tools, ", ") + "}";
    }
    turn.maxSteps = {std::to_string(pr->turnMaxRounds()),
                     pr->maxRoundsDeclared ? "tool_policy.max_rounds" : "PromptKit's default max_rounds"};
    auto turnEvals = program.turnEvals.find(pr);
    if (turnEvals != program.turnEvals.end() && !turnEvals->second.empty()) turn.evals = evalList(ctx, turnEvals->second);
    turn.promptCacheKey = cppString(promptCacheKey("chat:" + pr->key, *pr));
    emitInitializer(p, "kTurn_" + name, turn);
    p.blankLine();
    ChatTaskDeclFields task;
    task.name = cppString(pr->key);
    task.turn = "&kTurn_" + name;
    auto sessionEvals = program.sessionEvals.find(pr);
    if (sessionEvals != program.sessionEvals.end() && !sessionEvals->second.empty())
      task.sessionEvals = evalList(ctx, sessionEvals->second);
    if (!pr->unusable.empty()) task.unusable = cppString(pr->unusable);
    tasks.push_back(std::move(task));
  }
  emitInitializerTable(p, "kTasks", tasks);
  p.blankLine();
}

}  // namespace wfc::codegen
