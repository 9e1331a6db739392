#include "core/conversation/Judge.h"

#include "common/JsonReader.h"
#include "core/conversation/Conversation.h"
#include "core/llm/PromptRenderer.h"
#include "core/run/Run.h"
#include "support/Describe.h"
#include "wfc/error.h"

namespace wfc::llm {
const char *const kJudgeReplySchema = R"({"type":"object","properties":{"score":{"type":"number"},)"
                                      R"("rationale":{"type":"string"}},"required":["score","rationale"],)"
                                      R"("additionalProperties":false})";

Value judge(const StepAttempt &a, int prompt, const Value &target, const char *rubric) {
  const PromptDecl &decl = a.run.program().prompts[prompt];
  Value rubricValue = rubric ? Value::parse(rubric) : Value();
  Value variables = Value::object({{"target", target}, {"rubric", rubricValue}});

  Request request;
  if (decl.provider) request.provider = decl.provider;  // RFC 0017: the judging prompt's
  request.model = a.run.modelFor(decl.provider);
  const ModelOverrideDecl *override = modelOverride(decl, request.model);
  std::string system = renderSystemTemplate(decl, variables, nullptr, override);
  if (!system.empty()) request.messages.push_back({Message::Role::System, std::move(system), {}, {}});
  std::string user = rubric ? "Rubric:\n" + rubricValue.toText() + "\n\nTarget:\n" + target.toText() : target.toText();
  request.messages.push_back({Message::Role::User, std::move(user), {}, {}});
  request.parameters = promptParameters(decl, override);
  request.promptKitWire = decl.promptKitWire;
  request.structured = StructuredOutput{"judgement", readJson(kJudgeReplySchema), true};

  Reply reply = Exchange(a, decl).send(request, 1);
  Value parsed;
  try {
    parsed = Value::parse(reply.content);
  } catch (const Error &e) {
    throw Error(ErrorKind::StepFailed, std::string("the judge's reply is not valid JSON (") + e.what() +
                                           "): " + headOf(reply.content, 200));
  }
  if (auto problem = a.run.schema(kJudgeReplySchema)->validate(parsed))
    throw Error(ErrorKind::StepFailed, "the judge's reply does not match {score: number, rationale: string}: " +
                                           *problem);
  return parsed;
}

evals::JudgeAnswer judgeContent(const StepAttempt &a, const char *key, const evals::JudgeAsk &ask) {
  std::string user = "Content to evaluate:\n" + ask.content + "\n\nCriteria: " + ask.criteria;
  if (!ask.rubric.empty()) user += "\n\nRubric: " + ask.rubric;
  Request request;
  request.model = ask.model.empty() ? a.run.model() : ask.model;
  request.messages.push_back({Message::Role::System, ask.system, {}, {}});
  request.messages.push_back({Message::Role::User, std::move(user), {}, {}});
  request.parameters = Json{{"temperature", 0.0}, {"max_tokens", 1024}};
  PromptDecl judgeDecl;  // the exchange's key names the eval
  judgeDecl.key = key;
  Reply reply = Exchange(a, judgeDecl).send(request, 1);
  size_t first = reply.content.find('{'), last = reply.content.rfind('}');
  Value parsed;
  if (first != std::string::npos && last != std::string::npos && last > first) {
    try {
      parsed = Value::parse(reply.content.substr(first, last - first + 1));
    } catch (const Error &) {
    }
  }
  std::optional<Value> score = parsed.isObject() ? parsed.get("score") : std::nullopt;
  if (!score || !score->isNumber())
    throw Error(ErrorKind::StepFailed, "the judge's reply holds no JSON object with a numeric \"score\": " +
                                           headOf(reply.content, 200));
  evals::JudgeAnswer answer;
  answer.score = score->asNumber();
  if (std::optional<Value> passed = parsed.get("passed"); passed && passed->type() == Value::Type::Boolean)
    answer.passed = passed->asBool();
  if (std::optional<Value> reasoning = parsed.get("reasoning"); reasoning && reasoning->isString())
    answer.reasoning = reasoning->asString();
  return answer;
}

Value judgeCriteria(const StepAttempt &a, const EvalDecl &eval, const std::string &content) {
  // A passing score above 1 is on a scale the criteria give ("from 1 to 5"): the judge is not
  // told 0-1 then (docs/evals.md "llm_judge").
  evals::JudgeAsk ask;
  ask.system = eval.judgeSystemPrompt ? std::string(eval.judgeSystemPrompt)
               : eval.passingScore > 1
                   ? "You are an evaluation judge. Evaluate the following content and respond with a JSON object "
                     "containing: \"passed\" (boolean), \"score\" (number on the scale the criteria give), and "
                     "\"reasoning\" (string)."
                   : evals::kDefaultJudgeSystemPrompt;
  ask.content = content;
  ask.criteria = eval.criteria;
  if (eval.rubric) ask.rubric = Value::parse(eval.rubric).toText();
  if (eval.judgeModel) ask.model = eval.judgeModel;
  evals::JudgeAnswer answer = judgeContent(a, eval.id, ask);
  std::vector<std::pair<std::string, Value>> members = {{"score", Value::number(answer.score)}};
  if (answer.passed) members.push_back({"passed", Value::boolean(*answer.passed)});
  members.push_back({"reasoning", Value::string(answer.reasoning)});
  return Value::object(std::move(members));
}

}  // namespace wfc::llm
