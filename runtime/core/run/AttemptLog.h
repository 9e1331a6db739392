// What one attempt of a step (a chat turn) did that its evals read (docs/evals.md): its tool
// calls, in the order the model made them, its validators' verdicts, its conversation and the
// variables of its prompt. Every call the model made is kept — with its arguments, and its result or why it failed — and `names()` gives the successful
// ones, once per call, which tools_called, tools_not_called and `when` count. An agent's calls of
// one round complete on several threads.
#pragma once

#include "wfc/value.h"

#include <mutex>
#include <string>
#include <vector>

namespace wfc::evals {

struct ToolCallRecord {
  std::string name;    // the pack's tool name ("kb.search"), or what the model called when it is none
  Value args;          // the arguments (null when they were not JSON)
  std::string result;  // what the tool returned, as the model read it ("" when it failed)
  std::string error;   // why the call failed, was refused or not run; "" when it succeeded
  bool ok() const { return error.empty(); }
};

// A message of the conversation the attempt had (a chat turn's: the whole conversation so far), as
// the judge, RAG and external eval types read it: its role ("system", "user", "assistant",
// "tool") and its text.
struct TranscriptMessage {
  std::string role;
  std::string text;
};

// A validator's verdict on a message of the attempt: what guardrail_triggered asks about.
struct GuardrailVerdict {
  std::string validator;  // its id
  std::string type;       // its eval type ("banned_words" as "content_excludes")
  std::string direction;  // "input" or "output": the message it looked at
  bool triggered = false;
};

class AttemptLog {
 public:
  void add(ToolCallRecord call) {
    std::lock_guard lock(mutex_);
    calls_.push_back(std::move(call));
  }
  // A successful call whose result no eval reads (a code step's).
  void add(std::string name) { add(ToolCallRecord{std::move(name), Value(), "", ""}); }
  std::vector<std::string> names() const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const ToolCallRecord &c : calls_)
      if (c.ok()) out.push_back(c.name);
    return out;
  }
  std::vector<ToolCallRecord> calls() const {
    std::lock_guard lock(mutex_);
    return calls_;
  }
  void add(GuardrailVerdict verdict) {
    std::lock_guard lock(mutex_);
    verdicts_.push_back(std::move(verdict));
  }
  std::vector<GuardrailVerdict> verdicts() const {
    std::lock_guard lock(mutex_);
    return verdicts_;
  }
  // The conversation as the attempt ended it, and the variables its prompt was rendered with.
  void setConversation(std::vector<TranscriptMessage> transcript) {
    std::lock_guard lock(mutex_);
    transcript_ = std::move(transcript);
  }
  void setVariables(Value variables) {
    std::lock_guard lock(mutex_);
    variables_ = std::move(variables);
  }
  std::vector<TranscriptMessage> transcript() const {
    std::lock_guard lock(mutex_);
    return transcript_;
  }
  Value variables() const {
    std::lock_guard lock(mutex_);
    return variables_;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<ToolCallRecord> calls_;
  std::vector<GuardrailVerdict> verdicts_;
  std::vector<TranscriptMessage> transcript_;
  Value variables_;
};

}  // namespace wfc::evals
