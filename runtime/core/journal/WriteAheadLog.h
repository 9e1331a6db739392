// What SQLite would not say about a journal's write-ahead log (FILE-wal): that it is damaged.
//
// After a kill -9, a run's progress may live only in the log until the next checkpoint. SQLite
// reads a log up to its first frame that fails its checksum and silently ignores the rest, so one
// flipped bit would make every later step vanish — a resume would then run them again, or not
// find the run at all. This reads the log as SQLite's WAL format defines it (a 32-byte header,
// then frames of a 24-byte header and a page, with cumulative checksums and the header's salts)
// and reports a log whose valid part stops before a committed transaction of the current
// generation: that cannot be a write cut short by a kill or a full disk (those only ever leave
// uncommitted frames past the end), only damage.
// docs/journal.md "Damaged or missing -wal".
#pragma once

#include <optional>
#include <string>

namespace wfc::journal {

// A description of the damage ("frame 12 of 40 fails its checksum"), or nothing when the log is
// whole, empty or absent. Reads the whole file: call it only while no other process writes it.
std::optional<std::string> damageInLog(const std::string &walPath);

}  // namespace wfc::journal
