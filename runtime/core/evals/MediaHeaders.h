// What a media file's own header says about it, for the media eval types (docs/evals.md "Media"):
// an image's width and height (PNG, JPEG, GIF, WebP, BMP), a sound's duration (WAV), a video's
// or sound's duration and a video's width and height (MP4, QuickTime, M4A: the ISO base media
// file format). PromptKit's handlers read only the metadata a media part carries; wfc reads the
// bytes' headers when it carries none — no decoding, only the few bytes that give the answer.
// Every read is bounded by the bytes given: a truncated or hostile header gives nullopt.
#pragma once

#include <optional>
#include <string_view>

namespace wfc::evals {

struct PixelSize {
  int width = 0;
  int height = 0;
};

// The width and height a PNG, JPEG, GIF, WebP or BMP header gives; nullopt for other bytes.
std::optional<PixelSize> imageSize(std::string_view bytes);

// The duration in seconds a WAV header (its byte rate and data size) or an MP4 movie header
// (mvhd: duration / timescale) gives; nullopt for other bytes.
std::optional<double> mediaDuration(std::string_view bytes);

// The width and height of an MP4 or QuickTime file's first visual track (tkhd); nullopt when it
// has none.
std::optional<PixelSize> videoSize(std::string_view bytes);

}  // namespace wfc::evals
