#include "host/batch/BatchProgress.h"

#include <fmt/format.h>
#include <cmath>
#include <cstdio>

namespace wfc::batch {
namespace {

using Clock = std::chrono::steady_clock;

// How often the bar is redrawn: often enough to look alive, rarely enough to cost nothing.
constexpr auto kRedraw = std::chrono::milliseconds(200);
constexpr int kBarWidth = 24;

std::string fixed(double value, int decimals) {
  return fmt::format("{:.{}f}", value, decimals);
}

}  // namespace

std::string formatDuration(double seconds) {
  if (!(seconds >= 0) || seconds > 1e9) return "--";
  if (seconds < 60) return fixed(seconds, seconds < 10 ? 1 : 0) + "s";
  uint64_t s = uint64_t(std::llround(seconds));
  if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}h{:02}m", s / 3600, s % 3600 / 60);
}

std::string progressLine(const BatchCounts &counts, std::optional<uint64_t> total, double seconds) {
  const uint64_t done = counts.done();
  const uint64_t here = done - counts.before;  // lines this process finished: the rate's
  const double rate = seconds > 0 ? double(here) / seconds : 0;
  std::string line;
  if (total) {
    int filled = *total ? int(double(kBarWidth) * double(std::min(done, *total)) / double(*total)) : kBarWidth;
    line = "[" + std::string(size_t(filled), '#') + std::string(size_t(kBarWidth - filled), '.') + "] " +
           std::to_string(done) + "/" + std::to_string(*total);
  } else {
    line = std::to_string(done) + " lines";
  }
  line += "  ok " + std::to_string(counts.succeeded) + "  failed " + std::to_string(counts.failed + counts.suspended);
  line += "  " + fixed(rate, rate < 10 ? 2 : 1) + " lines/s";
  if (total && *total > done) line += "  ETA " + (rate > 0 ? formatDuration(double(*total - done) / rate) : "--");
  return line;
}

std::string summaryLine(const BatchCounts &counts, uint64_t lines, double seconds) {
  std::string text = std::to_string(lines) + (lines == 1 ? " line: " : " lines: ") + std::to_string(counts.succeeded) +
                     " succeeded, " + std::to_string(counts.failed) + " failed";
  if (counts.suspended) text += ", " + std::to_string(counts.suspended) + " suspended";
  if (counts.done() < lines) text += ", " + std::to_string(lines - counts.done()) + " not run";
  if (counts.before) text += " (" + std::to_string(counts.before) + " finished before this resume)";
  const uint64_t tokens = counts.promptTokens + counts.completionTokens;
  text += "; " + std::to_string(tokens) + " tokens (" + std::to_string(counts.promptTokens) + " prompt, " +
          std::to_string(counts.completionTokens) + " completion)";
  const uint64_t here = counts.done() - counts.before;
  text += "; " + formatDuration(seconds);
  if (seconds > 0 && here) text += ", " + fixed(double(here) / seconds, 1) + " lines/s";
  return text;
}

BatchProgress::BatchProgress(bool bar, std::optional<uint64_t> total) : bar_(bar), total_(total) {
  if (bar_) drawer_ = std::thread([this] {
      std::unique_lock lock(mutex_);
      while (!stopping_) {
        lock.unlock();
        draw();
        lock.lock();
        wake_.wait_for(lock, kRedraw, [&] { return stopping_; });
      }
    });
}

BatchProgress::~BatchProgress() { stop(); }

void BatchProgress::draw() {
  std::string line = "\r\033[K" + progressLine(counts(), total_, seconds());
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
}

void BatchProgress::finished(journal::RunStatus status, uint64_t promptTokens, uint64_t completionTokens) {
  std::lock_guard lock(mutex_);
  (status == journal::RunStatus::Succeeded   ? counts_.succeeded
   : status == journal::RunStatus::Suspended ? counts_.suspended
                                             : counts_.failed) += 1;
  counts_.promptTokens += promptTokens;
  counts_.completionTokens += completionTokens;
}

void BatchProgress::finishedBefore(journal::RunStatus status) {
  std::lock_guard lock(mutex_);
  (status == journal::RunStatus::Succeeded   ? counts_.succeeded
   : status == journal::RunStatus::Suspended ? counts_.suspended
                                             : counts_.failed) += 1;
  ++counts_.before;
}

void BatchProgress::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (drawer_.joinable()) {
    drawer_.join();
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

BatchCounts BatchProgress::counts() const {
  std::lock_guard lock(mutex_);
  return counts_;
}

double BatchProgress::seconds() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }

}  // namespace wfc::batch
