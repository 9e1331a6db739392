#include "host/session/Resume.h"

#include "core/cost/JournaledSpend.h"

#include "common/JsonReader.h"
#include "common/StepVersions.h"
#include "core/journal/RunOwner.h"
#include "core/journal/RunStore.h"
#include "core/trace/Trace.h"
#include "core/workflow/Suspension.h"
#include "host/session/RunSetup.h"
#include "wfc/error.h"

#include <fmt/chrono.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <ctime>
#include <ostream>

namespace wfc::journal {
namespace {

using Json = nlohmann::ordered_json;

}  // namespace

std::string iso8601(int64_t ms) {
  std::time_t seconds = std::time_t(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  return fmt::format("{:%Y-%m-%dT%H:%M:%S}.{:03}Z", utc, int(ms % 1000));
}

namespace {

std::string quotedList(const Json &events) {
  std::string out;
  for (size_t i = 0; i < events.size(); ++i)
    out += (i == 0 ? "" : i + 1 == events.size() ? " or " : ", ") + std::string("'") +
           events[i].get<std::string>() + "'";
  return out;
}

}  // namespace

std::unique_ptr<RunJournal> startRun(JournalFile &file, const std::optional<RunRow> &resumed,
                                     const ProgramIdentity &identity, const Value &input, CancellationToken run) {
  std::string owner = thisProcessOwner();
  if (!resumed) {
    std::mt19937_64 random(std::random_device{}());
    std::string id = randomHex(random, 16);
    int64_t seq = file.runs().create(id, identity, input.dump(), nowMs(), owner);
    return std::make_unique<RunJournal>(file, seq, id, identity, std::nullopt, 0, std::move(run));
  }
  if (std::optional<std::string> busy = file.runs().reopen(resumed->seq, owner, ownerAlive))
    throw Error(ErrorKind::Usage, "run '" + resumed->id + "' is running in process " +
                                      busy->substr(0, busy->find(':')) + "; resume it once that process ends");
  // A run of another version of the program that whyNotResumable() let through: from now on
  // this program's (its later resumes compare against this program's step table).
  if (!difference(resumed->identity, identity).empty()) file.runs().adopt(resumed->seq, identity);
  uint64_t calls = uint64_t(file.runs().toolCallCount(resumed->seq));
  return std::make_unique<RunJournal>(file, resumed->seq, resumed->id, identity, file.runs().history(resumed->seq), calls,
                                      std::move(run));
}

std::string whyNotResumable(JournalFile &file, const RunRow &run, const ProgramIdentity &self, const std::string &pack,
                            const std::vector<std::string> *paths) {
  std::string differs = difference(run.identity, self);
  if (differs.empty()) return "";
  // Another version of the program: it goes on when every step it reached is unchanged.
  if (run.identity.pack != self.pack || !self.stepTable) return differs;
  std::optional<std::string> text = file.runs().stepTable(run.identity.program);
  std::optional<versions::StepTable> old = text ? versions::parseStepTable(*text, "") : std::nullopt;
  if (!old)
    return differs + "; and the journal has no step table of the program that wrote it (it was written before "
                     "journals kept them), so only that program can resume it";
  std::optional<versions::StepTable> next = versions::parseStepTable(self.stepTable, pack);
  if (!next) return differs;
  std::vector<versions::Blocker> blockers =
      versions::blockers(*old, run.identity.bindings, *next, &self.bindings, paths ? *paths : file.runs().recordedPaths(run.seq));
  if (blockers.empty()) return "";
  return differs + "; and " +
         std::string(blockers.size() == 1 ? "a step it reached differs in this program: "
                                          : "steps it reached differ in this program: ") +
         versions::describe(blockers);
}

RunRow existingRun(JournalFile &file, const std::string &id) {
  std::optional<RunRow> run = file.runs().find(id);
  if (!run) {
    std::vector<RunRow> all = file.runs().all();
    std::string hint = all.empty() ? " (it has none)" : "; --runs lists its runs";
    throw Error(ErrorKind::Usage, "journal '" + file.path() + "' has no run '" + id + "'" + hint);
  }
  return *run;
}

RunRow resumableRun(JournalFile &file, const std::string &id, const ProgramIdentity &self, const ProgramDecl &program,
                    bool finishedIsDone) {
  std::optional<RunRow> run = existingRun(file, id);
  if (run->status == RunStatus::Succeeded && finishedIsDone) return *run;  // not run again: its output is printed
  std::string why = whyNotResumable(file, *run, self, program.source);
  if (!why.empty())
    throw Error(ErrorKind::Usage, "run '" + id + "' of journal '" + file.path() + "' was written by a different program: " +
                                      why + "; resume it with the executable that started it (wfc compat says which "
                                            "runs a new version resumes: docs/journal.md \"Versions\")");
  if (!difference(run->identity, self).empty()) {
    try {
      checkRunInput(program, Value::parse(run->input));
    } catch (const Error &e) {
      throw Error(ErrorKind::Usage, "run '" + id + "' of journal '" + file.path() +
                                        "' cannot go on under this version of the program: its input does not fit the "
                                        "new input schema: " + e.what());
    }
  }
  return *run;
}

workflow::ExternalEvent resumeEvent(const RunRow &run, const std::string &event,
                                    const std::optional<std::string> &context) {
  if (run.status != RunStatus::Suspended || !run.awaiting)
    throw Error(ErrorKind::Usage, "run '" + run.id + "' is not waiting for an event (it is " + spell(run.status) +
                                      "); give --event only to resume a suspended run");
  // Written by awaiting() below; anything else is a journal damaged or edited by hand.
  Json awaited = readJsonOrDiscarded(*run.awaiting);
  auto isString = [](const Json &j) { return j.is_string(); };
  if (!awaited.is_object() || !awaited.contains("state") || !awaited["state"].is_string() ||
      !awaited.contains("events") || !awaited["events"].is_array() ||
      !std::all_of(awaited["events"].begin(), awaited["events"].end(), isString))
    throw Error(ErrorKind::Usage, "run '" + run.id + "' of the journal is damaged: what it awaits is not " +
                                      "{\"state\", \"visit\", \"events\"}; it cannot be resumed");
  const Json &events = awaited["events"];
  if (std::find(events.begin(), events.end(), event) == events.end())
    throw Error(ErrorKind::Usage, "run '" + run.id + "' is waiting at external state '" +
                                      awaited["state"].get<std::string>() + "' for " + quotedList(events) +
                                      ", not '" + event + "'");
  workflow::ExternalEvent out;
  out.event = event;
  if (context) {
    try {
      out.context = Value::parse(*context);
    } catch (const Error &e) {
      throw Error(ErrorKind::Usage, std::string("--event-context must be JSON: ") + e.what());
    }
  }
  return out;
}

std::string awaiting(const workflow::Suspension &suspension) {
  Json events = Json::array();
  for (const std::string &e : suspension.events()) events.push_back(e);
  return Json{{"state", suspension.state()}, {"visit", suspension.visit()}, {"events", events}}.dump();
}

nlohmann::ordered_json storedJson(const std::string &text) {
  Json parsed = readJsonOrDiscarded(text);
  return parsed.is_discarded() ? Json(text) : parsed;
}

void printRuns(JournalFile &file, std::ostream &out) {
  for (const RunRow &r : file.runs().all()) {
    Json line = {{"id", r.id},
                 {"status", spell(r.status)},
                 {"started", iso8601(r.startedMs)},
                 {"finished", r.finishedMs ? Json(iso8601(*r.finishedMs)) : Json()},
                 {"exit_code", r.exitCode ? Json(*r.exitCode) : Json()},
                 {"awaiting", r.awaiting ? storedJson(*r.awaiting) : Json()}};
    if (!r.error.empty()) line["error"] = r.error;
    line["spend"] = cost::spendReport(file.runs().spend(r.seq));
    // A journal edited by hand may hold text that is not UTF-8: shown with U+FFFD in its place.
    out << line.dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
  }
}

}  // namespace wfc::journal
