// A batch's input (docs/batch.md "Input"): a JSON Lines file, or standard input, read one line at
// a time — never whole, so a batch of a million documents holds a few lines in memory, not the
// file.
//
// A line is what lies between two newlines; a CR before the newline is dropped (files written on
// Windows), and so is a UTF-8 byte order mark at the very start. Lines are numbered from 0,
// counting every line, blank ones too, so a line's index is its place in the file whatever is
// skipped. A last line without a newline is a line; the newline that ends the file does not start
// another.
#pragma once

#include "host/session/CommandLine.h"
#include "support/Sha256.h"
#include "wfc/cancellation.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wfc::batch {

// A longer line is a failed line ("longer than …"), skipped without being held in memory.
inline constexpr size_t kMaxLineBytes = size_t(64) << 20;

struct InputLine {
  uint64_t index = 0;    // 0-based, every line counted
  std::string text;      // without its newline; empty when tooLong
  bool tooLong = false;  // longer than the limit
};

// Whether a line is blank (nothing but spaces and tabs): blank lines are skipped, not run.
bool isBlank(std::string_view text);

// Whether the shard takes line `index` (index ≡ I mod N; every line without --shard).
inline bool inShard(const std::optional<CommandLine::Shard> &shard, uint64_t index) {
  return !shard || index % shard->count == shard->index;
}

class InputLines {
 public:
  // Reads `fd` from where it stands; closes it at the end unless it is standard input. `name`
  // ("input file 'in.jsonl'", "standard input") is for messages. With `hash`, every byte read
  // goes into a SHA-256 (sha256() once the end is reached).
  InputLines(int fd, std::string name, bool hash = false, size_t maxLineBytes = kMaxLineBytes);
  // Ends the input early once `stop` is cancelled, even while a read waits for a pipe's writer.
  void stopWith(CancellationToken stop) { stop_ = std::move(stop); }
  ~InputLines();
  InputLines(const InputLines &) = delete;
  InputLines &operator=(const InputLines &) = delete;

  // The next line; false at the end of the input. Throws wfc::Error(Usage) when it cannot be read.
  bool next(InputLine &line);
  // The hash of every byte, once next() has returned false.
  std::string sha256();

 private:
  bool fill();  // reads more; false at the end

  int fd_;
  std::string name_;
  std::optional<Sha256> hash_;
  std::optional<CancellationToken> stop_;
  size_t maxLineBytes_;
  std::string buffer_;
  size_t start_ = 0;  // where the next line starts in buffer_
  bool eof_ = false;
  bool first_ = true;  // no line read yet: a byte order mark may open the input
  uint64_t index_ = 0;
};

// Opens --input-jsonl's FILE, or standard input for "-". Throws wfc::Error(Usage) naming the file
// and why (missing, unreadable, a directory).
int openInput(const std::string &path);
// "input file 'PATH'" or "standard input", for messages.
std::string inputName(const std::string &path);

// What a journaled batch records of its input before it starts (docs/batch.md "Resuming"): the
// SHA-256 of its bytes, and how many lines it runs (not blank, in the shard). Reads `fd` to its end
// (the caller rewinds it).
struct InputDigest {
  std::string sha256;
  uint64_t lines = 0;
};
InputDigest digestInput(int fd, const std::string &name, const std::optional<CommandLine::Shard> &shard);

// How many lines the batch runs, for the progress bar's ETA; reads `fd` to its end.
uint64_t countLines(int fd, const std::string &name, const std::optional<CommandLine::Shard> &shard);

// Copies `fd` (standard input, a pipe: what cannot be read twice) to an unlinked temporary file
// (in $TMPDIR, else /tmp) and returns that, positioned at its start, so that a batch that must
// know its input before it starts can read it twice; `fd` is closed (but standard input). Throws
// wfc::Error(Usage) when it cannot.
int spool(int fd, const std::string &name);

}  // namespace wfc::batch
