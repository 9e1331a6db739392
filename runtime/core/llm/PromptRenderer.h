// Renders a prompt's system template (docs/llm.md "Prompt steps"). The template was split into literal
// text and lookups by the compiler, so rendering is concatenation: no parsing at run time.
//
// Variables: each declared variable's default, overridden by the keys of an object input (a
// string input, or none, binds nothing). A lookup that finds no value fails the step naming the
// variable and what would have supplied it. {{workflow_context}} and {{artifacts.NAME}} read the
// workflow; unset, they render as nothing.
#pragma once

#include "core/llm/Provider.h"
#include "wfc/program.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace wfc::llm {

// The prompt's model_overrides entry for requests that name `model` (docs/promptkit.md "Model
// overrides": the name matches exactly, as in PromptKit), or null.
const ModelOverrideDecl *modelOverride(const PromptDecl &prompt, std::string_view model);

// `workflow` is the run's {"context", "artifacts"} when the program runs a workflow (for
// {{workflow_context}} and {{artifacts.NAME}}), else null. With `override`: its prefix, its own
// template in place of the prompt's when it has one, its suffix.
std::string renderSystemTemplate(const PromptDecl &prompt, const Value &input, const Value *workflow = nullptr,
                                 const ModelOverrideDecl *override = nullptr);

// The prompt cache of the requests a conversation of `prompt` sends (docs/cost.md "Prompt
// caching"): off unless `key` (the step's compiled-in promptCacheKey) is set; the static part of
// the system text is the literal text before the template's first lookup — with `override`, before
// its prefix's, the template's or its suffix's first. `conversation`: later requests send the
// conversation of earlier ones again (an agent, a chat, a workflow state).
PromptCache promptCache(const char *key, const PromptDecl &prompt, const ModelOverrideDecl *override, bool conversation);

// A user's message with each exact `{{name}}` of a variable that has a value (the input's key,
// else the declared default; a string as it is, anything else as JSON) replaced by it, and any
// other placeholder left as written: what PromptKit does to every message of a conversation
// (docs/promptkit.md "The request"). A message without "{{" comes back as it is.
std::string substituteMessageVariables(const PromptDecl &prompt, const std::string &message, const Value &input);

// The request parameters of the prompt (temperature, max_tokens, …), with `override`'s merged over
// them key by key.
nlohmann::ordered_json promptParameters(const PromptDecl &prompt, const ModelOverrideDecl *override);

}  // namespace wfc::llm
