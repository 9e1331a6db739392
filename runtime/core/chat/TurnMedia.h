// The media of a chat turn (docs/promptkit.md "Media"): read from the input's "media" list — a
// file, a URL or base64, as PromptKit's MediaContent and RFC 0004's media reference write them —
// and checked against what the prompt's `media` config allows before anything is sent.
#pragma once

#include "core/llm/Provider.h"
#include "wfc/program.h"

#include <string>
#include <vector>

namespace wfc::chat {

// Whether a "file_path" may be read: not in a served run or an MCP tool call (docs/serve.md,
// docs/mcp-server.md), whose client — or the model driving it — must not read the host's files.
enum class MediaFiles { Read, Refused };

// Reads the input's "media" list; throws wfc::Error(Usage) naming the item and what is wrong. A
// file is read here, once: the parts carry its bytes (base64), as a recording keeps them.
std::vector<llm::MediaPart> readTurnMedia(const Value &list, MediaFiles files);

// Checks `media` against the prompt's config and fills each image's default detail; throws
// wfc::Error(Usage) naming the task (or state) `owner` and the item that does not fit.
void checkTurnMedia(std::vector<llm::MediaPart> &media, const PromptDecl &prompt, const std::string &owner);

// readTurnMedia, then checkTurnMedia against the task's prompt: a chat task's media as a served
// request brings them (docs/serve.md "Chat packs").
std::vector<llm::MediaPart> readTaskMedia(const Value &list, MediaFiles files, const ProgramDecl &program,
                                          const ChatTaskDecl &task);

// The prompt's media config as --dry-run describes it: a list of
// {"type", "allowed_formats", "max_bytes", "max_per_message", "default_detail", "require_caption"}
// (the fields a type has), empty when it takes none.
llm::Json mediaConfigJson(const PromptDecl &prompt);

}  // namespace wfc::chat
