// Built-in action steps (docs/awl.md "Actions"): build the arguments, hand them to the runtime's
// action (StepContext::act), which the step table's `action` names. A shell command's text is a
// constant of the arguments — the run-time values it uses arrive in its `env` (docs/awl.md
// "Taint") — and the comment above the function shows its first line.
#include "codegen/ExpressionEmitter.h"
#include "codegen/RuntimeEnumerators.h"
#include "codegen/StepEmitter.h"

namespace wfc::codegen {
namespace {

// What the step comment says the action does: a shell command's first line (shortened, and made
// safe to sit inside a C++ line comment).
std::string describe(const ir::Step &s) {
  std::string what = ir::spell(s.action);
  if (s.action != ir::ActionKind::Shell || !s.args) return what;
  const ir::Value *command = s.args->member("command");
  if (!command || !command->literal.is_string()) return what;
  std::string text = command->literal.get<std::string>();
  size_t end = text.find('\n');
  bool more = end != std::string::npos && text.find_first_not_of(" \t\n", end) != std::string::npos;
  text = text.substr(0, end);
  constexpr size_t kShown = 60;
  if (text.size() > kShown) {
    size_t cut = kShown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // a whole UTF-8 character
    text = text.substr(0, cut) + "…";
  } else if (more) {
    text += " …";
  }
  for (char &c : text)
    if (c == '\\' || static_cast<unsigned char>(c) < 0x20) c = ' ';  // no line splice, no control bytes
  return what + " `" + text + "`";
}

class ActionStepEmitter final : public StepEmitter {
 public:
  using StepEmitter::StepEmitter;

  void emitFunctions(Printer &p, const ir::Step &s) override {
    openStep(p, s, describe(s));
    ExpressionEmitter expr(ctx_, names_, name(s) + "_args");
    p.emit({{"name", name(s)}, {"args", expr.value(*s.args)}}, R"cc(
      Value run_$name$(StepContext &ctx) {
        const Value args = $args$;
        return ctx.act(args);
    )cc");
    closeStep(p, s);
  }

  void addFields(StepDeclFields &fields, const ir::Step &s) override {
    fields.run = "run_" + name(s);
    fields.action = cppEnumerator(s.action);
  }
};

// A block's steps are rows of the same table, owned by it; the runtime runs them in order.
class BlockStepEmitter final : public StepEmitter {
 public:
  using StepEmitter::StepEmitter;

  void emitFunctions(Printer &p, const ir::Step &s) override {
    openStep(p, s, "block of " + std::to_string(s.children.size()) + " step" + (s.children.size() == 1 ? "" : "s"));
    p.emit({{"name", name(s)}}, R"cc(
      Value run_$name$(StepContext &ctx) {
        return ctx.runBlock();
    )cc");
    closeStep(p, s);
  }

  void addFields(StepDeclFields &fields, const ir::Step &s) override { fields.run = "run_" + name(s); }
};

}  // namespace

std::unique_ptr<StepEmitter> makeActionStepEmitter(EmitContext &ctx, const CompositionNames &names) {
  return std::make_unique<ActionStepEmitter>(ctx, names);
}

std::unique_ptr<StepEmitter> makeBlockStepEmitter(EmitContext &ctx, const CompositionNames &names) {
  return std::make_unique<BlockStepEmitter>(ctx, names);
}

}  // namespace wfc::codegen
