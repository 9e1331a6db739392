// Ceilings on what reaches a run from outside the process — its input, a model's reply, the
// files it reads line by line (docs/limits.md). A size a user, an attacker or a bad model chooses
// must end in a clear error, never in the process growing until the kernel kills it. The
// ceilings of the other ways in stay beside their readers (exec and http tools, MCP messages, a
// batch's lines, --serve's bodies); docs/limits.md lists them all.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace wfc::limits {

// --input FILE, --input - and --input-json: one run's input.
inline constexpr size_t kMaxRunInputBytes = size_t(256) << 20;
// One HTTP response of an LLM endpoint (the whole JSON body).
inline constexpr size_t kMaxLlmReplyBytes = size_t(64) << 20;
// Tool calls a model may ask for in one reply.
inline constexpr size_t kMaxToolCallsPerReply = 128;
// One line of a recording (--replay) or an events file (--events). A recorded line holds a whole
// reply, escaped: four times the reply's ceiling.
inline constexpr size_t kMaxFileLineBytes = size_t(256) << 20;

// Media in one user message (docs/promptkit.md "Media"), as PromptKit's media loader bounds them:
// one item's bytes, all of a message's, and how many it may carry.
inline constexpr size_t kMaxMediaItemBytes = size_t(50) << 20;
inline constexpr size_t kMaxMediaMessageBytes = size_t(100) << 20;
inline constexpr size_t kMaxMediaPerMessage = 20;

// Reads everything `in` holds, at most `limit` bytes; a longer stream throws Error(Usage) naming
// `what` ("the input file 'in.json'") and the limit. Stops reading at limit + 1 bytes.
std::string readAtMost(std::istream &in, size_t limit, const std::string &what);

// Reads the next line (without its '\n') into `line`; false at the end of the stream. A line
// longer than `limit` throws Error(Usage) naming `where` ("events.txt:12") and the limit, having
// held at most limit + 1 bytes of it.
bool readLineAtMost(std::istream &in, std::string &line, size_t limit, const std::string &where);

// "256 MiB", "64 KiB", "100 bytes": a limit as the messages and docs/limits.md write it.
std::string describeBytes(size_t bytes);

}  // namespace wfc::limits
