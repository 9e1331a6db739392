#include "codegen/EvalEmitter.h"

#include <charconv>
#include <map>
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

void emitEvals(Printer &p, EmitContext &ctx, const std::vector<const ir::Eval *> &evals,
               const std::map<const ir::Eval *, std::string> &schemas) {
  std::vector<InitFields> rows;
  for (const ir::Eval *e : evals) {
    InitFields fields = {{"id", cppString(e->name), ""}, {"type", typeName(e->type), ""},
                         {"location", cppString(ctx.location(e->loc)), ""}};
    if (e->type == "contains" || e->type == "regex") fields.push_back({"text", cppString(e->text), ""});
    if (auto it = schemas.find(e); it != schemas.end()) fields.push_back({"schema", it->second, ""});
    if (e->type == "latency_budget") fields.push_back({"maxMs", number(e->maxMs), ""});
    if (e->judge) fields.push_back({"prompt", "prompt::" + ctx.prompt(*e->judge), ""});
    if (e->rubric) fields.push_back({"rubric", cppString(ir::Json(*e->rubric).dump()), ""});
    if (e->thresholdOperator && e->thresholdValue) {
      fields.push_back({"threshold", compareName(*e->thresholdOperator), ""});
      fields.push_back({"thresholdValue", number(*e->thresholdValue), ""});
    }
    if (e->gate) fields.push_back({"gate", "true", ""});
    if (e->samplePercentage) fields.push_back({"samplePercentage", number(*e->samplePercentage), e->trigger});
    rows.push_back(std::move(fields));
  }
  emitInitializerTable(p, "wfc::EvalDecl", "kEvals", rows);
  p.blankLine();
}

}  // namespace wfc::codegen
