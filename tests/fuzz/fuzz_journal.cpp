// The journal reader (docs/journal.md): a journal whose rows hold what a damaged, hand-edited or
// half-written file might. Each input is SQL run against a fresh, empty journal — statements
// that change rows only (INSERT, UPDATE, DELETE, REPLACE), as an authorizer enforces: no schema
// change, no PRAGMA, no ATTACH — then the journal is opened as an executable opens it and read
// as --runs, --resume (the run's identity and history, the event it awaits), wfc.cache, a
// workflow registry and a batch's resume read it. SQLite's own file format is SQLite's to fuzz;
// this target fuzzes what wfc makes of the values in it.
//
// Invariants checked besides crashes: only wfc::Error is thrown; --runs prints one JSON object
// per line, one line per run.
#include "FuzzTarget.h"
#include "core/journal/BatchStore.h"
#include "core/journal/RegistryStore.h"
#include "core/journal/RunStore.h"
#include "core/journal/TimelineStore.h"

#include "core/journal/JournalFile.h"
#include "core/journal/ProgramIdentity.h"
#include "host/session/Resume.h"
#include "wfc/error.h"
#include "wfc/program.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>

namespace {

using wfc::fuzz::fail;

// One directory for the process's journal, removed at exit.
struct JournalDirectory {
  std::string dir, path;
  std::string empty;  // the bytes of a fresh journal, checkpointed: every input starts from them
  JournalDirectory() {
    const char *base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/wfc-fuzz-journal-XXXXXX";
    if (!::mkdtemp(pattern.data())) fail(std::string("mkdtemp: ") + std::strerror(errno));
    dir = pattern;
    path = dir + "/journal.db";
    { wfc::journal::JournalFile fresh(path, wfc::journal::SyncMode::Normal); }
    std::ifstream in(path, std::ios::binary);
    empty.assign(std::istreambuf_iterator<char>(in), {});
    if (empty.empty()) fail("the fresh journal is empty");
  }
  ~JournalDirectory() {
    for (const char *suffix : {"", "-wal", "-shm"}) ::unlink((path + suffix).c_str());
    ::rmdir(dir.c_str());
  }
  void reset() const {
    for (const char *suffix : {"-wal", "-shm"}) ::unlink((path + suffix).c_str());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(empty.data(), static_cast<std::streamsize>(empty.size()));
    if (!out) fail("cannot write the journal");
  }
};

// Rows change; nothing else does.
int onlyRows(void *, int action, const char *, const char *, const char *, const char *) {
  switch (action) {
    case SQLITE_INSERT:
    case SQLITE_UPDATE:
    case SQLITE_DELETE:
    case SQLITE_READ:
    case SQLITE_SELECT:
    case SQLITE_FUNCTION:
    case SQLITE_RECURSIVE:
      return SQLITE_OK;
    default:
      return SQLITE_DENY;
  }
}

// At most this many virtual-machine steps per input: a recursive query ends.
int tooLong(void *counter) { return ++*static_cast<int *>(counter) > 200; }

void writeRows(const std::string &path, const std::string &sql) {
  sqlite3 *db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) fail("cannot open the journal");
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1 << 20);
  sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 1 << 16);
  sqlite3_set_authorizer(db, onlyRows, nullptr);
  int steps = 0;
  sqlite3_progress_handler(db, 1000, tooLong, &steps);
  sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);  // whatever runs, runs
  sqlite3_close_v2(db);
}

bool isAlive(const std::string &) { return false; }

// The program a resume checks against: one composition taking any input, and a step table, so
// that a run of "another program" goes through the versions rule (docs/journal.md "Versions").
const wfc::CompositionDecl kFuzzCompositions[] = {{.name = "main"}};
const wfc::ProgramDecl kFuzzProgram = {.name = "fuzz-pack", .compositions = kFuzzCompositions,
                                       .stepTable = "{\"s\": {\"hash\": \"0\", \"tools\": [\"t\"]}}"};

void readEverything(wfc::journal::JournalFile &file) {
  using namespace wfc::journal;
  file.claimPack("fuzz-pack");
  std::ostringstream listed;
  printRuns(file, listed);
  std::vector<RunRow> runs = file.runs().all();
  std::istringstream lines(listed.str());
  size_t count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) fail("--runs printed a line that is not a JSON object: " + line);
  }
  if (count != runs.size()) fail("--runs printed " + std::to_string(count) + " lines for " + std::to_string(runs.size()) + " runs");
  file.runs().countByStatus();
  file.runs().recent(std::nullopt, 5, std::nullopt);
  for (const RunRow &run : runs) {
    file.runs().find(run.id);
    file.runs().history(run.seq);
    file.timelines().of(run.seq);
    file.runs().toolCallCount(run.seq);
    ProgramIdentity self = run.identity;
    try {
      resumableRun(file, run.id, self, kFuzzProgram);
    } catch (const wfc::Error &) {
    }
    self.program += "-other";
    self.stepTable = kFuzzProgram.stepTable;
    try {
      resumableRun(file, run.id, self, kFuzzProgram);
    } catch (const wfc::Error &) {
    }
    file.runs().chatOwner(run.seq);
    try {
      resumeEvent(run, "approve", std::string("{\"ok\": true}"));
    } catch (const wfc::Error &) {
    }
    file.registry().memberRun(run.id);
    try {
      file.runs().reopen(run.seq, "fuzz-owner", isAlive);
    } catch (const wfc::Error &) {
    }
  }
  file.runs().findCached("key");
  for (const SequenceRunRow &sequence : file.registry().sequenceRuns()) {
    file.registry().findSequenceRun(sequence.id);
    file.registry().memberRuns(sequence.id, sequence.position);
  }
  file.registry().completedRun("w", "s", std::nullopt);
  if (std::optional<BatchRow> batch = file.batches().find("batch-1")) {
    file.batches().lines(batch->id, 0, 100);
    file.batches().finishedLines(batch->id);
    try {
      file.batches().reopen(batch->id, "fuzz-owner", isAlive);
    } catch (const wfc::Error &) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const JournalDirectory journal;
  journal.reset();
  writeRows(journal.path, std::string(wfc::fuzz::asText(data, size)));
  try {
    wfc::journal::JournalFile file(journal.path, wfc::journal::SyncMode::Normal);
    readEverything(file);
  } catch (const wfc::Error &) {
    // A journal refused or a record that cannot be read: said, as a run would say it.
  }
  return 0;
}
