#include "codegen/ProgramEmitter.h"

#include "codegen/EvalEmitter.h"
#include "codegen/ExpressionEmitter.h"
#include "codegen/JournalIdentity.h"
#include "codegen/Printer.h"
#include "codegen/StepEmitter.h"
#include "codegen/WorkflowEmitter.h"
#include "ir/ExecutionPlan.h"

#include <llvm/ADT/StringExtras.h>

#include <set>

namespace wfc::codegen {
namespace {

// StepDecl's fields in declaration order: designated initializers must follow it.
const char *const kStepFieldOrder[] = {"id",        "key",       "kind",      "effect",     "location", "parent",
                                       "after",     "order",     "guard",     "guardedBy",  "run",      "predicate",
                                       "thenStep",  "elseStep",  "reduce",     "into",     "maxAttempts",
                                       "backoffMs", "timeoutMs", "tool",       "argsChecked", "callee",
                                       "fallback",  "fallbackValue",
                                       "prompt",    "outputSchema", "strictOutput", "tools", "maxSteps",
                                       "toolCalled",
                                       "maxConcurrency", "maxIterations", "rubric", "evals", "cache",
                                       "definitionHash"};

const char *effectName(ir::Effect e) {
  switch (e) {
    case ir::Effect::None: return "wfc::Effect::None";
    case ir::Effect::Read: return "wfc::Effect::Read";
    case ir::Effect::Write: return "wfc::Effect::Write";
  }
  return "wfc::Effect::Write";
}

// wfc.cache keys a step's output on its resolved input (docs/journal.md): the arguments of a
// tool step, the input of a prompt, agent or wfc.subflow step, a wfc.judge's target. Other
// kinds have no input that decides their output (a foreach's or loop's inner steps read more).
void checkModifiers(EmitContext &ctx, const ir::Step &s) {
  if (!s.modifiers.cache) return;
  switch (s.kind) {
    case ir::StepKind::Tool:
    case ir::StepKind::Prompt:
    case ir::StepKind::Agent:
    case ir::StepKind::Judge:
    case ir::StepKind::Subflow: return;
    default: break;
  }
  ctx.unsupported(s.loc, "step '" + s.id + "' uses 'wfc.cache', which keys an output on the step's resolved input, "
                                           "and a " + std::string(ir::spell(s.kind)) + " step has none that decides "
                                           "its output; put 'wfc.cache' on the steps inside it");
}

class CompositionEmitter {
 public:
  CompositionEmitter(EmitContext &ctx, const ir::Composition &c) : ctx_(ctx), c_(c), names_(ctx.composition(c)) {}

  void emit(Printer &p) {
    p.emit({{"name", c_.name}, {"location", ctx_.location(c_.loc)}, {"ns", names_.ns}}, R"cc(
      // ---------------------------------------------------------------------------------------------
      // Composition '$name$' — $location$

      namespace $ns$ {

      // Its steps; a parallel step's branches follow it.
      namespace step {
      enum Id : int {
    )cc");
    {
      auto indent = p.indent();
      ir::forEachStep(c_.steps, [&](const ir::Step &s) { p.emit({{"name", names_.steps.at(&s)}}, "$name$,\n"); });
    }
    p.emit(R"cc(
      };
      }  // namespace step

    )cc");
    std::map<const ir::Step *, std::unique_ptr<StepEmitter>> emitters;
    ir::forEachStep(c_.steps, [&](const ir::Step &s) {
      checkModifiers(ctx_, s);
      if (auto e = makeStepEmitter(s, ctx_, names_)) {
        e->emitFunctions(p, s);
        emitters.emplace(&s, std::move(e));
      }
    });
    emitSchemas(p);
    emitDeclaration(p, emitters);
    p.blankLine();
    p.emit({{"ns", names_.ns}}, "}  // namespace $ns$\n");
    p.blankLine();
  }

 private:
  void emitSchemas(Printer &p) {
    if (c_.inputSchema)
      p.emit({{"text", rawString(c_.inputSchema->json.dump(2))}, {"source", c_.inputSchema->source}}, R"cc(
        // input_schema: $source$
        const char kInputSchema[] = $text$;

      )cc");
    if (c_.outputSchema)
      p.emit({{"text", rawString(c_.outputSchema->json.dump(2))}, {"source", c_.outputSchema->source}}, R"cc(
        // output_schema: $source$
        const char kOutputSchema[] = $text$;

      )cc");
  }

  void emitDeclaration(Printer &p, const std::map<const ir::Step *, std::unique_ptr<StepEmitter>> &emitters) {
    p.emit("// The step table: each step's graph, guard and function.\n");
    p.emit("const wfc::StepDecl kSteps[] = {\n");
    // The static plan: -O0's one step at a time in reference order, or passes/Parallelize's.
    const ir::ExecutionPlan plan(c_);
    {
      auto indent = p.indent();
      ir::forEachStep(c_.steps, [&](const ir::Step &s) {
        StepFields fields = commonFields(s, plan.of(s));
        if (auto it = emitters.find(&s); it != emitters.end()) it->second->addFields(fields, s);
        p.emit("{\n");
        {
          auto inner = p.indent();
          for (const char *name : kStepFieldOrder)
            if (auto f = fields.find(name); f != fields.end())
              p.emit({{"name", name}, {"value", f->second}}, ".$name$ = $value$,\n");
        }
        p.emit("},\n");
      });
    }
    p.emit("};\n");
    p.blankLine();
    std::string output = c_.output ? "step::" + names_.steps.at(c_.output) : "-1,  // the last top-level step that ran";
    if (c_.output) output += ",";
    p.emit({{"name", cppString(c_.name)}, {"location", cppString(ctx_.location(c_.loc))},
            {"input", c_.inputSchema ? "kInputSchema" : "nullptr"},
            {"output_schema", c_.outputSchema ? "kOutputSchema" : "nullptr"}, {"output", output}},
           R"cc(
             const wfc::CompositionDecl kComposition = {
                 .name = $name$,
                 .location = $location$,
                 .inputSchema = $input$,
                 .outputSchema = $output_schema$,
                 .output = $output$
                 .steps = kSteps,
             };
           )cc");
  }

  StepFields commonFields(const ir::Step &s, const ir::StepPlan &plan) {
    StepFields f;
    f["id"] = cppString(s.id);
    if (!s.declaredId.empty()) f["key"] = cppString(s.declaredId);
    switch (s.kind) {
      case ir::StepKind::Branch: f["kind"] = "wfc::StepKind::Branch"; break;
      case ir::StepKind::Parallel: f["kind"] = "wfc::StepKind::Parallel"; break;
      case ir::StepKind::Subflow: f["kind"] = "wfc::StepKind::Subflow"; break;
      case ir::StepKind::Prompt: f["kind"] = "wfc::StepKind::Prompt"; break;
      case ir::StepKind::Agent: f["kind"] = "wfc::StepKind::Agent"; break;
      case ir::StepKind::Foreach: f["kind"] = "wfc::StepKind::Foreach"; break;
      case ir::StepKind::Loop: f["kind"] = "wfc::StepKind::Loop"; break;
      case ir::StepKind::Judge: f["kind"] = "wfc::StepKind::Judge"; break;
      default: f["kind"] = "wfc::StepKind::Tool"; break;
    }
    // sema's effect: a composite step has its parts' strongest, an agent its tools'.
    if (s.effect != ir::Effect::None) f["effect"] = effectName(s.effect);
    f["location"] = cppString(ctx_.location(s.loc));
    if (s.parent) f["parent"] = "step::" + names_.steps.at(s.parent);
    if (!plan.waitsFor.empty()) {
      std::vector<std::string> after;
      for (const ir::Step *p : plan.waitsFor) after.push_back("step::" + names_.steps.at(p));
      f["after"] = "{" + llvm::join(after, ", ") + "}";
    }
    if (plan.order > 0) f["order"] = std::to_string(plan.order);
    if (s.guard != ir::Guard::None) {
      f["guard"] = s.guard == ir::Guard::Then   ? "wfc::Guard::Then"
                   : s.guard == ir::Guard::Else ? "wfc::Guard::Else"
                                                : "wfc::Guard::Fallback";
      f["guardedBy"] = "step::" + names_.steps.at(s.guardedBy);
    }
    if (s.modifiers.fallback) f["fallback"] = "step::" + names_.steps.at(s.modifiers.fallback);
    if (s.modifiers.fallbackValue) f["fallbackValue"] = cppString(s.modifiers.fallbackValue->dump());
    if (s.modifiers.maxAttempts > 1) f["maxAttempts"] = std::to_string(s.modifiers.maxAttempts);
    if (s.modifiers.backoffMs) f["backoffMs"] = std::to_string(*s.modifiers.backoffMs);
    if (s.modifiers.timeoutMs) f["timeoutMs"] = std::to_string(*s.modifiers.timeoutMs);
    if (!s.modifiers.runEvals.empty()) {
      std::vector<std::string> evals;
      for (const ir::Eval *e : s.modifiers.runEvals) evals.push_back("eval::" + ctx_.eval(*e));
      f["evals"] = "{" + llvm::join(evals, ", ") + "}";
    }
    if (s.modifiers.cache) {
      f["cache"] = "true";
      f["definitionHash"] = cppString(stepDefinitionHash(s));
    }
    return f;
  }

  EmitContext &ctx_;
  const ir::Composition &c_;
  const CompositionNames &names_;
};

// Replaces each line-back marker with `#line N "file"`, N being the line after it.
std::string resolveLineMarkers(const std::string &text, const std::string &file) {
  std::string out;
  unsigned line = 1;
  llvm::StringRef rest(text);
  while (!rest.empty()) {
    auto [current, tail] = rest.split('\n');
    if (current == kLineBackMarker) out += "#line " + std::to_string(line + 1) + " " + cppString(file);
    else out += current.str();
    if (rest.size() > current.size()) out += '\n';
    ++line;
    rest = tail;
  }
  return out;
}

// The prompts steps run: each system template as literal text and lookups, the variables with
// their defaults, and the prompt's parameters and tool policy.
void emitPrompts(Printer &p, EmitContext &ctx, const std::vector<const ir::Prompt *> &prompts) {
  p.emit("// The prompts that steps run, in declaration order.\n"
         "namespace prompt {\n"
         "enum Id : int {\n");
  {
    auto indent = p.indent();
    for (const ir::Prompt *pr : prompts) p.emit({{"name", ctx.prompt(*pr)}}, "$name$,\n");
  }
  p.emit("};\n}  // namespace prompt\n");
  p.blankLine();
  std::string table;
  for (const ir::Prompt *pr : prompts) {
    const std::string &name = ctx.prompt(*pr);
    p.emit({{"key", pr->key}, {"location", ctx.location(pr->loc)}}, "// prompt '$key$' — $location$\n");
    p.emit({{"name", name}}, "const wfc::TemplatePart kTemplate_$name$[] = {\n");
    {
      auto indent = p.indent();
      for (const ir::TemplatePiece &piece : pr->systemTemplate.pieces) {
        std::string path = piece.path.empty() ? "" : ", .path = " + ExpressionEmitter::path(piece.path);
        switch (piece.kind) {
          case ir::TemplatePiece::Kind::Text:
            p.emit({{"text", cppString(piece.text)}}, "{.text = $text$},\n");
            break;
          case ir::TemplatePiece::Kind::Variable:
            p.emit({{"name", cppString(piece.text)}, {"path", path}},
                   "{.kind = wfc::TemplatePart::Variable, .text = $name$$path$},\n");
            break;
          case ir::TemplatePiece::Kind::WorkflowContext:
            p.emit({{"path", path}}, "{.kind = wfc::TemplatePart::WorkflowContext$path$},\n");
            break;
          case ir::TemplatePiece::Kind::Artifact:
            p.emit({{"name", cppString(piece.text)}, {"path", path}},
                   "{.kind = wfc::TemplatePart::Artifact, .text = $name$$path$},\n");
            break;
        }
      }
    }
    p.emit("};\n");
    std::string fields = "        .key = " + cppString(pr->key) + ",\n        .id = " + cppString(pr->id) +
                         ",\n        .version = " + cppString(pr->version) + ",\n        .location = " +
                         cppString(ctx.location(pr->loc)) + ",\n        .systemTemplate = kTemplate_" + name + ",\n";
    if (!pr->variables.empty()) {
      p.emit({{"name", name}}, "const wfc::VariableDecl kVariables_$name$[] = {\n");
      {
        auto indent = p.indent();
        for (const ir::Variable &v : pr->variables) {
          std::string f = ".name = " + cppString(v.name);
          if (v.required) f += ", .required = true";
          if (v.defaultValue) f += ", .defaultValue = " + cppString(v.defaultValue->dump());
          p.emit({{"fields", f}}, "{$fields$},\n");
        }
      }
      p.emit("};\n");
      fields += "        .variables = kVariables_" + name + ",\n";
    }
    if (!pr->parameters.empty()) fields += "        .parameters = " + cppString(pr->parameters.dump()) + ",\n";
    if (pr->toolPolicy.toolChoice != "auto")
      fields += "        .toolChoice = " + cppString(pr->toolPolicy.toolChoice) + ",\n";
    if (pr->toolPolicy.maxRounds != 5) fields += "        .maxRounds = " + std::to_string(pr->toolPolicy.maxRounds) + ",\n";
    table += "    {\n" + fields + "    },\n";
    p.blankLine();
  }
  p.emit({{"table", table}}, R"cc(
    const wfc::PromptDecl kPrompts[] = {
    $table$};

  )cc");
}

}  // namespace

std::vector<const ir::Composition *> programCompositions(const ir::Module &module,
                                                         const std::vector<const ir::Composition *> &roots) {
  std::set<const ir::Composition *> reached(roots.begin(), roots.end());
  std::vector<const ir::Composition *> work(roots.begin(), roots.end());
  while (!work.empty()) {
    const ir::Composition *c = work.back();
    work.pop_back();
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      if (s.kind == ir::StepKind::Subflow && s.callee && reached.insert(s.callee).second) work.push_back(s.callee);
    });
  }
  std::vector<const ir::Composition *> out;
  if (!roots.empty()) out.push_back(roots.front());
  for (const auto &c : module.compositions)
    if ((roots.empty() || c.get() != roots.front()) && reached.count(c.get())) out.push_back(c.get());
  return out;
}

std::vector<const ir::Composition *> programRoots(const ir::Module &module, const ir::Composition *entry) {
  if (entry) return {entry};
  std::vector<const ir::Composition *> roots;
  if (module.workflow)
    for (const ir::State &s : module.workflow->states)
      if (s.composition && std::find(roots.begin(), roots.end(), s.composition) == roots.end())
        roots.push_back(s.composition);
  return roots;
}

std::optional<std::string> emitProgram(const ir::Module &module, const ir::Composition *entry,
                                       const CodegenOptions &options, DiagnosticEngine &diags,
                                       std::function<unsigned(llvm::SMLoc)> lineOf) {
  EmitContext ctx(module, options, diags, std::move(lineOf));
  // Without an entry composition the program runs the pack's workflow: its states' compositions.
  const ir::Workflow *workflow = entry ? nullptr : &*module.workflow;
  llvm::SMLoc where = entry ? entry->loc : workflow->loc;
  std::vector<const ir::Composition *> compositions = programCompositions(module, programRoots(module, entry));
  for (const auto &t : module.tools) ctx.nameTool(*t);
  for (const ir::Composition *c : compositions) ctx.nameComposition(*c);
  // `called` tools must be bound; `offered` ones (an agent's) are described to the model. An
  // agent's tool_called tool is offered but need not be bound: its call ends the loop, and it
  // runs only when it is bound (SPEC §3 Agent step).
  std::set<const ir::Tool *> called, offered;
  std::set<const ir::Prompt *> prompts;
  for (const ir::Composition *c : compositions)
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      if (s.kind == ir::StepKind::Tool && s.tool) called.insert(s.tool);
      if ((s.kind == ir::StepKind::Prompt || s.kind == ir::StepKind::Agent || s.kind == ir::StepKind::Judge) &&
          s.prompt)
        prompts.insert(s.prompt);
      if (s.kind == ir::StepKind::Agent)
        for (const ir::Tool *t : s.tools) {
          offered.insert(t);
          if (t != s.toolCalled) called.insert(t);
        }
    });
  // Internal and external states run prompts too; an internal state offers its prompt's tools.
  if (workflow)
    for (const ir::State &st : workflow->states) {
      if (!st.prompt) continue;
      prompts.insert(st.prompt);
      if (st.kind == ir::State::Kind::Internal)
        for (const ir::Tool *t : st.prompt->tools) {
          offered.insert(t);
          called.insert(t);
        }
    }
  // Evals run after steps; an llm_judge eval runs its prompt.
  std::vector<const ir::Eval *> evals = programEvals(module, compositions);
  for (const ir::Eval *e : evals) {
    ctx.nameEval(*e);
    if (e->judge) prompts.insert(e->judge);
  }
  std::vector<const ir::Prompt *> usedPrompts;
  for (const auto &pr : module.prompts)
    if (prompts.count(pr.get())) {
      usedPrompts.push_back(pr.get());
      ctx.namePrompt(*pr);
    }

  // The compositions first, into their own buffer: they decide which constants exist.
  std::string body;
  {
    Printer p(body);
    for (const ir::Composition *c : compositions) CompositionEmitter(ctx, *c).emit(p);
    if (p.failed()) {
      for (const std::string &e : p.errors()) diags.error(where, "internal error in code generation: " + e);
      return std::nullopt;
    }
  }
  if (ctx.failed()) return std::nullopt;

  std::string out;
  Printer p(out);
  std::string what = entry ? "composition '" + entry->name + "'" : "workflow (entry '" + workflow->entry + "')";
  std::string graph = workflow ? "//\n" + stateGraphComment(*workflow) : "";
  p.emit({{"version", options.wfcVersion}, {"source", options.sourcePath}, {"pack", module.id},
          {"pack_version", module.version}, {"what", what}, {"graph", graph}},
         R"cc(
           // Generated by wfc $version$ from $source$. DO NOT EDIT.
           //
           // Pack '$pack$' $pack_version$, $what$. Each run_<step> function is one
           // attempt of that step and each when_<step> a branch's predicate; the runtime (libwfc_runtime)
           // schedules them as the step tables at the end of each composition say.
           $graph$
           #include <wfc/program.h>

         )cc");
  if (!options.natives.empty()) {
    p.emit("// Native tools, defined in sources linked into this executable (see <wfc/tool.h>).\n");
    for (const std::string &n : options.natives)
      p.emit({{"name", n}}, "wfc::Value $name$(const wfc::Value &args, const wfc::ToolCall &call);\n");
    p.blankLine();
  }
  p.emit(R"cc(
    namespace {

    using wfc::StepContext;
    using wfc::Value;

  )cc");
  if (!module.tools.empty()) {
    p.emit("// The pack's tools, in declaration order.\nnamespace tool {\nenum Id : int {\n");
    {
      auto indent = p.indent();
      for (const auto &t : module.tools)
        p.emit({{"name", ctx.tool(*t)}, {"tool", t->name}}, "$name$,  // $tool$\n");
    }
    p.emit("};\n}  // namespace tool\n");
    p.blankLine();
  }
  // A workflow of internal and external states only has no compositions (and C++ has no empty
  // arrays): then neither the enum nor the table is written.
  if (!compositions.empty()) {
    p.emit({{"which", workflow ? "the workflow's states run some, " : "the first runs, "}}, R"cc(
      // The compositions in this program: $which$the others are called by wfc.subflow steps.
      namespace composition {
      enum Id : int {
    )cc");
    {
      auto indent = p.indent();
      for (const ir::Composition *c : compositions)
        p.emit({{"name", ctx.composition(*c).ns}}, "$name$,\n");
    }
    p.emit(R"cc(
      };
      }  // namespace composition

    )cc");
  }
  if (!usedPrompts.empty()) emitPrompts(p, ctx, usedPrompts);
  if (!evals.empty()) emitEvals(p, ctx, evals);
  if (!ctx.constants().empty()) {
    p.emit("// Constant values (arguments, predicate operands), parsed once at start-up.\n");
    for (const auto &[name, text] : ctx.constants())
      p.emit({{"name", name}, {"text", rawString(text)}}, "const Value $name$ = Value::parse($text$);\n");
    p.blankLine();
  }
  out += body;
  if (workflow) emitWorkflow(p, ctx, *workflow);

  // Tool parameter schemas, then the program table.
  for (const auto &t : module.tools) {
    if (t->parameters.empty() || !(called.count(t.get()) || offered.count(t.get()))) continue;
    p.emit({{"name", ctx.tool(*t)}, {"tool", t->name}, {"text", rawString(t->parameters.dump(2))}}, R"cc(
      // parameters of tool '$tool$'
      const char kParameters_$name$[] = $text$;

    )cc");
  }
  if (options.bindingsJson)
    p.emit({{"text", rawString(*options.bindingsJson)}}, R"cc(
      // The bindings given to wfc at compile time: defaults that --bindings overrides.
      const char kBindings[] = $text$;

    )cc");
  std::string tools, comps, extra;
  for (const auto &t : module.tools) {
    std::string fields = ".name = " + cppString(t->name) + ", .effect = " + effectName(t->effect);
    bool listed = called.count(t.get()) || offered.count(t.get());
    if (!t->parameters.empty() && listed) fields += ", .parameters = kParameters_" + ctx.tool(*t);
    if (called.count(t.get())) fields += ", .called = true";
    if (offered.count(t.get())) {
      fields += ", .providerName = " + cppString(t->providerName);
      if (!t->description.empty()) fields += ", .description = " + cppString(t->description);
    }
    tools += "    {" + fields + "},\n";
  }
  for (const ir::Composition *c : compositions) comps += "    " + ctx.composition(*c).ns + "::kComposition,\n";
  if (!module.tools.empty())
    p.emit({{"tools", tools}}, R"cc(
      const wfc::ToolDecl kTools[] = {
      $tools$};

    )cc");
  if (!compositions.empty())
    p.emit({{"compositions", comps}}, R"cc(
      const wfc::CompositionDecl kCompositions[] = {
      $compositions$};

    )cc");
  if (!options.natives.empty()) {
    std::string natives;
    for (const std::string &n : options.natives) natives += "    {" + cppString(n) + ", &::" + n + "},\n";
    p.emit({{"natives", natives}}, R"cc(
      const wfc::NativeToolEntry kNatives[] = {
      $natives$};

    )cc");
    extra += "    .natives = kNatives,\n";
  }
  if (options.allowUnbound) extra += "    .allowUnbound = true,\n";
  if (options.budget && options.budget->maxWallTimeSec)
    extra += "    .maxWallTimeMs = " + std::to_string(uint64_t(*options.budget->maxWallTimeSec) * 1000) +
             ",  // engine.budget.max_wall_time_sec\n";
  if (options.budget && options.budget->maxToolCalls)
    extra += "    .maxToolCalls = " + std::to_string(*options.budget->maxToolCalls) + ",  // engine.budget.max_tool_calls\n";
  if (workflow) extra += "    .workflow = &kWorkflow,\n";
  p.emit({{"name", cppString(module.id)}, {"version", cppString(module.version)},
          {"source", cppString(options.sourcePath)}, {"wfc_version", cppString(options.wfcVersion)},
          {"description", cppString(module.name)}, {"identity", cppString(programIdentity(module, entry))},
          {"bindings", options.bindingsJson ? "kBindings" : "nullptr"},
          {"extra", extra + (evals.empty() ? "" : "    .evals = kEvals,\n")}, {"prompts", usedPrompts.empty() ? "" : "    .prompts = kPrompts,\n"},
          {"tools", module.tools.empty() ? "" : "    .tools = kTools,\n"},
          {"compositions", compositions.empty() ? "" : "    .compositions = kCompositions,\n"}},
         R"cc(
           const wfc::ProgramDecl kProgram = {
               .name = $name$,
               .version = $version$,
               .source = $source$,
               .description = $description$,
               .wfcVersion = $wfc_version$,
               .identity = $identity$,
           $tools$$prompts$$compositions$    .bindings = $bindings$,
           $extra$};

           }  // namespace

           int main(int argc, char **argv) { return wfc::runMain(argc, argv, kProgram); }
         )cc");
  if (p.failed()) {
    for (const std::string &e : p.errors()) diags.error(where, "internal error in code generation: " + e);
    return std::nullopt;
  }
  if (!options.lineDirectivePath.empty()) out = resolveLineMarkers(out, options.outputName);
  return out;
}

}  // namespace wfc::codegen
