// When evals run (docs/evals.md): PromptPack's triggers, and the two kinds that matter to the
// runtime — those that run after every prompt and agent step by themselves, and those that
// sample.
#pragma once

#include <string>
#include <vector>

namespace wfc::ir {

// PromptPack's conventional triggers (its evals guide; the field is open, wfc accepts these).
const std::vector<std::string> &evalTriggers();
// every_turn, sample_turns: run after every prompt and agent step they apply to, unnamed.
bool runsOnEveryTurn(const std::string &trigger);
// on_session_complete, on_conversation_complete, sample_sessions: run once when a chat
// executable's conversation ends (docs/promptkit.md "Chat executables").
bool runsAtSessionEnd(const std::string &trigger);
// sample_turns, sample_sessions: run on a share of the steps.
bool isSamplingTrigger(const std::string &trigger);

}  // namespace wfc::ir
