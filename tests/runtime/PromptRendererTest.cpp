// System templates render from compile-time pieces: variables from an object input, else their
// defaults; dot paths; values as text; a missing value fails naming the variable.
#include "core/llm/PromptRenderer.h"
#include "wfc/error.h"

#include <gtest/gtest.h>

namespace wfc {
namespace {

const TemplatePart kParts[] = {
    {.text = "For "},
    {.kind = TemplatePart::Variable, .text = "audience"},
    {.text = ", "},
    {.kind = TemplatePart::Variable, .text = "limits", .path = {"words"}},
    {.text = " words, style "},
    {.kind = TemplatePart::Variable, .text = "style"},
    {.text = "."},
};
const VariableDecl kVariables[] = {
    {.name = "audience", .required = true},
    {.name = "limits", .required = true},
    {.name = "style", .defaultValue = "\"plain\""},
};
const PromptDecl kPrompt = {.key = "summarizer", .location = "pack.yaml:8", .systemTemplate = kParts,
                            .variables = kVariables};

std::string errorOf(const Value &input) {
  try {
    llm::renderSystemTemplate(kPrompt, input);
  } catch (const Error &e) {
    EXPECT_EQ(e.kind(), ErrorKind::StepFailed);
    return e.what();
  }
  return "";
}

TEST(PromptRendererTest, ObjectInputBindsVariablesAndDefaultsFillTheRest) {
  Value input = Value::parse(R"({"audience": "engineers", "limits": {"words": 50}})");
  EXPECT_EQ(llm::renderSystemTemplate(kPrompt, input), "For engineers, 50 words, style plain.");
}

TEST(PromptRendererTest, InputKeysOverrideDefaultsAndNonStringsAreCompactJson) {
  Value input = Value::parse(R"({"audience": ["a", "b"], "limits": {"words": 7}, "style": "terse"})");
  EXPECT_EQ(llm::renderSystemTemplate(kPrompt, input), R"(For ["a","b"], 7 words, style terse.)");
}

TEST(PromptRendererTest, MissingVariableFailsNamingItAndWhy) {
  std::string message = errorOf(Value::parse(R"({"limits": {"words": 5}})"));
  EXPECT_NE(message.find("prompt 'summarizer' (pack.yaml:8): template variable 'audience' has no value: the "
                         "step's input object has no key 'audience' and the variable has no default"),
            std::string::npos)
      << message;
  message = errorOf(Value::string("just text"));
  EXPECT_NE(message.find("the step's input is not an object"), std::string::npos) << message;
}

TEST(PromptRendererTest, MissingPathFailsNamingTheLookup) {
  std::string message = errorOf(Value::parse(R"({"audience": "x", "limits": {"pages": 2}})"));
  EXPECT_NE(message.find("{{limits.words}} finds nothing"), std::string::npos) << message;
}

TEST(PromptRendererTest, WorkflowContextOutsideAWorkflowFails) {
  const TemplatePart parts[] = {{.kind = TemplatePart::WorkflowContext}};
  const PromptDecl prompt = {.key = "p", .location = "pack.yaml:1", .systemTemplate = parts};
  try {
    llm::renderSystemTemplate(prompt, Value());
    FAIL() << "rendered";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("exist only when the pack's workflow runs"), std::string::npos) << e.what();
  }
}

// {{workflow_context}} and {{artifacts.NAME}} read the run's workflow value; unset, they render
// as nothing, but a path below an unset one names the lookup.
TEST(PromptRendererTest, WorkflowContextAndArtifacts) {
  const TemplatePart parts[] = {{.text = "ctx=["},
                                {.kind = TemplatePart::WorkflowContext},
                                {.text = "] topic=["},
                                {.kind = TemplatePart::WorkflowContext, .path = {"topic"}},
                                {.text = "] notes=["},
                                {.kind = TemplatePart::Artifact, .text = "notes"},
                                {.text = "] draft=["},
                                {.kind = TemplatePart::Artifact, .text = "draft"},
                                {.text = "]"}};
  const PromptDecl prompt = {.key = "p", .location = "pack.yaml:1", .systemTemplate = parts};
  Value wf = Value::parse(R"({"context": {"topic": "refunds"}, "artifacts": {"notes": "a\nb"}})");
  EXPECT_EQ(llm::renderSystemTemplate(prompt, Value(), &wf),
            "ctx=[{\"topic\":\"refunds\"}] topic=[refunds] notes=[a\nb] draft=[]");

  const TemplatePart deep[] = {{.kind = TemplatePart::WorkflowContext, .path = {"topic"}}};
  const PromptDecl deepPrompt = {.key = "p", .location = "pack.yaml:1", .systemTemplate = deep};
  Value empty = Value::parse(R"({"context": null, "artifacts": {}})");
  try {
    llm::renderSystemTemplate(deepPrompt, Value(), &empty);
    FAIL() << "rendered";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("{{workflow_context.topic}} finds nothing: no transition has set the "
                                         "workflow context yet"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace wfc
