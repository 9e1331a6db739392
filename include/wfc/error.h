// wfc::Error — a run-time failure with the exit code docs/executable.md assigns to it.
#pragma once

#include "wfc/value.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace wfc {

enum class ErrorKind {
  StepFailed,   // exit 1: a step error after retries, a bad tool result, a replay miss …
  InvalidJson,  // exit 1: malformed JSON where JSON was required (a tool's stdout …)
  Usage,        // exit 2: bad flags, input failing input_schema, bad bindings file
  Exhausted,    // exit 3: a timeout, budget, max_steps, max_iterations or max_visits
  Cancelled,    // exit 130/143: stopped by a signal (the runner knows which)
  // exit 0: an AWL `stop` action with exit code 0 ended the run (docs/awl.md "Actions"); the
  // composition's variables are its output. Never handled by wfc.on_error or retried.
  Stopped,
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string &message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }
  int exitCode() const {
    switch (kind_) {
      case ErrorKind::StepFailed:
      case ErrorKind::InvalidJson: return 1;
      case ErrorKind::Usage: return 2;
      case ErrorKind::Exhausted: return 3;
      case ErrorKind::Cancelled: return 130;
      case ErrorKind::Stopped: return 0;
    }
    return 1;
  }

 private:
  ErrorKind kind_;
};

// A failed run that still has an output to show: a tool composition's result object says which
// steps succeeded, which failed and what was rolled back (docs/tool-composition.md), so the
// executable prints it even though the run failed, and an MCP or HTTP caller receives it beside
// the error.
class FailureWithOutput : public Error {
 public:
  FailureWithOutput(ErrorKind kind, const std::string &message, Value output)
      : Error(kind, message), output_(std::move(output)) {}
  const Value &output() const { return output_; }

 private:
  Value output_;
};

}  // namespace wfc
