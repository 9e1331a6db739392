// The static bound is never below what a run uses, over random packs (docs/cost.md "The static
// bound"): each seed makes a pack — prompts whose system templates mix literal text (ASCII and
// multibyte UTF-8) with variables and lookups of the step's input, random max_tokens, and a chain
// of prompt steps, parallel branches and wfc.foreach steps reading the input and each other's
// outputs — and a random input within its schema (a string with or without maxLength, a list
// with maxItems); `wfc build --emit=cost` gives the bound, `wfc compile` the executable, which runs
// against the test LLM server's measured usage (one token per byte, replies cut at max_tokens).
// The bound, evaluated at the input, must hold the tokens the server counted, input and output.
#include "BoundEvaluation.h"
#include "ExeDir.h"
#include "LlmServerProcess.h"
#include "Process.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <random>
#include <string>
#include <vector>

namespace wfc::test {
namespace {

using Json = nlohmann::json;

class RandomPack {
 public:
  explicit RandomPack(unsigned seed) : random_(seed) { make(); }

  std::string yaml;       // the pack
  std::string schema;     // its input schema (schemas/input.json)
  Json input;             // an input within the schema
  std::string replyText;  // what the server answers every request with

 private:
  std::mt19937 random_;

  size_t pick(size_t low, size_t high) { return std::uniform_int_distribution<size_t>(low, high)(random_); }

  std::string text(size_t length) {
    static const std::vector<std::string> alphabet = {"a", "e", "z", " ", "\n", "é", "漢", "🙂", ":", "\\\\", "'"};
    std::string out;
    for (size_t i = 0; i < length; ++i) out += alphabet[pick(0, alphabet.size() - 1)];
    return out;
  }

  // A system template: literal pieces and lookups of the step's input object ({{topic}}), of a
  // declared variable with a default ({{tone}}), or of the workflow's nothing.
  std::string systemTemplate() {
    std::string out = "Instructions " + text(pick(0, 60));
    for (size_t i = 0, n = pick(0, 3); i < n; ++i) {
      out += pick(0, 1) ? " {{tone}} " : " {{topic}} ";
      out += text(pick(0, 40));
    }
    return out;
  }

  void make() {
    const bool boundedText = pick(0, 1);
    const size_t maxLength = pick(1, 80), maxItems = pick(1, 4);
    schema = Json{{"type", "object"},
                  {"properties",
                   {{"text", boundedText ? Json{{"type", "string"}, {"maxLength", maxLength}} : Json{{"type", "string"}}},
                    {"items", {{"type", "array"}, {"maxItems", maxItems}, {"items", {{"type", "string"}, {"maxLength", 30}}}}}}},
                  {"required", {"text", "items"}}}
                 .dump();
    // maxLength counts characters: up to 4 bytes each, as the bound counts them.
    std::string value;
    for (size_t i = 0, n = boundedText ? pick(0, maxLength) : pick(0, 300); i < n; ++i) value += text(1);
    Json items = Json::array();
    for (size_t i = 0, n = pick(0, maxItems); i < n; ++i) {
      std::string item;
      for (size_t j = 0, m = pick(0, 30); j < m; ++j) item += text(1);
      items.push_back(item);
    }
    input = {{"text", value}, {"items", items}};
    replyText = text(pick(0, 250));

    const size_t prompts = pick(1, 3);
    yaml = "id: random-cost\nname: random cost\nversion: 1.0.0\n"
           "template_engine: {version: v1, syntax: \"{{variable}}\"}\nprompts:\n";
    for (size_t p = 0; p < prompts; ++p) {
      yaml += "  p" + std::to_string(p) + ":\n    id: p" + std::to_string(p) + "\n    name: P\n    version: 1.0.0\n";
      yaml += "    system_template: " + Json(systemTemplate()).dump() + "\n";
      yaml += "    variables:\n      - {name: tone, type: string, required: false, default: " + Json(text(pick(0, 20))).dump() +
              "}\n      - {name: topic, type: string, required: false, default: \"any\"}\n";
      yaml += "    parameters: {max_tokens: " + std::to_string(pick(1, 200)) + "}\n";
    }
    yaml += "tools: {}\ncompositions:\n  main:\n    version: 1\n    input_schema: schemas/input.json\n    steps:\n";
    std::vector<std::string> outputs;  // steps whose output a later step may read
    auto prompt = [&] { return "p" + std::to_string(pick(0, prompts - 1)); };
    auto source = [&]() -> std::string {
      size_t choice = pick(0, outputs.empty() ? 1 : 3);
      if (choice == 0) return "${input.text}";
      if (choice == 1) return "Re: ${input.text} " + text(pick(0, 10));
      const std::string &step = outputs[pick(0, outputs.size() - 1)];
      return choice == 2 ? "${" + step + ".output}" : "${input.text} / ${" + step + ".output}";
    };
    const size_t steps = pick(2, 5);
    for (size_t s = 0; s < steps; ++s) {
      const std::string id = "s" + std::to_string(s);
      switch (pick(0, 2)) {
        case 0:
          yaml += "      - {id: " + id + ", kind: prompt, prompt_task: " + prompt() + ", input: " + Json(source()).dump() + "}\n";
          outputs.push_back(id);
          break;
        case 1: {
          yaml += "      - id: " + id + "\n        kind: parallel\n        branches:\n";
          std::vector<std::string> branches;
          for (size_t b = 0, n = pick(2, 3); b < n; ++b) {
            std::string branch = id + "b" + std::to_string(b);
            yaml += "          - {id: " + branch + ", kind: prompt, prompt_task: " + prompt() + ", input: " +
                    Json(source()).dump() + "}\n";
            branches.push_back(branch);
          }
          yaml += "        reduce: {strategy: barrier, into: " + id + "}\n";
          outputs.insert(outputs.end(), branches.begin(), branches.end());
          break;
        }
        default:
          yaml += "      - id: " + id + "\n        kind: wfc.foreach\n        items: \"${input.items}\"\n"
                  "        reduce: {strategy: append, into: " + id + "}\n        step: {id: " + id +
                  "i, kind: prompt, prompt_task: " + prompt() + ", input: " +
                  Json(pick(0, 1) ? std::string("${item}") : std::string("item ${item}")).dump() + "}\n";
          break;
      }
    }
  }
};

TEST(CostBoundProperty, TheStaticBoundOfARandomPackHoldsWhatItsRunUses) {
  for (unsigned seed = 1; seed <= 12; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    RandomPack pack(seed);
    TempDir dir;
    dir.write("schemas/input.json", pack.schema);
    std::string file = dir.write("pack.yaml", pack.yaml);
    SCOPED_TRACE(pack.yaml);
    ProcessResult built = runProcess(WFC_BINARY, {"build", file, "--emit=cost"}, 60);
    ASSERT_EQ(built.exitCode, 0) << built.err;
    Json bound = Json::parse(built.out);
    std::string exe = (dir / "random-cost").string();
    ProcessResult compiled = runProcess(WFC_BINARY, {"compile", file, "-O0", "-o", exe}, 180);
    ASSERT_EQ(compiled.exitCode, 0) << compiled.err;

    LlmServerProcess server({{"replies", Json::array({{{"match", Json::object()},
                                                        {"reply", {{"content", pack.replyText}, {"usage", "measured"}}}}})}});
    ProcessResult r = runProcess("/usr/bin/env", {"-u", "OPENAI_API_KEY", "-u", "WFC_MODEL", exe, "--llm-base-url",
                                                  server.baseUrl(), "--model", "m", "--quiet", "--input-json",
                                                  pack.input.dump()},
                                 60);
    ASSERT_EQ(r.exitCode, 0) << r.describe() << "\n" << r.err;
    double in = 0, out = 0;
    for (const Json &request : server.requests()) {
      ASSERT_TRUE(request.contains("usage")) << request;
      in += request["usage"]["prompt_tokens"].get<double>();
      out += request["usage"]["completion_tokens"].get<double>();
    }
    EXPECT_GE(evaluateBound(bound["total"]["calls"], pack.input), double(server.requests().size())) << bound.dump(2);
    EXPECT_GE(evaluateBound(bound["total"]["input_tokens"], pack.input), in) << bound.dump(2) << "\n" << pack.input;
    EXPECT_GE(evaluateBound(bound["total"]["output_tokens"], pack.input), out) << bound.dump(2);
  }
}

}  // namespace
}  // namespace wfc::test
