// PromptKit's media eval types (its image_format.go, image_dimensions.go, audio_format.go,
// audio_duration.go, video_duration.go, video_resolution.go and media_helpers.go; docs/evals.md
// "Media"): every image, audio or video part of the conversation's tool results — PromptKit's
// content parts ({"type", "media": {"mime_type", "data", "width", "height", "duration"}}) or MCP's
// content blocks ({"type", "data", "mimeType"}) — is checked, each as PromptKit checks it: its
// format from its MIME type, its size and duration from its metadata, or, where it carries none,
// from its bytes' header (core/evals/MediaHeaders.h). A score of 1 passes.
#include "core/evals/NamedEval.h"

#include "common/JsonReader.h"
#include "core/evals/EvalParams.h"
#include "core/evals/MediaHeaders.h"
#include "support/Base64.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <cmath>

namespace wfc::evals {
namespace {

using Json = nlohmann::ordered_json;

struct MediaPart {
  std::string mime;
  std::optional<int64_t> width, height;
  std::optional<double> duration;  // seconds
  std::string bytes;               // decoded data, when the part carries it inline
};

std::optional<int64_t> whole(const Json &object, const char *key) {
  auto it = object.find(key);
  return it != object.end() && it->is_number() ? std::optional<int64_t>(static_cast<int64_t>(it->get<double>())) : std::nullopt;
}

// The parts of `contentType` ("image", "audio", "video") in the calls' results, in order.
std::vector<MediaPart> mediaParts(const NamedEvalInput &in, const std::string &contentType) {
  std::vector<MediaPart> out;
  for (const ToolCallRecord &c : in.calls) {
    Json result = readJsonOrDiscarded(c.result);
    if (result.is_object() && result.contains("content")) result = result["content"];
    if (!result.is_array()) continue;
    for (const Json &part : result) {
      if (!part.is_object() || part.value("type", Json()) != contentType) continue;
      MediaPart p;
      const Json *media = part.contains("media") && part["media"].is_object() ? &part["media"] : nullptr;
      if (!media && !part.contains("data") && !part.contains("mimeType")) continue;  // PromptKit: no media, no part
      const Json &meta = media ? *media : part;
      if (auto mime = meta.find(media ? "mime_type" : "mimeType"); mime != meta.end() && mime->is_string())
        p.mime = mime->get<std::string>();
      p.width = whole(meta, "width");
      p.height = whole(meta, "height");
      if (std::optional<int64_t> seconds = whole(meta, "duration")) p.duration = double(*seconds);
      if (auto data = meta.find("data"); data != meta.end() && data->is_string())
        p.bytes = decodeBase64(data->get<std::string>()).value_or("");
      // What the metadata leaves out, the bytes' header may say.
      if ((!p.width || !p.height) && !p.bytes.empty()) {
        std::optional<PixelSize> size = contentType == "video" ? videoSize(p.bytes) : imageSize(p.bytes);
        if (size) p.width = size->width, p.height = size->height;
      }
      if (!p.duration && !p.bytes.empty()) p.duration = mediaDuration(p.bytes);
      out.push_back(std::move(p));
    }
  }
  return out;
}

std::string noneFound(const std::string &contentType) {
  return contentType == "image" ? "no images found in messages"
         : contentType == "audio" ? "no audio found in messages"
                                  : "no video found in messages";
}

// PromptKit's format of a MIME type: what follows the '/', audio/mpeg as mp3 — and nothing else
// renamed (audio/x-wav is "x-wav"), unlike the formats a prompt's media config allows
// (llm::mediaFormat), which read the spellings packs write for a turn's media.
std::string formatOf(const std::string &mime) {
  size_t slash = mime.find('/');
  if (slash == std::string::npos || mime.find('/', slash + 1) != std::string::npos) return mime;
  std::string format = mime.substr(slash + 1);
  if (format == "mpeg" && mime.rfind("audio/", 0) == 0) return "mp3";
  return format;
}

Verdict mediaFormats(const NamedEvalInput &in, const std::string &contentType) {
  std::vector<std::string> allowed = param::strings(in.params, "formats");
  if (allowed.empty()) return verdict(false, "at least one format must be specified");
  std::vector<MediaPart> parts = mediaParts(in, contentType);
  if (parts.empty()) return verdict(false, noneFound(contentType));
  std::vector<std::string> invalid;
  for (const MediaPart &p : parts) {
    std::string format = formatOf(p.mime);
    if (std::none_of(allowed.begin(), allowed.end(), [&](const std::string &a) { return lowered(a) == lowered(format); }))
      invalid.push_back(format.empty() ? "(no MIME type)" : format);
  }
  std::string what = contentType == "image" ? "some images have disallowed formats" : "some audio has disallowed formats";
  return verdict(invalid.empty(), fmt::format("{}: {}", what, fmt::join(invalid, ", ")));
}

Verdict imageFormat(const NamedEvalInput &in) { return mediaFormats(in, "image"); }
Verdict audioFormat(const NamedEvalInput &in) { return mediaFormats(in, "audio"); }

void checkRange(std::vector<std::string> &violations, const char *what, int64_t value, std::optional<int64_t> min,
                std::optional<int64_t> max) {
  if (min && value < *min) violations.push_back(fmt::format("{} {} below minimum {}", what, value, *min));
  if (max && value > *max) violations.push_back(fmt::format("{} {} exceeds maximum {}", what, value, *max));
}

Verdict failures(const std::vector<std::string> &violations, const char *what) {
  return verdict(violations.empty(), fmt::format("{}: {}", what, fmt::join(violations, "; ")));
}

Verdict imageDimensions(const NamedEvalInput &in) {
  std::vector<MediaPart> parts = mediaParts(in, "image");
  if (parts.empty()) return verdict(false, noneFound("image"));
  std::optional<int64_t> width = param::integer(in.params, "width"), height = param::integer(in.params, "height");
  std::vector<std::string> violations;
  for (const MediaPart &p : parts) {
    if (!p.width || !p.height) {
      violations.push_back("missing width/height metadata");
      continue;
    }
    if (width && *p.width != *width) violations.push_back(fmt::format("width {} does not match required {}", *p.width, *width));
    if (height && *p.height != *height)
      violations.push_back(fmt::format("height {} does not match required {}", *p.height, *height));
    checkRange(violations, "width", *p.width, param::integer(in.params, "min_width"), param::integer(in.params, "max_width"));
    checkRange(violations, "height", *p.height, param::integer(in.params, "min_height"), param::integer(in.params, "max_height"));
  }
  return failures(violations, "some images violate dimension requirements");
}

Verdict durationsWithin(const NamedEvalInput &in, const std::string &contentType) {
  std::vector<MediaPart> parts = mediaParts(in, contentType);
  if (parts.empty()) return verdict(false, noneFound(contentType));
  std::optional<double> min = param::number(in.params, "min_seconds"), max = param::number(in.params, "max_seconds");
  std::vector<std::string> violations;
  for (const MediaPart &p : parts) {
    if (!p.duration) {
      violations.push_back("missing duration metadata");
      continue;
    }
    if (min && *p.duration < *min) violations.push_back(fmt::format("duration {:.1f}s below minimum {:.1f}s", *p.duration, *min));
    if (max && *p.duration > *max) violations.push_back(fmt::format("duration {:.1f}s exceeds maximum {:.1f}s", *p.duration, *max));
  }
  return failures(violations, contentType == "audio" ? "some audio duration violations" : "some video duration violations");
}

Verdict audioDuration(const NamedEvalInput &in) { return durationsWithin(in, "audio"); }
Verdict videoDuration(const NamedEvalInput &in) { return durationsWithin(in, "video"); }

// A preset's height (PromptKit compares heights only); 0 for a name it does not know.
int64_t presetHeight(const std::string &preset) {
  static const std::pair<const char *, int64_t> kPresets[] = {
      {"480p", 480},   {"sd", 480},    {"720p", 720},   {"hd", 720},   {"1080p", 1080}, {"fhd", 1080},
      {"full_hd", 1080}, {"1440p", 1440}, {"2k", 1440},   {"qhd", 1440}, {"2160p", 2160}, {"4k", 2160},
      {"uhd", 2160},   {"4320p", 4320}, {"8k", 4320}};
  for (const auto &[name, height] : kPresets)
    if (lowered(preset) == name) return height;
  return 0;
}

Verdict videoResolution(const NamedEvalInput &in) {
  std::vector<MediaPart> parts = mediaParts(in, "video");
  if (parts.empty()) return verdict(false, noneFound("video"));
  std::vector<std::string> presets = param::strings(in.params, "presets");
  std::vector<std::string> violations;
  for (const MediaPart &p : parts) {
    if (!p.width || !p.height) {
      violations.push_back("video missing width/height metadata");
      continue;
    }
    if (!presets.empty() &&
        std::none_of(presets.begin(), presets.end(), [&](const std::string &name) { return presetHeight(name) == *p.height; }))
      violations.push_back(fmt::format("resolution {}x{} does not match any preset: [{}]", *p.width, *p.height,
                                       fmt::join(presets, " ")));
    checkRange(violations, "width", *p.width, param::integer(in.params, "min_width"), param::integer(in.params, "max_width"));
    checkRange(violations, "height", *p.height, param::integer(in.params, "min_height"), param::integer(in.params, "max_height"));
  }
  return failures(violations, "some videos violate resolution requirements");
}

}  // namespace

void addMediaEvals(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.emplace_back("image_format", imageFormat);
  out.emplace_back("audio_format", audioFormat);
  out.emplace_back("image_dimensions", imageDimensions);
  out.emplace_back("audio_duration", audioDuration);
  out.emplace_back("video_duration", videoDuration);
  out.emplace_back("video_resolution", videoResolution);
}

}  // namespace wfc::evals
