#include "codegen/EvalEmitter.h"

#include <charconv>
#include <set>

namespace wfc::codegen {
namespace {

const char *typeName(const std::string &type) {
  if (type == "regex") return "wfc::EvalType::Regex";
  if (type == "json_valid") return "wfc::EvalType::JsonValid";
  if (type == "json_schema") return "wfc::EvalType::JsonSchema";
  if (type == "latency_budget") return "wfc::EvalType::LatencyBudget";
  if (type == "llm_judge") return "wfc::EvalType::LlmJudge";
  return "wfc::EvalType::Contains";
}

const char *compareName(const std::string &op) {
  if (op == ">") return "wfc::Compare::Greater";
  if (op == ">=") return "wfc::Compare::GreaterOrEqual";
  if (op == "<") return "wfc::Compare::Less";
  if (op == "<=") return "wfc::Compare::LessOrEqual";
  if (op == "==") return "wfc::Compare::Equal";
  return "wfc::Compare::NotEqual";
}

// The shortest text that reads back as `value`: 4, 0.5, 1e-05.
std::string number(double value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, end);
}

}  // namespace

void emitEvals(Printer &p, EmitContext &ctx, const std::vector<const ir::Eval *> &evals) {
  p.emit("// The evals steps run after each successful attempt (docs/evals.md), in declaration order.\n"
         "namespace eval {\n"
         "enum Id : int {\n");
  {
    auto indent = p.indent();
    for (const ir::Eval *e : evals) p.emit({{"name", ctx.eval(*e)}}, "$name$,\n");
  }
  p.emit("};\n}  // namespace eval\n");
  p.blankLine();
  std::string table;
  for (const ir::Eval *e : evals) {
    const std::string &name = ctx.eval(*e);
    std::string fields = "        .id = " + cppString(e->name) + ",\n        .type = " + typeName(e->type) +
                         ",\n        .location = " + cppString(ctx.location(e->loc)) + ",\n";
    if (e->type == "contains" || e->type == "regex") fields += "        .text = " + cppString(e->text) + ",\n";
    if (e->schema) {
      p.emit({{"name", name}, {"id", e->name}, {"source", e->schema->source}, {"text", rawString(e->schema->json.dump(2))}},
             R"cc(
               // params.schema of eval '$id$': $source$
               const char kEvalSchema_$name$[] = $text$;

             )cc");
      fields += "        .schema = kEvalSchema_" + name + ",\n";
    }
    if (e->type == "latency_budget") fields += "        .maxMs = " + number(e->maxMs) + ",\n";
    if (e->judge) fields += "        .prompt = prompt::" + ctx.prompt(*e->judge) + ",\n";
    if (e->rubric) fields += "        .rubric = " + cppString(ir::Json(*e->rubric).dump()) + ",\n";
    if (e->thresholdOperator && e->thresholdValue)
      fields += std::string("        .threshold = ") + compareName(*e->thresholdOperator) +
                ",\n        .thresholdValue = " + number(*e->thresholdValue) + ",\n";
    if (e->gate) fields += "        .gate = true,\n";
    if (e->samplePercentage)
      fields += "        .samplePercentage = " + number(*e->samplePercentage) + ",  // " + e->trigger + "\n";
    table += "    {\n" + fields + "    },\n";
  }
  p.emit({{"table", table}}, R"cc(
    const wfc::EvalDecl kEvals[] = {
    $table$};

  )cc");
}

}  // namespace wfc::codegen
