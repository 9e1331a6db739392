// Base64 (RFC 4648, the standard alphabet with padding), for media in user messages
// (docs/promptkit.md "Media"): a file's bytes go to a provider as base64, and base64 from an
// input is checked before it is sent. Written here for the reason support/Sha256.h is: a
// compiled executable links no crypto or codec library (libcurl is loaded only when needed).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wfc {

std::string encodeBase64(std::string_view bytes);

// The number of bytes `text` decodes to, or nullopt when it is not base64: a character outside
// the alphabet, a length that is not a multiple of 4, or padding anywhere but at the end.
std::optional<uint64_t> base64DecodedSize(std::string_view text);

// The bytes `text` decodes to, or nullopt when it is not base64 (as above).
std::optional<std::string> decodeBase64(std::string_view text);

}  // namespace wfc
