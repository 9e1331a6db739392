#include "codegen/EvalEmitter.h"

#include "codegen/DeclMirrors.h"

#include <charconv>
#include <map>
#include <set>

namespace wfc::codegen {
namespace {

// The runtime's enumerator of each canonical type (sema resolved PromptKit's aliases).
const char *typeName(const std::string &type) {
  static const std::map<std::string, const char *> kNames = {
      {"contains", "wfc::EvalType::Contains"},
      {"contains_any", "wfc::EvalType::ContainsAny"},
      {"content_excludes", "wfc::EvalType::ContentExcludes"},
      {"regex", "wfc::EvalType::Regex"},
      {"json_valid", "wfc::EvalType::JsonValid"},
      {"json_schema", "wfc::EvalType::JsonSchema"},
      {"min_length", "wfc::EvalType::MinLength"},
      {"max_length", "wfc::EvalType::MaxLength"},
      {"sentence_count", "wfc::EvalType::SentenceCount"},
      {"field_presence", "wfc::EvalType::FieldPresence"},
      {"tools_called", "wfc::EvalType::ToolsCalled"},
      {"tools_not_called", "wfc::EvalType::ToolsNotCalled"},
      {"latency_budget", "wfc::EvalType::LatencyBudget"},
      {"llm_judge", "wfc::EvalType::LlmJudge"},
      {"cost_budget", "wfc::EvalType::CostBudget"}};
  return kNames.at(type);  // sema accepts no other type
}

const char *compareName(const std::string &op) {
  if (op == ">") return "wfc::Compare::Greater";
  if (op == ">=") return "wfc::Compare::GreaterOrEqual";
  if (op == "<") return "wfc::Compare::Less";
  if (op == "<=") return "wfc::Compare::LessOrEqual";
  if (op == "==") return "wfc::Compare::Equal";
  return "wfc::Compare::NotEqual";
}


}  // namespace

void emitEvals(Printer &p, EmitContext &ctx, const std::vector<const ir::Eval *> &evals,
               const std::map<const ir::Eval *, std::string> &schemas) {
  // The texts, fields or tool names an eval looks for, one array each.
  for (const ir::Eval *e : evals) {
    if (e->patterns.empty()) continue;
    p.emit({{"name", ctx.eval(*e)}}, "const char *const kPatterns_$name$[] = {\n");
    {
      auto indent = p.bracedListIndent();
      for (const std::string &text : e->patterns) p.emit({{"text", cppString(text)}}, "$text$,\n");
    }
    p.emit("};\n");
  }
  std::vector<EvalDeclFields> rows;
  for (const ir::Eval *e : evals) {
    EvalDeclFields fields;
    fields.id = cppString(e->name);
    fields.location = cppString(ctx.location(e->loc));
    if (e->named) {
      fields.type = "wfc::EvalType::Named";
      fields.typeName = cppString(e->type);
      if (!e->params.empty()) fields.params = cppString(e->params.dump());
    } else {
      fields.type = typeName(e->type);
    }
    if (!e->text.empty()) fields.text = cppString(e->text);
    if (!e->patterns.empty()) fields.patterns = "kPatterns_" + ctx.eval(*e);
    if (e->wordBoundary) fields.wordBoundary = "true";
    if (!e->expectMatch) fields.invert = {"true", "params.expect_match: false"};
    if (e->extractJson) fields.extractJson = "true";
    if (auto it = schemas.find(e); it != schemas.end()) fields.schema = it->second;
    if (e->minLength) fields.minLength = cppNumber(*e->minLength);
    if (e->maxLength) fields.maxLength = cppNumber(*e->maxLength);
    if (e->maxTokens) fields.maxTokens = cppNumber(*e->maxTokens);
    if (e->maxSentences) fields.maxSentences = cppNumber(*e->maxSentences);
    if (e->type == "tools_called") {
      if (e->minCalls != 1) fields.minCalls = std::to_string(e->minCalls);
      if (e->maxCalls) fields.maxCalls = std::to_string(*e->maxCalls);
    }
    if (e->type == "latency_budget") fields.maxMs = cppNumber(e->maxMs);
    if (e->maxCostUsd) fields.maxCostUsd = cppNumber(*e->maxCostUsd);
    if (e->maxInputTokens) fields.maxInputTokens = cppNumber(*e->maxInputTokens);
    if (e->maxOutputTokens) fields.maxOutputTokens = cppNumber(*e->maxOutputTokens);
    if (e->maxTotalTokens) fields.maxTotalTokens = cppNumber(*e->maxTotalTokens);
    if (e->judge) fields.prompt = "prompt::" + ctx.prompt(*e->judge);
    if (e->rubric) fields.rubric = cppString(ir::Json(*e->rubric).dump());
    if (!e->criteria.empty()) fields.criteria = cppString(e->criteria);
    if (!e->judgeSystemPrompt.empty()) fields.judgeSystemPrompt = cppString(e->judgeSystemPrompt);
    if (!e->judgeModel.empty()) fields.judgeModel = cppString(e->judgeModel);
    if (e->passingScore) {
      fields.hasPassingScore = "true";
      fields.passingScore = cppNumber(*e->passingScore);
    }
    if (e->thresholdOperator && e->thresholdValue) {
      fields.threshold = compareName(*e->thresholdOperator);
      fields.thresholdValue = cppNumber(*e->thresholdValue);
    }
    if (e->gate) fields.gate = "true";
    if (e->samplePercentage) fields.samplePercentage = {cppNumber(*e->samplePercentage), e->trigger};
    if (!e->message.empty()) fields.message = cppString(e->message);
    if (!e->when.toolCalled.empty()) fields.whenToolCalled = cppString(e->when.toolCalled);
    if (!e->when.toolCalledPattern.empty()) fields.whenToolCalledPattern = cppString(e->when.toolCalledPattern);
    if (e->when.anyToolCalled) fields.whenAnyToolCalled = "true";
    if (e->when.minToolCalls) fields.whenMinToolCalls = std::to_string(e->when.minToolCalls);
    rows.push_back(std::move(fields));
  }
  emitInitializerTable(p, "kEvals", rows);
  p.blankLine();
}

}  // namespace wfc::codegen
