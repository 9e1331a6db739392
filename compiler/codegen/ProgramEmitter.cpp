// The whole generated file, top to bottom (docs/codegen.md):
//   collect   C++ names for tools, compositions, prompts and evals; the compositions' code,
//             into a buffer of its own, which decides the constants and schemas the file holds
//   header    the banner, the include, native tools' declarations
//   tables    the id enums, the constants, the schemas (each once), the prompts, the evals,
//             the skills
//   program   the compositions' code, the workflow, the tool and program tables, main
#include "codegen/ProgramEmitter.h"

#include "codegen/ChatEmitter.h"
#include "codegen/DeclMirrors.h"
#include "codegen/EvalEmitter.h"
#include "codegen/ExpressionEmitter.h"
#include "codegen/JournalIdentity.h"
#include "codegen/Printer.h"
#include "codegen/RuntimeEnumerators.h"
#include "codegen/SkillEmitter.h"
#include "codegen/StepEmitter.h"
#include "codegen/ToolCompositionEmitter.h"
#include "codegen/WorkflowEmitter.h"
#include "ir/ExecutionPlan.h"
#include "ir/ReferenceWalk.h"

#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>

#include <set>

namespace wfc::codegen {
namespace {

class CompositionEmitter {
 public:
  CompositionEmitter(EmitContext &ctx, const ir::Composition &c) : ctx_(ctx), c_(c), names_(ctx.composition(c)) {}

  void emit(Printer &p) {
    // Its schemas are named first, after the composition.
    std::string input = c_.inputSchema ? ctx_.schema(*c_.inputSchema, c_.name + "_input",
                                                     "the input_schema of composition '" + c_.name + "'")
                                       : "nullptr";
    std::string output = c_.outputSchema ? ctx_.schema(*c_.outputSchema, c_.name + "_output",
                                                       "the output_schema of composition '" + c_.name + "'")
                                         : "nullptr";
    p.emit({{"name", c_.name}, {"location", ctx_.location(c_.loc)}, {"ns", names_.ns}}, R"cc(
      // ---------------------------------------------------------------------------------------------
      // Composition '$name$' — $location$

      namespace $ns$ {

    )cc");
    std::vector<EnumEntry> steps;
    ir::forEachStep(c_.steps, [&](const ir::Step &s) { steps.push_back({names_.steps.at(&s), ""}); });
    emitEnum(p, "Its steps; a parallel step's branches follow it.", "step", steps);
    p.blankLine();
    std::map<const ir::Step *, std::unique_ptr<StepEmitter>> emitters;
    ir::forEachStep(c_.steps, [&](const ir::Step &s) {
      if (auto e = makeStepEmitter(s, ctx_, names_)) {
        e->emitFunctions(p, s);
        emitters.emplace(&s, std::move(e));
      }
    });
    for (const auto &action : c_.rollbacks) emitRollbackFunction(p, *action, ctx_, names_);
    emitTables(p, emitters, input, output);
    p.blankLine();
    p.emit({{"ns", names_.ns}}, "}  // namespace $ns$\n");
    p.blankLine();
  }

 private:
  void emitTables(Printer &p, const std::map<const ir::Step *, std::unique_ptr<StepEmitter>> &emitters,
                  const std::string &input, const std::string &output) {
    p.emit("// The step table: each step's graph, guard, and function or arguments.\n");
    // The static plan: -O0's one step at a time in reference order, or passes/Parallelize's.
    const ir::ExecutionPlan plan(c_);
    std::vector<StepDeclFields> rows;
    ir::forEachStep(c_.steps, [&](const ir::Step &s) {
      StepDeclFields fields = commonFields(s, plan.of(s));
      if (auto it = emitters.find(&s); it != emitters.end()) it->second->addFields(fields, s);
      rows.push_back(std::move(fields));
    });
    emitInitializerTable(p, "kSteps", rows);
    p.blankLine();
    CompositionDeclFields composition;
    composition.name = cppString(c_.name);
    composition.location = cppString(ctx_.location(c_.loc));
    composition.inputSchema = input;
    composition.outputSchema = output;
    if (c_.output) composition.output = "step::" + names_.steps.at(c_.output);
    else composition.output = {"-1", "the last top-level step that ran"};
    composition.steps = "kSteps";
    if (c_.failure) {
      emitToolComposition(p, c_, ctx_, names_);
      composition.toolComposition = "&kToolComposition";
    }
    if (c_.variableStore) {
      // docs/awl.md "Variables": the run's output is these variables' final values.
      composition.variableStore = "true";
      if (!c_.variables.empty()) {
        std::vector<std::string> names;
        for (const std::string &v : c_.variables) names.push_back(cppString(v));
        p.emit({{"list", llvm::join(names, ", ")}}, "const char *const kVariables[] = {$list$};\n");
        p.blankLine();
        composition.variables = "kVariables";
      }
    }
    emitInitializer(p, "kComposition", composition);
  }

  StepDeclFields commonFields(const ir::Step &s, const ir::StepPlan &plan) {
    StepDeclFields f;
    f.id = cppString(s.id);
    if (!s.declaredId.empty()) f.key = cppString(s.declaredId);
    f.kind = cppEnumerator(s.kind);
    // sema's effect: a composite step has its parts' strongest, an agent its tools'.
    if (s.effect != ir::Effect::None) f.effect = cppEnumerator(s.effect);
    f.location = cppString(ctx_.location(s.loc));
    if (s.parent) f.parent = "step::" + names_.steps.at(s.parent);
    if (!plan.waitsFor.empty()) {
      std::vector<std::string> after;
      for (const ir::Step *p : plan.waitsFor) after.push_back("step::" + names_.steps.at(p));
      f.after = "{" + llvm::join(after, ", ") + "}";
    }
    if (plan.order > 0) f.order = std::to_string(plan.order);
    if (s.guard != ir::Guard::None) {
      f.guard = s.guard == ir::Guard::Then   ? "wfc::Guard::Then"
                : s.guard == ir::Guard::Else ? "wfc::Guard::Else"
                                             : "wfc::Guard::Fallback";
      f.guardedBy = "step::" + names_.steps.at(s.guardedBy);
    }
    if (s.modifiers.fallback) f.fallback = "step::" + names_.steps.at(s.modifiers.fallback);
    if (s.modifiers.fallbackValue) f.fallbackValue = cppString(s.modifiers.fallbackValue->constant().dump());
    if (s.modifiers.maxAttempts > 1) f.maxAttempts = std::to_string(s.modifiers.maxAttempts);
    if (s.modifiers.backoffMs) f.backoffMs = std::to_string(*s.modifiers.backoffMs);
    if (s.modifiers.timeoutMs) f.timeoutMs = std::to_string(*s.modifiers.timeoutMs);
    if (!s.modifiers.runEvals.empty()) {
      std::vector<std::string> evals;
      for (const ir::Eval *e : s.modifiers.runEvals) evals.push_back("eval::" + ctx_.eval(*e));
      f.evals = "{" + llvm::join(evals, ", ") + "}";
    }
    if (!s.capture.empty()) f.capture = cppString(s.capture);
    if (s.modifiers.cache) {
      f.cache = "true";
      f.definitionHash = cppString(stepDefinitionHash(s));
    }
    if ((s.kind == ir::StepKind::Prompt || s.kind == ir::StepKind::Agent) && s.modifiers.promptCache)
      f.promptCacheKey = cppString(promptCacheKey(s));
    // A tool composition under partial_success needs each step's true dependencies: the plan's
    // `after` may order more (-O0's one step at a time, a write after a write).
    if (c_.failure && c_.failure->strategy == ir::FailurePolicy::Strategy::PartialSuccess) {
      std::vector<std::string> needs;
      for (const ir::Step *d : s.after) needs.push_back("step::" + names_.steps.at(d));
      for (const ir::Step *d : s.dataDeps)
        if (std::find(s.after.begin(), s.after.end(), d) == s.after.end()) needs.push_back("step::" + names_.steps.at(d));
      if (!needs.empty()) f.needs = "{" + llvm::join(needs, ", ") + "}";
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
    if (current == kLineBackMarker) out += fmt::format("#line {} {}", line + 1, cppString(file));
    else out += current.str();
    if (rest.size() > current.size()) out += '\n';
    ++line;
    rest = tail;
  }
  return out;
}

// A template's literal text: one line of C++ when it has no line break, else a raw string
// literal broken where the text is, so the prompt reads as written. Text a raw string cannot
// hold as is (a carriage return, other control characters) stays an escaped string.
std::string templateText(const std::string &text) {
  bool multiLine = text.find('\n') != std::string::npos;
  bool plain = std::none_of(text.begin(), text.end(), [](unsigned char c) {
    return (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f;
  });
  if (!multiLine || !plain) return cppString(text);
  return rawString(text, "txt");
}

// A template as the runtime's TemplatePart rows: literal text and lookups.
std::vector<TemplatePartFields> templateParts(const ir::Template &t) {
  std::vector<TemplatePartFields> parts;
  for (const ir::TemplatePiece &piece : t.pieces) {
    TemplatePartFields part;
    switch (piece.kind) {
      case ir::TemplatePiece::Kind::Text: part.text = templateText(piece.text); break;
      case ir::TemplatePiece::Kind::Variable:
        part.kind = "wfc::TemplatePart::Variable";
        part.text = cppString(piece.text);
        break;
      case ir::TemplatePiece::Kind::WorkflowContext: part.kind = "wfc::TemplatePart::WorkflowContext"; break;
      case ir::TemplatePiece::Kind::Artifact:
        part.kind = "wfc::TemplatePart::Artifact";
        part.text = cppString(piece.text);
        break;
    }
    if (!piece.path.empty()) part.path = ExpressionEmitter::path(piece.path);
    parts.push_back(std::move(part));
  }
  return parts;
}

// A prompt's model_overrides (docs/promptkit.md "Model overrides"): each one's templates, then the
// table of them; returns the table's name ("" when the prompt has none).
std::string emitModelOverrides(Printer &p, EmitContext &ctx, const ir::Prompt &pr, const std::string &name) {
  if (pr.modelOverrides.empty()) return "";
  std::vector<ModelOverrideDeclFields> rows;
  for (size_t i = 0; i < pr.modelOverrides.size(); ++i) {
    const ir::ModelOverride &o = pr.modelOverrides[i];
    p.emit({{"model", o.model}, {"location", ctx.location(o.loc)}}, "// model_overrides '$model$' — $location$\n");
    ModelOverrideDeclFields row;
    row.model = cppString(o.model);
    auto part = [&](const std::optional<ir::Template> &t, FieldText &field, const std::string &suffix) {
      if (!t) return;
      std::vector<TemplatePartFields> parts = templateParts(*t);
      if (parts.empty()) return;
      std::string table = "kTemplate_" + name + "_" + std::to_string(i) + suffix;
      emitInitializerTable(p, table, parts);
      field = table;
    };
    if (o.systemTemplate) row.replacesTemplate = "true";
    part(o.systemTemplate, row.systemTemplate, "");
    part(o.prefix, row.prefix, "_prefix");
    part(o.suffix, row.suffix, "_suffix");
    if (!o.parameters.empty()) row.parameters = cppString(o.parameters.dump());
    rows.push_back(std::move(row));
  }
  emitInitializerTable(p, "kModelOverrides_" + name, rows);
  return "kModelOverrides_" + name;
}

// A prompt's media (docs/promptkit.md "Media"): the types its user message may carry, with their
// limits; returns the table's name ("" when the prompt takes none).
std::string emitMedia(Printer &p, const ir::Prompt &pr, const std::string &name) {
  if (!pr.media || !pr.media->enabled || pr.media->types.empty()) return "";
  std::vector<MediaTypeDeclFields> rows;
  for (size_t i = 0; i < pr.media->types.size(); ++i) {
    const ir::MediaType &t = pr.media->types[i];
    MediaTypeDeclFields row;
    row.name = cppString(t.name);
    if (!t.allowedFormats.empty()) {
      std::vector<std::string> formats;
      for (const std::string &f : t.allowedFormats) formats.push_back(cppString(f));
      // Named by place, not by type: a type's name joined to a prompt's could match another's.
      std::string table = "kMediaFormats_" + name + "_" + std::to_string(i);
      p.emit({{"table", table}, {"list", llvm::join(formats, ", ")}}, "const char *const $table$[] = {$list$};\n");
      row.allowedFormats = table;
    }
    if (t.maxSizeMb) row.maxBytes = {std::to_string(*t.maxSizeMb * 1024 * 1024), std::to_string(*t.maxSizeMb) + " MB"};
    if (t.maxPerMessage) row.maxPerMessage = std::to_string(*t.maxPerMessage);
    if (!t.defaultDetail.empty()) row.defaultDetail = cppString(t.defaultDetail);
    if (t.requireCaption) row.requireCaption = "true";
    rows.push_back(std::move(row));
  }
  emitInitializerTable(p, "kMedia_" + name, rows);
  return "kMedia_" + name;
}

// The prompts steps run: each system template as literal text and lookups, the variables with
// their defaults, and the prompt's parameters and tool policy.
void emitPrompts(Printer &p, EmitContext &ctx, const std::vector<const ir::Prompt *> &prompts) {
  std::vector<PromptDeclFields> table;
  for (const ir::Prompt *pr : prompts) {
    const std::string &name = ctx.prompt(*pr);
    p.emit({{"key", pr->key},
            {"location", ctx.location(pr->loc)},
            {"what", pr->systemTemplate.pieces.empty() ? ": no system message, the step's input is the whole request" : ""}},
           "// prompt '$key$' — $location$$what$\n");
    std::vector<TemplatePartFields> parts = templateParts(pr->systemTemplate);
    // A prompt without a system template (AWL's prompt-agent) sends the user message alone.
    if (!parts.empty()) emitInitializerTable(p, "kTemplate_" + name, parts);
    PromptDeclFields fields;
    fields.modelOverrides = emitModelOverrides(p, ctx, *pr, name);
    if (std::string media = emitMedia(p, *pr, name); !media.empty()) fields.media = {media, "media.supported_types"};
    fields.key = cppString(pr->key);
    fields.id = cppString(pr->id);
    fields.version = cppString(pr->version);
    fields.location = cppString(ctx.location(pr->loc));
    if (!parts.empty()) fields.systemTemplate = "kTemplate_" + name;
    if (!pr->variables.empty()) {
      std::vector<VariableDeclFields> variables;
      for (const ir::Variable &v : pr->variables) {
        VariableDeclFields var;
        var.name = cppString(v.name);
        if (v.required) var.required = "true";
        if (v.defaultValue) var.defaultValue = cppString(v.defaultValue->dump());
        variables.push_back(std::move(var));
      }
      emitInitializerTable(p, "kVariables_" + name, variables);
      fields.variables = "kVariables_" + name;
    }
    if (!pr->parameters.empty()) fields.parameters = cppString(pr->parameters.dump());
    if (pr->promptKitWire) fields.promptKitWire = {"true", "sent as PromptKit sends it"};
    if (pr->toolPolicy.toolChoice != "auto") fields.toolChoice = cppString(pr->toolPolicy.toolChoice);
    if (pr->toolPolicy.maxRounds != 5) fields.maxRounds = std::to_string(pr->toolPolicy.maxRounds);
    if (pr->toolPolicy.maxToolCallsPerTurn != 10)
      fields.maxToolCallsPerTurn = std::to_string(pr->toolPolicy.maxToolCallsPerTurn);
    if (!pr->validators.empty()) {
      std::vector<ValidatorDeclFields> validators;
      for (const ir::Validator &v : pr->validators) {
        ValidatorDeclFields row;
        row.id = cppString(v.id);
        row.check = "eval::" + ctx.eval(*v.check);
        if (v.direction == ir::Validator::Direction::Input) row.direction = "wfc::ValidatorDecl::Direction::Input";
        if (v.direction == ir::Validator::Direction::Both) row.direction = "wfc::ValidatorDecl::Direction::Both";
        if (v.minScore) {
          row.hasMinScore = "true";
          row.minScore = cppNumber(*v.minScore);
        }
        if (v.maxScore) {
          row.hasMaxScore = "true";
          row.maxScore = cppNumber(*v.maxScore);
        }
        if (v.truncateTo) row.truncateTo = std::to_string(*v.truncateTo);
        if (!v.message.empty()) row.message = cppString(v.message);
        validators.push_back(std::move(row));
      }
      emitInitializerTable(p, "kValidators_" + name, validators);
      fields.validators = "kValidators_" + name;
    }
    if (!pr->toolPolicy.blocklist.empty()) {
      std::vector<std::string> names;
      for (const std::string &b : pr->toolPolicy.blocklist) names.push_back(cppString(b));
      p.emit({{"name", name}, {"list", llvm::join(names, ", ")}}, "const char *const kBlocklist_$name$[] = {$list$};\n");
      fields.blocklist = {"kBlocklist_" + name, "tool_policy.blocklist"};
    }
    if (!pr->model.empty()) fields.model = cppString(pr->model);
    if (!pr->provider.empty() && pr->provider != "default") fields.provider = cppString(pr->provider);
    table.push_back(std::move(fields));
    p.blankLine();
  }
  emitInitializerTable(p, "kPrompts", table);
  p.blankLine();
}

// The constants and schemas the compositions' code and the tables use, each once.
void emitConstants(Printer &p, const EmitContext &ctx) {
  if (!ctx.constants().empty()) {
    p.emit("// Constant values (arguments, inputs, predicate operands), parsed once at start-up.\n");
    for (const EmitContext::Constant &c : ctx.constants())
      p.emit({{"name", c.name}, {"text", rawString(c.json, "json")}}, "const Value $name$ = Value::parse($text$);\n");
    p.blankLine();
  }
  for (const EmitContext::SchemaConstant &s : ctx.schemas()) {
    std::string comment = llvm::join(s.uses, ", ");
    if (!s.source.empty() && s.source != "(inline)") comment = s.source + ": " + comment;
    else if (!comment.empty()) comment[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(comment[0])));
    p.emit({{"comment", comment}, {"name", s.name}, {"text", rawString(s.json, "json")}}, R"cc(
      // $comment$
      const char $name$[] = $text$;

    )cc");
  }
}

}  // namespace

std::optional<std::string> emitProgram(const ir::Module &module, const analysis::Program &program,
                                       const CodegenOptions &options, DiagnosticEngine &diags,
                                       std::function<unsigned(llvm::SMLoc)> lineOf) {
  EmitContext ctx(module, options, diags, std::move(lineOf));
  const ir::Composition *entry = program.entry;
  const ir::Workflow *workflow = program.workflow;
  llvm::SMLoc where = entry ? entry->loc : workflow ? workflow->loc : module.loc;
  const std::vector<const ir::Composition *> &compositions = program.compositions;
  const std::set<const ir::Tool *> &called = program.called, &offered = program.offered;
  const std::vector<const ir::Eval *> &evals = program.evals;
  const std::vector<const ir::Prompt *> &prompts = program.prompts;
  auto internalError = [&](const Printer &p) {
    for (const std::string &e : p.errors()) diags.error(where, "internal error in code generation: " + e);
  };

  // ---- collect
  for (const auto &t : module.tools) ctx.nameTool(*t);
  for (const ir::Composition *c : compositions) ctx.nameComposition(*c);
  for (const ir::Eval *e : evals) ctx.nameEval(*e);
  for (const ir::Prompt *pr : prompts) ctx.namePrompt(*pr);
  // The compositions first, into their own buffer: they decide which constants and schemas exist.
  std::string body;
  {
    Printer p(body);
    for (const ir::Composition *c : compositions) CompositionEmitter(ctx, *c).emit(p);
    if (p.failed()) {
      internalError(p);
      return std::nullopt;
    }
  }
  if (ctx.failed()) return std::nullopt;
  std::map<const ir::Eval *, std::string> evalSchemas;
  for (const ir::Eval *e : evals)
    if (e->schema) evalSchemas[e] = ctx.schema(*e->schema, ctx.eval(*e) + "_schema", "params.schema of eval '" + e->name + "'");
  std::map<const ir::Tool *, std::string> parameters;
  for (const auto &t : module.tools)
    if (!t->parameters.empty() && (called.count(t.get()) || offered.count(t.get())))
      parameters[t.get()] = ctx.schema(ir::Schema{"", t->loc, t->parameters}, ctx.tool(*t) + "_parameters",
                                       "the parameters of tool '" + t->name + "'");

  std::string out;
  Printer p(out);

  // ---- header
  std::string what = entry      ? "composition '" + entry->name + "'"
                     : workflow ? "workflow (entry '" + workflow->entry + "')"
                                : "chat tasks (its prompts)";
  std::string graph = workflow ? "//\n" + stateGraphComment(*workflow) : "";
  // How the tables below run.
  std::string how = program.chat ? "// The runtime (libwfc_runtime) runs one task's turn step per user turn, as the\n"
                                   "// chat tasks table at the end says.\n"
                                 : "// Each run_<step> function is one attempt of that step and each when_<step> a\n"
                                   "// branch's predicate; a tool step whose arguments are constants and references\n"
                                   "// has no function, its arguments are data in its row. The runtime\n"
                                   "// (libwfc_runtime) schedules the steps as the step tables at the end of each\n"
                                   "// composition say.\n";
  const bool member = !options.memberNamespace.empty();  // one workflow of a registry's file
  if (member) {
    p.emit({{"source", options.sourcePath}, {"pack", module.id}, {"pack_version", module.version}, {"what", what},
            {"ns", options.memberNamespace}},
           R"cc(
             // =============================================================================================
             // Workflow '$ns$': pack '$pack$' $pack_version$ ($source$), $what$.

             namespace $ns$ {
             namespace {

             using wfc::StepContext;
             using wfc::Value;

           )cc");
  } else {
    p.emit({{"version", options.wfcVersion}, {"source", options.sourcePath}, {"pack", module.id},
            {"pack_version", module.version}, {"what", what}, {"how", how}, {"graph", graph}},
           R"cc(
             // Generated by wfc $version$ from $source$. DO NOT EDIT.
             //
             // Pack '$pack$' $pack_version$, $what$.
             $how$$graph$
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
  }

  // ---- tables
  if (!module.tools.empty()) {
    std::vector<EnumEntry> tools;
    for (const auto &t : module.tools) tools.push_back({ctx.tool(*t), t->name});
    emitEnum(p, "The pack's tools, in declaration order.", "tool", tools);
    p.blankLine();
  }
  // A workflow of internal and external states only has no compositions (and C++ has no empty
  // arrays): then neither the enum nor the table is written.
  if (!compositions.empty()) {
    std::vector<EnumEntry> names;
    for (const ir::Composition *c : compositions) names.push_back({ctx.composition(*c).ns, ""});
    emitEnum(p,
             std::string("The compositions in this program: ") +
                 (workflow ? "the workflow's states run some, " : "the first runs, ") +
                 "the others are called by wfc.subflow steps.",
             "composition", names);
    p.blankLine();
  }
  if (!prompts.empty()) {
    std::vector<EnumEntry> names;
    for (const ir::Prompt *pr : prompts) names.push_back({ctx.prompt(*pr), ""});
    emitEnum(p, "The prompts that steps run, in declaration order.", "prompt", names);
    p.blankLine();
  }
  if (!evals.empty()) {
    std::vector<EnumEntry> names;
    for (const ir::Eval *e : evals) names.push_back({ctx.eval(*e), ""});
    emitEnum(p, "The evals steps run after each successful attempt (docs/evals.md), in declaration order.", "eval",
             names);
    p.blankLine();
  }
  emitConstants(p, ctx);
  if (!prompts.empty()) emitPrompts(p, ctx, prompts);
  if (!evals.empty()) emitEvals(p, ctx, evals, evalSchemas);
  emitSkills(p, ctx, program);

  // ---- program
  out += body;
  if (workflow) emitWorkflow(p, ctx, *workflow);
  if (options.bindingsJson)
    p.emit({{"text", rawString(*options.bindingsJson, "json")}}, R"cc(
      // The bindings given to wfc at compile time: defaults that --bindings overrides.
      const char kBindings[] = $text$;

    )cc");
  if (!module.tools.empty()) {
    std::vector<ToolDeclFields> rows;
    for (const auto &t : module.tools) {
      ToolDeclFields row;
      row.name = cppString(t->name);
      row.effect = cppEnumerator(t->effect);
      if (auto it = parameters.find(t.get()); it != parameters.end()) row.parameters = it->second;
      if (called.count(t.get())) row.called = "true";
      if (offered.count(t.get())) {
        row.providerName = cppString(t->providerName);
        if (!t->description.empty()) row.description = cppString(t->description);
      }
      rows.push_back(std::move(row));
    }
    emitInitializerTable(p, "kTools", rows);
    p.blankLine();
  }
  if (program.chat) emitChatTasks(p, ctx, program);
  if (!compositions.empty()) {
    p.emit("const wfc::CompositionDecl kCompositions[] = {\n");
    {
      auto indent = p.bracedListIndent();
      for (const ir::Composition *c : compositions)
        p.emit({{"name", ctx.composition(*c).ns}}, "$name$::kComposition,\n");
    }
    p.emit("};\n");
    p.blankLine();
  }
  if (!options.natives.empty()) {
    p.emit("const wfc::NativeToolEntry kNatives[] = {\n");
    {
      auto indent = p.bracedListIndent();
      for (const std::string &n : options.natives)
        p.emit({{"name", cppString(n)}, {"fn", n}}, "{$name$, &::$fn$},\n");
    }
    p.emit("};\n");
    p.blankLine();
  }
  // requires.providers (RFC 0012): the keys a bindings file may bind (docs/bindings.md
  // "Providers"), and whether a call the program makes names each one.
  std::vector<ProviderKeyDeclFields> providerRows;
  for (const ir::ProviderRequirement &r : module.providers) {
    if (r.key == "default") continue;
    bool called = false;
    for (const ir::Prompt *pr : program.prompts) called |= pr->provider == r.key;
    for (const ir::Composition *c : program.compositions)
      ir::forEachStep(c->steps, [&](const ir::Step &s) { called |= s.provider == r.key; });
    ProviderKeyDeclFields row;
    row.key = cppString(r.key);
    row.role = cppString(r.role);
    if (!r.required) row.required = "false";
    if (called) row.called = "true";
    providerRows.push_back(std::move(row));
  }
  if (!providerRows.empty()) {
    p.emit("// requires.providers: the keys a bindings file's 'providers:' may bind (docs/bindings.md).\n");
    emitInitializerTable(p, "kProviders", providerRows);
    p.blankLine();
  }
  // Governance annotations ride along into the report, never interpreted.
  ir::Json governance = ir::Json::object();
  if (!module.governance.is_null()) governance["metadata"] = module.governance;
  for (const auto &t : module.tools)
    if (!t->actionScope.is_null()) governance["action_scope"][t->name] = t->actionScope;
  if (!governance.empty())
    p.emit({{"text", rawString(governance.dump(2), "json")}}, R"cc(
      // metadata.governance and the tools' action_scope, for the report (docs/promptkit.md).
      const char kGovernance[] = $text$;

    )cc");
  if (!module.agents.is_null() && !member)
    p.emit({{"text", rawString(module.agents.dump(2), "json")}}, R"cc(
      // The pack's agents and their A2A cards, served by --serve (docs/serve.md "A2A agents").
      const char kAgents[] = $text$;

    )cc");
  if (options.graphJson)
    p.emit({{"text", rawString(*options.graphJson, "json")}}, R"cc(
      // The step graph (wfc graph --format=json --after-passes), for the web page of --serve.
      const char kGraph[] = $text$;

    )cc");
  // What each step and state is, for resuming a run under a later version of the program.
  const std::string steps =
      program.chat ? std::string()
                   : stepTable(entry, program.workflow, [&](llvm::SMLoc loc) { return ctx.line(loc); });
  if (!steps.empty() && steps != "{\n}")
    p.emit({{"text", rawString(steps, "json")}}, R"cc(
      // Each step's and state's definition hash, by path: a run journaled by another version of
      // this program resumes here when the steps it completed are unchanged (docs/journal.md).
      const char kStepTable[] = $text$;

    )cc");
  // The environment variables the program reads, each where it first reads them: checked before
  // the first step runs (docs/awl.md "Variables").
  std::vector<EnvironmentDeclFields> environmentRows;
  std::set<std::string> environmentSeen;
  for (const ir::Composition *c : program.compositions)
    ir::forEachStep(c->steps, [&](const ir::Step &s) {
      ir::forEachReference(s, [&](const ir::Reference &ref) {
        if (ref.root != ir::RefRoot::Env || !environmentSeen.insert(ref.name).second) return;
        EnvironmentDeclFields row;
        row.name = cppString(ref.name);
        row.location = cppString(ctx.location(ref.loc.isValid() ? ref.loc : s.loc));
        environmentRows.push_back(std::move(row));
      });
    });
  if (!environmentRows.empty()) {
    p.emit("// The environment variables the program reads, checked before its first step (docs/awl.md).\n");
    emitInitializerTable(p, "kEnvironment", environmentRows);
    p.blankLine();
  }
  ProgramDeclFields fields;
  fields.name = cppString(module.id);
  fields.version = cppString(module.version);
  fields.source = cppString(options.sourcePath);
  fields.description = cppString(module.name);
  if (!module.description.empty()) fields.summary = cppString(module.description);
  fields.wfcVersion = cppString(options.wfcVersion);
  fields.identity = cppString(programIdentity(module, entry));
  if (!module.tools.empty()) fields.tools = "kTools";
  if (!prompts.empty()) fields.prompts = "kPrompts";
  if (!providerRows.empty()) fields.providers = "kProviders";
  if (!compositions.empty()) fields.compositions = "kCompositions";
  // A registry's workflows share its bindings and native tools (RegistryDecl).
  fields.bindings = options.bindingsJson && !member ? "kBindings" : "nullptr";
  if (!options.natives.empty() && !member) fields.natives = "kNatives";
  if (options.allowUnbound) fields.allowUnbound = "true";
  if (options.budget && options.budget->maxWallTimeSec)
    fields.maxWallTimeMs = {std::to_string(uint64_t(*options.budget->maxWallTimeSec) * 1000),
                            "engine.budget.max_wall_time_sec"};
  if (options.budget && options.budget->maxToolCalls)
    fields.maxToolCalls = {std::to_string(*options.budget->maxToolCalls), "engine.budget.max_tool_calls"};
  if (workflow) fields.workflow = "&kWorkflow";
  if (!evals.empty()) fields.evals = "kEvals";
  if (program.chat) fields.tasks = "kTasks";
  if (ctx.hasSkills()) fields.skills = "kSkills";
  if (!governance.empty()) fields.governance = "kGovernance";
  if (options.graphJson) fields.graph = "kGraph";
  if (!module.agents.is_null() && !member) fields.agents = "kAgents";
  if (!environmentRows.empty()) fields.environment = "kEnvironment";
  if (!steps.empty() && steps != "{\n}") fields.stepTable = "kStepTable";
  emitInitializer(p, "kProgram", fields);
  if (member)
    p.emit({{"ns", options.memberNamespace}}, R"cc(

      }  // namespace
      }  // namespace $ns$

    )cc");
  else
    p.emit(R"cc(

      }  // namespace

      int main(int argc, char **argv) { return wfc::runMain(argc, argv, kProgram); }
    )cc");
  if (p.failed()) {
    internalError(p);
    return std::nullopt;
  }
  if (!options.lineDirectivePath.empty()) out = resolveLineMarkers(out, options.outputName);
  return out;
}

}  // namespace wfc::codegen
