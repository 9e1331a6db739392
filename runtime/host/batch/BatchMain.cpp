#include "host/batch/BatchMain.h"

#include "core/journal/BatchStore.h"
#include "core/journal/JournalFile.h"
#include "core/journal/RunOwner.h"
#include "core/journal/RunStore.h"
#include "core/trace/Trace.h"
#include "host/batch/BatchRunner.h"
#include "host/batch/InputLines.h"
#include "host/chat/ChatMain.h"
#include "host/session/ExecuteRun.h"
#include "host/session/RunSession.h"
#include "host/session/RunSetup.h"
#include "wfc/error.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <random>

namespace wfc::batch {
namespace {

// Where the results go: --output-jsonl FILE, or standard output.
class OutputFile {
 public:
  // Refuses (wfc::Error(Usage)) the input file itself, before truncating anything.
  OutputFile(const std::string &path, int inputFd) : path_(path) {
    if (path == "-") return;
    struct stat out, in;
    if (::stat(path.c_str(), &out) == 0 && ::fstat(inputFd, &in) == 0 && out.st_dev == in.st_dev &&
        out.st_ino == in.st_ino)
      throw Error(ErrorKind::Usage, "--output-jsonl '" + path + "' is the input file: give the results a file of their own");
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) throw Error(ErrorKind::Usage, "cannot write output file '" + path + "': " + std::strerror(errno));
  }
  ~OutputFile() {
    if (fd_ > 1) ::close(fd_);
  }
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;

  bool write(const std::string &text) {
    for (size_t done = 0; done < text.size();) {
      ssize_t put = ::write(fd_, text.data() + done, text.size() - done);
      if (put < 0 && errno == EINTR) continue;
      if (put < 0) {
        error_ = std::strerror(errno);
        return false;
      }
      done += size_t(put);
    }
    return true;
  }
  // "cannot write the output (file 'out.jsonl'): No space left on device"
  std::string failure() const {
    return "cannot write the output" + (path_ == "-" ? std::string() : " (file '" + path_ + "')") + ": " + error_;
  }

 private:
  std::string path_;
  int fd_ = 1;
  std::string error_;
};

std::string newBatchId() {
  std::mt19937_64 random(std::random_device{}());
  return randomHex(random, 16);
}

std::string absolutePath(const std::string &path) {
  if (path == "-") return path;
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(path, ec);
  return ec ? path : p.lexically_normal().string();
}

// Whether `fd` can be read twice (rewound): a regular file can, a pipe cannot.
bool rewindable(int fd) { return fd != 0 && ::lseek(fd, 0, SEEK_CUR) >= 0; }

void rewind(int fd, const std::string &name) {
  if (::lseek(fd, 0, SEEK_SET) < 0)
    throw Error(ErrorKind::Usage, "cannot read " + name + " again: " + std::strerror(errno));
}

std::string shardText(const std::optional<CommandLine::Shard> &shard) {
  return shard ? std::to_string(shard->index) + "/" + std::to_string(shard->count) : "none";
}

}  // namespace

bool isBatch(const CommandLine &cl) {
  if (cl.inputJsonl) return true;
  const std::optional<std::string> &id = cl.resume ? cl.resume : cl.redrive;
  if (!id || !cl.journal) return false;
  std::error_code ec;
  if (!std::filesystem::exists(*cl.journal, ec)) return false;
  try {
    journal::JournalFile file(*cl.journal, journal::SyncMode::Normal);
    return file.batches().find(*id).has_value();
  } catch (const std::exception &) {
    return false;  // the run's own path says what is wrong with the journal
  }
}

std::optional<std::string> usageProblem(const CommandLine &cl) {
  if (cl.resume && !cl.journal) return "--resume continues a batch recorded in a journal: give --journal FILE too";
  if (cl.batchId && !cl.journal) return "--batch-id names a batch recorded in a journal: give --journal FILE too";
  if (cl.batchId && cl.resume)
    return "--batch-id ID starts batch ID or continues it, --resume ID continues it: give one of them";
  if (cl.journalSyncGiven && !cl.journal)
    return "--journal-sync says how the journal is written: give --journal FILE too";
  return std::nullopt;
}

int runBatch(const CommandLine &cl, const ProgramDecl &program) {
  // What every run shares, set up once (host/session/RunSession.h): the journal, where the batch's
  // lines are recorded, each line's run too; tools, the LLM and its rate limits, trace, events.
  RunSession session(cl);
  session.openJournal(program.name, JournalUse::IfGiven, cl.resume.has_value() || cl.redrive.has_value());
  journal::JournalFile *journalFile = session.journal();
  const ChatTaskDecl *task = nullptr;
  try {
    if (chat::isChatProgram(program)) task = &chooseTask(cl, program);
  } catch (const Error &e) {
    return failRun(cl, 2, e.what());
  }
  session.loadEvents();
  session.loadTools(program);
  const journal::ProgramIdentity &identity = session.identity();
  RunSession::Connection connection(program.name, program.version);
  connection.limiter = std::make_shared<llm::RateLimiter>(cl.rpm.value_or(0), cl.tpm.value_or(0));
  session.connect(program, std::move(connection));
  RunInputCheck inputCheck(program);

  // The batch: a new one, or the journal's, with the input it read. --batch-id ID continues the
  // journal's batch ID when there is one (as --resume ID), else starts it under that id.
  const bool bar = !cl.quiet && ::isatty(STDERR_FILENO);
  std::optional<std::string> resumeId = cl.resume ? cl.resume : cl.redrive;
  std::string batchId;
  std::optional<CommandLine::Shard> shard = cl.shard;
  int64_t finishedBefore = 0;
  std::optional<uint64_t> total;
  std::string inputPath;
  int inputFd = -1;
  std::unique_ptr<OutputFile> output;
  try {
    std::optional<journal::BatchRow> row;
    if (cl.batchId) {
      if (journalFile->batches().find(*cl.batchId)) resumeId = cl.batchId;
      else if (journalFile->runs().find(*cl.batchId))
        throw Error(ErrorKind::Usage, "--batch-id '" + *cl.batchId + "' is the id of a run of journal '" + *cl.journal +
                                          "'; give the batch an id of its own");
    }
    if (resumeId) {
      row = journalFile->batches().find(*resumeId);
      if (!row) {
        if (journalFile->runs().find(*resumeId))
          throw Error(ErrorKind::Usage, "'" + *resumeId + "' is a run of journal '" + *cl.journal +
                                            "', not a batch: resume it without --input-jsonl");
        throw Error(ErrorKind::Usage, "journal '" + *cl.journal + "' has no batch '" + *resumeId + "'");
      }
      std::string differs = journal::difference(row->identity, identity);
      if (!differs.empty())
        throw Error(ErrorKind::Usage, "batch '" + row->id + "' of journal '" + *cl.journal +
                                          "' was run by a different program: " + differs +
                                          "; resume it with the executable that started it");
      std::optional<CommandLine::Shard> recorded;
      if (row->shardCount > 1) recorded = CommandLine::Shard{uint64_t(row->shardIndex), uint64_t(row->shardCount)};
      if (cl.shard && shardText(cl.shard) != shardText(recorded))
        throw Error(ErrorKind::Usage, "batch '" + row->id + "' runs shard " + shardText(recorded) + ", not " +
                                          shardText(cl.shard) + "; resume it without --shard");
      shard = recorded;
      if (!cl.inputJsonl && row->input == "-")
        throw Error(ErrorKind::Usage, "batch '" + row->id + "' read its lines from standard input: give them again "
                                      "with --input-jsonl - (or the file that holds them)");
      batchId = row->id;
    }
    inputPath = cl.inputJsonl ? *cl.inputJsonl : row->input;
    const std::string name = inputName(inputPath);
    inputFd = openInput(inputPath);
    if (journalFile) {
      // The journal records the input's hash before the batch starts: it is read twice.
      if (!rewindable(inputFd)) inputFd = spool(inputFd, name);
      InputDigest digest = digestInput(inputFd, name, shard);
      rewind(inputFd, name);
      total = digest.lines;
      if (row) {
        if (digest.sha256 != row->inputSha256)
          throw Error(ErrorKind::Usage, "batch '" + row->id + "' read other lines: " + name +
                                            " is not the input it started with (" + row->input +
                                            ", SHA-256 " + row->inputSha256.substr(0, 12) + "…, this one " +
                                            digest.sha256.substr(0, 12) + "…)");
        if (std::optional<std::string> busy = journalFile->batches().reopen(row->id, journal::thisProcessOwner(),
                                                                       journal::ownerAlive))
          throw Error(ErrorKind::Usage, "batch '" + row->id + "' is running in process " +
                                            busy->substr(0, busy->find(':')) + "; resume it once that process ends");
        finishedBefore = journalFile->batches().finishedLines(row->id);
      } else {
        batchId = cl.batchId.value_or(newBatchId());
        journal::BatchRow created;
        created.id = batchId;
        created.identity = identity;
        created.input = absolutePath(inputPath);
        created.inputSha256 = digest.sha256;
        created.lines = int64_t(digest.lines);
        if (shard) created.shardIndex = int64_t(shard->index), created.shardCount = int64_t(shard->count);
        created.startedMs = journal::nowMs();
        created.owner = journal::thisProcessOwner();
        journalFile->batches().create(created);
      }
    } else if (bar && rewindable(inputFd)) {
      total = countLines(inputFd, name, shard);  // for the progress bar's ETA
      rewind(inputFd, name);
    }
    output = std::make_unique<OutputFile>(cl.outputJsonl.value_or("-"), inputFd);
  } catch (const Error &e) {
    if (inputFd > 0) ::close(inputFd);
    return failRun(cl, e.exitCode() == 1 ? 2 : e.exitCode(), e.what());
  }

  const std::string label = batchId.empty() ? "batch" : "batch " + batchId;
  if (journalFile) {
    std::cerr << cl.program << ": " << label << (resumeId ? " resumed" : "") << ": " << *total << " lines"
              << (resumeId ? ", " + std::to_string(finishedBefore) + " finished before" : "")
              << "; if it stops, continue it with --journal " << *cl.journal << " --resume " << batchId << "\n";
  }

  session.catchSignals();
  const CancellationToken &stop = session.stop();
  // A reader that goes away (`| head`) is a write error — the batch stops, its runs cancelled
  // (resumable with a journal), the summary says so — not a silent death by SIGPIPE. Tools' own
  // processes start with the default disposition again (tools/ChildProcess).
  std::signal(SIGPIPE, SIG_IGN);
  const RunEnvironment env = session.environment(program);
  ReorderBuffer results([&](const std::string &lines) { return output->write(lines); });
  BatchProgress progress(bar, total);
  BatchRunner::Options options;
  options.maxRuns = cl.maxRuns.value_or(CommandLine::kBatchMaxRuns);
  options.shard = shard;
  options.task = task;
  options.events = session.takeEvents();
  options.batchId = batchId;
  options.resumed = resumeId.has_value();
  options.redrive = cl.redrive.has_value();
  BatchRunner::Result result;
  {
    BatchRunner runner(env, inputCheck, std::move(options), results, progress, stop);
    result = runner.run(inputFd, inputName(inputPath));
  }
  // Stopped early: the lines that finished are written all the same, in order, over the gaps of
  // those that did not (with a journal, a resume writes the whole output again).
  if (!result.complete) results.flushOverGaps();
  progress.stop();
  const BatchCounts counts = progress.counts();
  const int signal = session.signal();
  std::string fatal = result.fatal;
  int fatalCode = result.fatalCode;
  if (fatal.rfind("cannot write the output", 0) == 0) fatal = output->failure();

  if (journalFile) {
    using journal::BatchStatus;
    const BatchStatus status = signal            ? BatchStatus::Cancelled
                               : !fatal.empty()  ? BatchStatus::Failed
                               : result.complete ? BatchStatus::Finished
                                                 : BatchStatus::Cancelled;
    try {
      journalFile->batches().finish(batchId, status, journal::nowMs());
    } catch (const Error &e) {
      if (fatal.empty()) fatal = e.what(), fatalCode = 1;
    }
  }
  session.stopTools();  // mcp bindings' servers stop before the summary

  if (!fatal.empty()) std::cerr << cl.program << ": error: " << fatal << "\n";
  std::string summary = summaryLine(counts, std::max<uint64_t>(result.lines, total.value_or(0)), progress.seconds());
  if (signal) summary += std::string("; interrupted by ") + (signal == SIGINT ? "SIGINT" : "SIGTERM");
  if (journalFile && !result.complete)
    summary += "; continue it with --journal " + *cl.journal + " --resume " + batchId;
  std::cerr << cl.program << ": " << label << ": " << summary << "\n";
  if (signal) return 128 + signal;
  if (!fatal.empty()) return fatalCode;
  return result.complete && counts.failed == 0 && counts.suspended == 0 ? 0 : 1;
}

}  // namespace wfc::batch
