// A PromptPack prompt's request as PromptKit's providers put it on the wire (docs/promptkit.md
// "The request"): the body wfc builds for any prompt, then what PromptKit's OpenAI provider does
// differently (runtime/providers/openai in PromptKit's source). Its Anthropic provider sends what
// wfc sends for any prompt once the compiler has left only max_tokens and temperature in the
// prompt's parameters.
#pragma once

#include "core/llm/Provider.h"

#include <string_view>

namespace wfc::llm {

// OpenAI's o-series reasoning models (o1, o3, o4-mini, …), which take no temperature or top_p:
// PromptKit's test is a model name of 'o' and a digit.
bool isOSeriesModel(std::string_view model);

// A tool's parameters in OpenAI's strict mode as PromptKit makes them (ensureStrictSchema):
// every object with properties closed (additionalProperties false) and all its properties
// required, in name order; an object without properties given none; into properties and items.
Json strictToolSchema(const Json &schema);

// Rewrites a chat completions body built by toOpenAiBody as PromptKit's OpenAI provider builds
// it: the token limit as max_completion_tokens, top_p 1 (neither temperature nor top_p for an
// o-series model), strict tools, tool results named after their tool, no tool_choice "auto".
void applyPromptKitOpenAi(Json &body, const Request &request);

}  // namespace wfc::llm
