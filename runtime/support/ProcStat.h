// A process's /proc/PID/stat (proc(5)), read in one place: the journal's owners and writers
// (core/journal/RunOwner, OpenWriters) and the environment wiping (support/ForgetEnvironment).
//
// Reading it is not free: for a process with thousands of threads (--serve holds one per
// connection) the kernel sums every thread's CPU time to answer, so a process reads its own once
// (thisProcessStart) rather than once per run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wfc {

struct ProcStat {
  char state = '?';          // field 3: R, S, D, Z (zombie), X (dead), …
  int64_t startTime = 0;     // field 22: clock ticks after boot; with the pid, names a process
  uint64_t envStart = 0;     // field 50: the initial environment block (Linux 3.5 and later)
  uint64_t envEnd = 0;       // field 51

  // Whether the process can still do anything: not exited (a zombie awaiting its parent's wait
  // runs nothing).
  bool live() const { return state != 'Z' && state != 'X'; }
};

// Nothing when the process does not exist (or the file cannot be parsed).
std::optional<ProcStat> readProcStat(int64_t pid);

// Whether process `pid` is live and is the one that started at `startTime` (not a later process
// that reuses the pid).
bool processRunning(int64_t pid, int64_t startTime);

// This process's start time, read once per process (again after a fork).
int64_t thisProcessStart();

}  // namespace wfc
