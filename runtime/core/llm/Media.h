// What every place that handles media in a user message shares (docs/promptkit.md "Media"): the
// MIME type of a file or URL from its extension (PromptKit's table), the media type and format of
// a MIME type, and a media part as recordings and traces write it.
#pragma once

#include "core/llm/Provider.h"

#include <string>
#include <string_view>

namespace wfc::llm {

// The MIME type a file's or URL's extension names ("photo.JPG" → image/jpeg), or "" when the
// extension is not one PromptKit knows. A URL's query and fragment are not part of its name.
std::string mimeTypeOfName(std::string_view name);

// A MIME type as the checks and the providers compare it: lowercase, without parameters, and
// image/jpg (which some clients write) as image/jpeg.
std::string normalMimeType(std::string_view mimeType);

// The media type of a MIME type: image/*, audio/*, video/* are themselves; anything else is a
// document.
std::string mediaTypeOfMime(std::string_view mimeType);

// The format allowed_formats names a MIME type by: its subtype, lowercase, with the spellings
// packs write for the common ones (image/jpeg → jpeg, audio/mpeg → mp3, audio/x-wav → wav).
std::string mediaFormat(std::string_view mimeType);

// Whether the APIs wfc sends to (chat completions, the Messages API) take images of this MIME
// type: JPEG, PNG, GIF and WebP.
bool isSendableImage(std::string_view mimeType);

// Throws wfc::Error(Usage): `provider` ("an OpenAI-compatible provider") cannot send `part`, and
// `why` says what it takes. Raised before the request is sent.
[[noreturn]] void refuseMedia(const char *provider, const MediaPart &part, const std::string &why);

// A part as a recording keeps it (its bytes too) and reads it back; fromJson throws
// Json::exception on a malformed part (the caller says which document was malformed).
Json mediaToJson(const MediaPart &part);
MediaPart mediaFromJson(const Json &json);

// A part as a trace line describes it: its type, MIME type and size or URL, never its bytes.
Json mediaSummary(const MediaPart &part);
Json mediaSummaries(const std::vector<MediaPart> &parts);

}  // namespace wfc::llm
