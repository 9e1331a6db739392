// A prompt's validators (guardrails), run as PromptKit runs them (docs/promptkit.md
// "Validators"): input validators on the user's message before a turn's first exchange, output
// validators on every reply of the prompt — each round of a tool loop included. A triggered
// validator always enforces (PromptKit ignores fail_on_violation, RFC 0015): an input is
// answered with the validator's message without calling the model; a reply is truncated (a
// length bound) or replaced by the message, its tool calls dropped, so the loop ends there. A
// validator that cannot score (a judge that does not answer) fails closed. Each verdict is a
// `validation` trace line and a report entry.
#pragma once

#include "core/conversation/LlmStep.h"
#include "core/llm/Provider.h"

#include <optional>
#include <string>

namespace wfc::llm {

// PromptKit's DefaultBlockedMessage.
inline constexpr const char *kBlockedMessage =
    "Sorry, we can't provide this response as it would violate our content policy.";

// The reply to give instead of calling the model, when an input validator triggers on `message`.
std::optional<std::string> checkInput(const StepAttempt &a, const PromptDecl &prompt, const std::string &message,
                                      unsigned round);

// Enforces the output validators on `reply` in place.
void enforceOutput(const StepAttempt &a, const PromptDecl &prompt, Reply &reply, unsigned round);

// The output validators that can judge a reply before it is whole (docs/streaming.md): banned
// words (content_excludes) and a length bound (max_length). Once one triggers on the text
// streamed so far, no more text can untrigger it: the stream stops there, as PromptKit's
// streaming guardrails stop it, and enforceOutput settles the reply. Nothing is recorded here.
bool hasMidStreamValidators(const StepAttempt &a, const PromptDecl &prompt);
bool triggersMidStream(const StepAttempt &a, const PromptDecl &prompt, const std::string &textSoFar);

}  // namespace wfc::llm
