// A batch's results in input order (docs/batch.md "Output"): runs finish in any order, and each
// result waits here until every result before it is written. Results are numbered 0, 1, 2 … in
// input order (the lines the batch runs, blank and other shards' lines not counted).
//
// Thread-safe: put() is called by the runs' threads as they finish; the sink is called under the
// buffer's lock, in order, with every result that became writable at once (one write for a burst).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace wfc::batch {

class ReorderBuffer {
 public:
  // Writes `lines` (complete lines, each ending in a newline); false when it could not.
  using Sink = std::function<bool(const std::string &lines)>;

  explicit ReorderBuffer(Sink sink) : sink_(std::move(sink)) {}

  // Result `seq` is `line` (its text, without the newline): written now if every result before it
  // is, else held until they are. Each seq is put once.
  void put(uint64_t seq, std::string line);
  // Writes what is held, in order, over the gaps of results that will never come (an interrupted
  // batch: the lines that did not finish are not written, the later ones that did are).
  void flushOverGaps();

  // The number of the next result to write: every one before it is written.
  uint64_t next() const;
  // How many results are held for an earlier one.
  size_t held() const;
  // False once the sink failed; nothing is written afterwards.
  bool ok() const;

 private:
  void writeReady();  // under mutex_

  Sink sink_;
  mutable std::mutex mutex_;
  uint64_t next_ = 0;
  std::map<uint64_t, std::string> held_;
  bool ok_ = true;
  std::string pending_;  // the burst being written
};

}  // namespace wfc::batch
