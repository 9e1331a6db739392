// A batch's results in input order (docs/batch.md "Output"): ReorderBuffer writes each result once
// every result before it is written — from many threads at once (the sanitizer builds run this) —
// writes a burst in one call, writes over the gaps of an interrupted batch, and stops writing once
// its sink fails.
#include "host/batch/ReorderBuffer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <thread>
#include <vector>

namespace wfc::batch {
namespace {

struct Recorded {
  std::vector<std::string> writes;  // one per sink call
  std::string all;
  ReorderBuffer::Sink sink() {
    return [this](const std::string &lines) {
      writes.push_back(lines);
      all += lines;
      return true;
    };
  }
};

TEST(ReorderBufferTest, ResultsAreWrittenInOrderWhateverOrderTheyFinishIn) {
  Recorded out;
  ReorderBuffer buffer(out.sink());
  buffer.put(2, "c");
  buffer.put(1, "b");
  EXPECT_EQ(out.all, "") << "nothing before result 0 is written";
  EXPECT_EQ(buffer.held(), 2u);
  buffer.put(0, "a");
  EXPECT_EQ(out.all, "a\nb\nc\n");
  EXPECT_EQ(out.writes.size(), 1u) << "a burst is one write";
  EXPECT_EQ(buffer.next(), 3u);
  EXPECT_EQ(buffer.held(), 0u);
  buffer.put(3, "d");
  EXPECT_EQ(out.all, "a\nb\nc\nd\n");
}

TEST(ReorderBufferTest, AResultPutTwiceIsWrittenOnce) {
  Recorded out;
  ReorderBuffer buffer(out.sink());
  buffer.put(1, "b");
  buffer.put(1, "B");
  buffer.put(0, "a");
  buffer.put(0, "A");
  EXPECT_EQ(out.all, "a\nb\n");
}

TEST(ReorderBufferTest, AnInterruptedBatchWritesWhatFinishedOverTheGaps) {
  Recorded out;
  ReorderBuffer buffer(out.sink());
  buffer.put(0, "a");
  buffer.put(2, "c");
  buffer.put(5, "f");
  buffer.put(3, "d");
  EXPECT_EQ(out.all, "a\n");
  buffer.flushOverGaps();
  EXPECT_EQ(out.all, "a\nc\nd\nf\n");
  EXPECT_EQ(buffer.held(), 0u);
}

TEST(ReorderBufferTest, NothingIsWrittenAfterTheSinkFails) {
  int calls = 0;
  ReorderBuffer buffer([&](const std::string &) { return ++calls > 1 ? true : false; });
  buffer.put(0, "a");
  EXPECT_FALSE(buffer.ok());
  buffer.put(1, "b");
  EXPECT_EQ(calls, 1);
}

TEST(ReorderBufferTest, ManyThreadsPuttingAtOnceGiveEveryResultOnceInOrder) {
  const uint64_t n = 20000;
  std::vector<uint64_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(42));
  std::string written;
  ReorderBuffer buffer([&](const std::string &lines) {
    written += lines;  // under the buffer's lock: no other synchronization
    return true;
  });
  const int threads = 8;
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (uint64_t i = uint64_t(t); i < n; i += threads) buffer.put(order[i], std::to_string(order[i]));
    });
  for (std::thread &t : pool) t.join();
  std::string expected;
  for (uint64_t i = 0; i < n; ++i) expected += std::to_string(i) + "\n";
  EXPECT_EQ(written, expected);
  EXPECT_EQ(buffer.next(), n);
}

}  // namespace
}  // namespace wfc::batch
