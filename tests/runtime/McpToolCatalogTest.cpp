// The tools an --mcp server offers and the results it answers (runtime/host/mcp_server/ToolCatalog.h,
// docs/mcp-server.md "Tools" and "Calls"), on programs declared here by hand: the naming rule,
// the schemas, the output wrapping, and the result of a success, a failure and a failure that
// still has an output (FailureWithOutput).
#include "host/mcp_server/ToolCatalog.h"

#include <gtest/gtest.h>

namespace wfc::mcp {
namespace {

Json parse(const char *text) { return Json::parse(text); }

ProgramDecl composition(const CompositionDecl *decl, const char *description = "") {
  ProgramDecl program;
  program.name = "text-stats";
  program.version = "1.0.0";
  program.description = description;
  program.compositions = std::span<const CompositionDecl>(decl, 1);
  return program;
}

TEST(McpToolCatalogTest, NamesKeepMcpsCharactersOnly) {
  EXPECT_EQ(mcpToolName("e2e-mcp-server"), "e2e-mcp-server");
  EXPECT_EQ(mcpToolName("acme.review_gate-2"), "acme.review_gate-2");
  EXPECT_EQ(mcpToolName("my pack/v2!"), "my_pack_v2_");
  EXPECT_EQ(mcpToolName("café"), "caf_") << "one '_' per character, not per byte";
  EXPECT_EQ(mcpToolName(std::string(200, 'x')), std::string(128, 'x'));
  EXPECT_EQ(mcpToolName(""), "workflow");
}

TEST(McpToolCatalogTest, ACompositionIsOneToolWithItsSchemas) {
  static const CompositionDecl main{.name = "main",
                                    .inputSchema = R"({"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]})",
                                    .outputSchema = R"({"type": "object", "properties": {"words": {"type": "integer"}}})"};
  ProgramDecl program = composition(&main, "Counts words.");
  std::vector<ServedTool> tools = servedTools(program);
  ASSERT_EQ(tools.size(), 1u);
  Json entry = listEntry(tools[0]);
  EXPECT_EQ(entry["name"], "text-stats");
  EXPECT_EQ(entry["title"], "Counts words.") << "the pack's name, which the program carries as its description";
  EXPECT_EQ(entry["description"], "Runs composition 'main' of text-stats 1.0.0.");
  EXPECT_EQ(entry["inputSchema"], parse(main.inputSchema));
  EXPECT_EQ(entry["outputSchema"], parse(main.outputSchema)) << "an object schema is advertised as it is";
  EXPECT_FALSE(tools[0].wrapsOutput);

  RunOutcome ok;
  ok.runId = "0123";
  ok.output = Value::parse(R"({"words": 3})");
  EXPECT_EQ(callResult(tools[0], ok), parse(R"({"content": [{"type": "text", "text": "{\"words\":3}"}],
      "structuredContent": {"words": 3}, "isError": false, "_meta": {"wfc/exit_code": 0, "wfc/run_id": "0123"}})"));
}

// What the pack says it does (ProgramDecl::summary) is what a model reads first.
TEST(McpToolCatalogTest, ThePacksDescriptionLeadsTheToolsDescription) {
  static const CompositionDecl main{.name = "main"};
  ProgramDecl program = composition(&main, "Text stats");
  program.summary = "Reads a Markdown document and measures it.";
  EXPECT_EQ(listEntry(servedTools(program)[0])["description"],
            "Reads a Markdown document and measures it.\n\nRuns composition 'main' of text-stats 1.0.0.");
}

TEST(McpToolCatalogTest, SchemasThatSayLessThanObjectAreObjectSchemas) {
  static const CompositionDecl noSchema{.name = "main"};
  ProgramDecl program = composition(&noSchema);
  ServedTool tool = servedTools(program)[0];
  EXPECT_EQ(tool.inputSchema, parse(R"({"type": "object"})"));
  EXPECT_FALSE(tool.outputSchema) << "no output_schema, no outputSchema";
  EXPECT_EQ(listEntry(tool)["description"], "Runs composition 'main' of text-stats 1.0.0.");
  EXPECT_FALSE(listEntry(tool).contains("title"));

  static const CompositionDecl refRoot{.name = "main",
                                       .inputSchema = R"({"$ref": "#/$defs/in", "$defs": {"in": {"type": "object"}}})"};
  ProgramDecl refProgram = composition(&refRoot);
  EXPECT_EQ(servedTools(refProgram)[0].inputSchema,
            parse(R"({"$ref": "#/$defs/in", "$defs": {"in": {"type": "object"}}, "type": "object"})"));
}

// A non-object output goes in structuredContent as {"result": …}; with an output_schema that does
// not make it an object, always, and the advertised outputSchema says so.
TEST(McpToolCatalogTest, NonObjectOutputsAreWrappedInResult) {
  static const CompositionDecl list{
      .name = "main",
      .outputSchema = R"({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array",
                          "items": {"$ref": "#/$defs/word"}, "$defs": {"word": {"type": "string"}}})"};
  ProgramDecl program = composition(&list);
  ServedTool tool = servedTools(program)[0];
  EXPECT_TRUE(tool.wrapsOutput);
  EXPECT_EQ(*tool.outputSchema, parse(R"({"$schema": "https://json-schema.org/draft/2020-12/schema",
      "type": "object", "properties": {"result": {"type": "array", "items": {"$ref": "#/$defs/word"}}},
      "required": ["result"], "$defs": {"word": {"type": "string"}}})"));
  RunOutcome ok;
  ok.output = Value::parse(R"(["a", "b"])");
  Json result = callResult(tool, ok);
  EXPECT_EQ(result["structuredContent"], parse(R"({"result": ["a", "b"]})"));
  EXPECT_EQ(result["content"][0]["text"], R"({"result":["a","b"]})");
  EXPECT_FALSE(result["_meta"].contains("wfc/run_id")) << "no run, no run id";

  // Without an output_schema, only outputs that are not objects are wrapped.
  static const CompositionDecl free{.name = "main"};
  ProgramDecl freeProgram = composition(&free);
  ServedTool freeTool = servedTools(freeProgram)[0];
  ok.output = Value::integer(42);
  EXPECT_EQ(callResult(freeTool, ok)["structuredContent"], parse(R"({"result": 42})"));
  ok.output = Value::parse(R"({"result": 1, "more": 2})");
  EXPECT_EQ(callResult(freeTool, ok)["structuredContent"], parse(R"({"result": 1, "more": 2})"));
}

TEST(McpToolCatalogTest, FailuresAreIsErrorWithTheOutputTheyCarry) {
  static const CompositionDecl main{.name = "main"};
  ProgramDecl program = composition(&main);
  ServedTool tool = servedTools(program)[0];
  RunOutcome failed;
  failed.code = 3;
  failed.status = journal::RunStatus::Failed;
  failed.error = "pack.yaml:9: step 'fetch' timed out after 300 ms";
  EXPECT_EQ(callResult(tool, failed), parse(R"({"content": [{"type": "text", "text": "pack.yaml:9: step 'fetch' timed out after 300 ms"}],
      "isError": true, "_meta": {"wfc/exit_code": 3}})"));

  // A tool composition's result object (FailureWithOutput): the message, and the output beside it.
  FailureWithOutput failure(ErrorKind::StepFailed, "step 'charge' failed; 'reserve' was rolled back",
                            Value::parse(R"({"succeeded": ["reserve"], "failed": ["charge"], "rolled_back": ["reserve"]})"));
  RunOutcome withOutput;
  withOutput.code = failure.exitCode();
  withOutput.error = failure.what();
  withOutput.output = failure.output();
  Json result = callResult(tool, withOutput);
  EXPECT_EQ(result["isError"], true);
  EXPECT_EQ(result["structuredContent"], failure.output().json());
  ASSERT_EQ(result["content"].size(), 2u) << result;
  EXPECT_EQ(result["content"][0]["text"], "step 'charge' failed; 'reserve' was rolled back");
  EXPECT_EQ(Json::parse(result["content"][1]["text"].get<std::string>()), failure.output().json());

  EXPECT_EQ(inputErrorResult("the input does not match"),
            parse(R"({"content": [{"type": "text", "text": "the input does not match"}], "isError": true,
                      "_meta": {"wfc/exit_code": 2}})"));
}

TEST(McpToolCatalogTest, AChatProgramIsOneToolPerTask) {
  static const VariableDecl variables[] = {{.name = "customer", .required = true},
                                           {.name = "product", .required = true, .defaultValue = "\"wfc\""},
                                           {.name = "tone"}};
  static const PromptDecl prompts[] = {{.key = "support help", .variables = variables}, {.key = "support_help"}};
  static const StepDecl turns[] = {{.id = "a", .kind = StepKind::Agent, .prompt = 0},
                                   {.id = "b", .kind = StepKind::Agent, .prompt = 1}};
  static const ChatTaskDecl tasks[] = {{.name = "support help", .turn = &turns[0]},
                                       {.name = "support_help", .turn = &turns[1]}};
  ProgramDecl program;
  program.name = "chat";
  program.version = "2.0.0";
  program.prompts = prompts;
  program.tasks = tasks;
  std::vector<ServedTool> tools = servedTools(program);
  ASSERT_EQ(tools.size(), 2u);
  EXPECT_EQ(tools[0].name, "support_help");
  EXPECT_EQ(tools[1].name, "support_help_2") << "names that collide once sanitized get a suffix";
  EXPECT_EQ(tools[0].task, &tasks[0]);
  EXPECT_EQ(tools[0].inputSchema["required"], parse(R"(["message"])"));
  EXPECT_EQ(tools[0].inputSchema["properties"]["variables"]["required"], parse(R"(["customer"])"))
      << "a variable with a default is not required";
  EXPECT_EQ(tools[0].inputSchema["properties"]["variables"]["properties"],
            parse(R"({"customer": {}, "product": {}, "tone": {}})"));
  EXPECT_FALSE(tools[1].inputSchema["properties"]["variables"].contains("required"));
  RunOutcome ok;
  ok.output = Value::string("Hello!");
  EXPECT_EQ(callResult(tools[0], ok)["structuredContent"], parse(R"({"result": "Hello!"})"));
  EXPECT_EQ((*tools[0].outputSchema)["properties"]["result"]["type"], "string");
}

}  // namespace
}  // namespace wfc::mcp
