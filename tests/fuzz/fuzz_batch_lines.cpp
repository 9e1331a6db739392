// A batch's input (docs/batch.md "Input"): the bytes of an --input-jsonl file read line by line
// by InputLines — twice, with the real line limit and with a tiny one, so that lines too long to
// keep are skipped as a huge line is — each line's input read by lineInput, and its result line
// written by resultLine, as succeeded (the input as its output) and as failed (lineInput's
// complaint as its error).
//
// Invariants checked besides crashes: the lines are the bytes between newlines, numbered from 0
// without a gap, a CR before the newline and a byte order mark at the start dropped, a line over
// the limit marked too long and nothing else about it kept; the SHA-256 of what was read is the
// file's; digestInput counts the lines a batch runs (not blank); only wfc::Error(Usage) is
// thrown for a line that is not an input; a result line is one line of JSON naming its line.
#include "FuzzTarget.h"
#include "MemoryFile.h"

#include "host/batch/BatchLine.h"
#include "host/batch/InputLines.h"
#include "support/Sha256.h"
#include "wfc/error.h"

#include <fcntl.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace {

using wfc::fuzz::fail;

int openMemoryFile(std::string_view bytes) {
  int fd = ::open(wfc::fuzz::memoryFile(bytes).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail("cannot open the memory file");
  return fd;
}

// The lines as docs/batch.md defines them, split here independently of InputLines.
std::vector<std::string> expectedLines(std::string_view bytes) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < bytes.size()) {
    size_t nl = bytes.find('\n', start);
    size_t end = nl == std::string_view::npos ? bytes.size() : nl;
    lines.emplace_back(bytes.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

void checkResultLine(const std::string &text, uint64_t index) {
  if (text.find('\n') != std::string::npos) fail("a result line holds a newline: " + text);
  nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) fail("a result line is not a JSON object: " + text);
  if (parsed["line"] != index) fail("a result line names another line: " + text);
}

void readAll(std::string_view bytes, size_t maxLineBytes) {
  const std::vector<std::string> expected = expectedLines(bytes);
  wfc::batch::InputLines lines(openMemoryFile(bytes), "the fuzz input", /*hash=*/true, maxLineBytes);
  wfc::batch::InputLine line;
  uint64_t count = 0, runnable = 0;
  while (lines.next(line)) {
    if (line.index != count) fail("line " + std::to_string(count) + " came numbered " + std::to_string(line.index));
    if (count >= expected.size()) fail("more lines than the input has");
    std::string want = expected[count];
    bool tooLong = want.size() > maxLineBytes;
    if (line.tooLong != tooLong)
      fail("line " + std::to_string(count) + " of " + std::to_string(want.size()) + " bytes is " +
           (line.tooLong ? "" : "not ") + "too long at a limit of " + std::to_string(maxLineBytes));
    if (!want.empty() && want.back() == '\r') want.pop_back();
    if (count == 0 && want.rfind("\xEF\xBB\xBF", 0) == 0) want.erase(0, 3);
    if (tooLong) want.clear();
    if (line.text != want) fail("line " + std::to_string(count) + " reads differently from its bytes");
    if (line.tooLong || !wfc::batch::isBlank(line.text)) ++runnable;
    ++count;

    if (wfc::batch::isBlank(line.text) && !line.tooLong) continue;  // skipped, not run
    wfc::batch::LineResult result;
    try {
      wfc::Value input = wfc::batch::lineInput(line);
      if (!input.isObject()) fail("lineInput returned a value that is not an object");
      result.output = input;
    } catch (const wfc::Error &e) {
      if (e.kind() != wfc::ErrorKind::Usage) fail(std::string("lineInput threw a non-usage error: ") + e.what());
      result.status = wfc::journal::RunStatus::Failed;
      result.code = 2;
      result.error = e.what();
    }
    checkResultLine(wfc::batch::resultLine(line.index, result), line.index);
  }
  if (count != expected.size())
    fail("read " + std::to_string(count) + " lines of " + std::to_string(expected.size()));
  if (lines.sha256() != wfc::Sha256().update(bytes).hex()) fail("the input's SHA-256 is not its bytes'");
  if (maxLineBytes == wfc::batch::kMaxLineBytes) {
    int fd = openMemoryFile(bytes);
    wfc::batch::InputDigest digest = wfc::batch::digestInput(fd, "the fuzz input", std::nullopt);
    ::close(fd);
    if (digest.lines != runnable)
      fail("digestInput counts " + std::to_string(digest.lines) + " lines to run, not " + std::to_string(runnable));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view bytes = wfc::fuzz::asText(data, size);
  readAll(bytes, wfc::batch::kMaxLineBytes);
  readAll(bytes, 7);
  return 0;
}
