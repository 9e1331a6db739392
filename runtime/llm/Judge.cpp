#include "llm/Judge.h"

#include "Describe.h"
#include "Run.h"
#include "llm/Conversation.h"
#include "llm/PromptRenderer.h"
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
  request.model = a.run.model();
  std::string system = renderSystemTemplate(decl, variables);
  if (!system.empty()) request.messages.push_back({Message::Role::System, std::move(system), {}, {}});
  std::string user = rubric ? "Rubric:\n" + rubricValue.toText() + "\n\nTarget:\n" + target.toText() : target.toText();
  request.messages.push_back({Message::Role::User, std::move(user), {}, {}});
  if (decl.parameters) request.parameters = Json::parse(decl.parameters);
  request.structured = StructuredOutput{"judgement", Json::parse(kJudgeReplySchema), true};

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

}  // namespace wfc::llm
