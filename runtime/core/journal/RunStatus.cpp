#include "core/journal/RunStatus.h"

namespace wfc::journal {

const char *spell(RunStatus status) {
  switch (status) {
    case RunStatus::Running: return "running";
    case RunStatus::Succeeded: return "succeeded";
    case RunStatus::Failed: return "failed";
    case RunStatus::Suspended: return "suspended";
    case RunStatus::Cancelled: return "cancelled";
  }
  return "failed";
}

std::optional<RunStatus> parseRunStatus(std::string_view text) {
  for (RunStatus s : {RunStatus::Running, RunStatus::Succeeded, RunStatus::Failed, RunStatus::Suspended,
                      RunStatus::Cancelled})
    if (text == spell(s)) return s;
  return std::nullopt;
}

const char *spell(BatchStatus status) {
  switch (status) {
    case BatchStatus::Running: return "running";
    case BatchStatus::Finished: return "finished";
    case BatchStatus::Cancelled: return "cancelled";
    case BatchStatus::Failed: return "failed";
  }
  return "failed";
}

std::optional<BatchStatus> parseBatchStatus(std::string_view text) {
  for (BatchStatus s : {BatchStatus::Running, BatchStatus::Finished, BatchStatus::Cancelled, BatchStatus::Failed})
    if (text == spell(s)) return s;
  return std::nullopt;
}

}  // namespace wfc::journal
