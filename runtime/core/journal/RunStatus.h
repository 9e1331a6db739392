// How a run ended, or that it has not (docs/journal.md): what the journal records for each run and
// each registry sequence run, and what --runs, the trace's run_end, --report, the serve API and
// the metrics say of it.
#pragma once

#include <optional>
#include <string_view>

namespace wfc::journal {

enum class RunStatus { Running, Succeeded, Failed, Suspended, Cancelled };

// "running", "succeeded", "failed", "suspended", "cancelled".
const char *spell(RunStatus status);
// The status `text` spells; nullopt for anything else.
std::optional<RunStatus> parseRunStatus(std::string_view text);

// How a batch ended, or that it has not (docs/batch.md).
enum class BatchStatus { Running, Finished, Cancelled, Failed };

// "running", "finished", "cancelled", "failed".
const char *spell(BatchStatus status);
std::optional<BatchStatus> parseBatchStatus(std::string_view text);

// A status in a JSON value is its spelling ("succeeded"), as in the journal and the trace, never
// its number: nlohmann::json finds these by argument-dependent lookup.
template <typename BasicJson>
void to_json(BasicJson &json, RunStatus status) {
  json = spell(status);
}
template <typename BasicJson>
void to_json(BasicJson &json, BatchStatus status) {
  json = spell(status);
}

}  // namespace wfc::journal
