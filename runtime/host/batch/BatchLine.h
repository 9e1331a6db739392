// One line of a batch (docs/batch.md "Output"): the input it holds — or why it holds none — and
// the result line written for it.
//
//   {"line":0,"status":"succeeded","output":…}
//   {"line":3,"status":"failed","error":{"code":2,"message":"the line is not valid JSON: …"}}
//
// `line` is the line's 0-based index in the input (the index --shard takes); `status` is
// succeeded, failed or suspended (a workflow run waiting at an external state, with --journal);
// `error.code` is the exit code a run of that input alone would have had. A run that failed with
// an output still (a tool composition's result object) has its `output` beside its `error`.
#pragma once

#include "host/batch/InputLines.h"
#include "core/journal/RunStatus.h"
#include "wfc/value.h"

#include <cstdint>
#include <optional>
#include <string>

namespace wfc::batch {

// The input of a line: a JSON object. Throws wfc::Error(Usage) saying why the line is none: too
// long, nested too deep, not JSON, not an object.
Value lineInput(const InputLine &line);

// How a line ended.
struct LineResult {
  journal::RunStatus status = journal::RunStatus::Succeeded;  // succeeded, failed, suspended
  int code = 0;                      // the exit code of a run of its input alone
  std::string error;
  std::optional<Value> output;
};

// The result line of line `line` (no newline).
std::string resultLine(uint64_t line, const LineResult &result);

// A line's status as a run's ends: its exit code (0 succeeded, 4 suspended, else failed).
journal::RunStatus lineStatus(int code);

}  // namespace wfc::batch
