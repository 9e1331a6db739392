#include "core/llm/Media.h"

#include "support/AsciiCase.h"
#include "wfc/error.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace wfc::llm {

uint64_t MediaPart::bytes() const {
  // From the length and the padding alone: the data was checked as base64 where it came in
  // (core/chat/TurnMedia.cpp), and checks, traces and spans ask for the size of up to 50 MiB of it.
  size_t pad = data.ends_with("==") ? 2 : data.ends_with('=') ? 1 : 0;
  return data.size() / 4 * 3 - std::min(pad, data.size() / 4 * 3);
}

std::string mimeTypeOfName(std::string_view name) {
  if (size_t end = name.find_first_of("?#"); end != std::string_view::npos && name.find("://") != std::string_view::npos)
    name = name.substr(0, end);
  size_t slash = name.find_last_of('/');
  size_t dot = name.find_last_of('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return "";
  std::string ext = lowerAscii(name.substr(dot + 1));
  // PromptKit's inferMIMEType (sdk), extension by extension.
  static const std::pair<const char *, const char *> kTypes[] = {
      {"jpg", "image/jpeg"},  {"jpeg", "image/jpeg"},    {"png", "image/png"},   {"gif", "image/gif"},
      {"webp", "image/webp"}, {"mp3", "audio/mpeg"},     {"wav", "audio/wav"},   {"ogg", "audio/ogg"},
      {"oga", "audio/ogg"},   {"weba", "audio/webm"},    {"mp4", "video/mp4"},   {"webm", "video/webm"},
      {"ogv", "video/ogg"},   {"pdf", "application/pdf"}, {"md", "text/markdown"}, {"txt", "text/plain"},
      {"csv", "text/csv"},    {"json", "application/json"}, {"xml", "application/xml"},
      {"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
      {"doc", "application/msword"}};
  for (const auto &[extension, mime] : kTypes)
    if (ext == extension) return mime;
  return "";
}

std::string normalMimeType(std::string_view mimeType) {
  std::string mime = lowerAscii(mimeType.substr(0, mimeType.find(';')));
  while (!mime.empty() && mime.back() == ' ') mime.pop_back();
  return mime == "image/jpg" ? "image/jpeg" : mime;
}

std::string mediaTypeOfMime(std::string_view mimeType) {
  for (const char *type : {"image", "audio", "video"})
    if (mimeType.starts_with(type) && mimeType.size() > std::string_view(type).size() &&
        mimeType[std::string_view(type).size()] == '/')
      return type;
  return "document";
}

std::string mediaFormat(std::string_view mimeType) {
  const std::string mime = normalMimeType(mimeType);
  static const std::pair<const char *, const char *> kAliases[] = {
      {"audio/mpeg", "mp3"}, {"audio/mp3", "mp3"}, {"audio/x-wav", "wav"}, {"audio/wave", "wav"},
      {"audio/mp4", "m4a"},  {"audio/x-m4a", "m4a"}, {"video/quicktime", "mov"}, {"video/x-msvideo", "avi"},
      {"text/plain", "txt"}, {"text/markdown", "md"}};
  for (const auto &[from, to] : kAliases)
    if (mime == from) return to;
  size_t slash = mime.find('/');
  return slash == std::string::npos ? mime : mime.substr(slash + 1);
}

bool isSendableImage(std::string_view mimeType) {
  return mimeType == "image/jpeg" || mimeType == "image/png" || mimeType == "image/gif" || mimeType == "image/webp";
}

void refuseMedia(const char *provider, const MediaPart &part, const std::string &why) {
  throw Error(ErrorKind::Usage, std::string(provider) + " cannot take the user message's " + part.type + " (" + part.mimeType +
                                    "): " + why + " (docs/promptkit.md \"Media\")");
}

Json mediaToJson(const MediaPart &part) {
  Json out = {{"type", part.type}, {"mime_type", part.mimeType}};
  if (!part.url.empty()) out["url"] = part.url;
  else out["data"] = part.data;
  if (!part.detail.empty()) out["detail"] = part.detail;
  if (!part.caption.empty()) out["caption"] = part.caption;
  if (!part.name.empty()) out["name"] = part.name;
  return out;
}

MediaPart mediaFromJson(const Json &json) {
  MediaPart part;
  part.type = json.at("type").get<std::string>();
  part.mimeType = json.at("mime_type").get<std::string>();
  if (json.contains("url")) part.url = json.at("url").get<std::string>();
  else part.data = json.at("data").get<std::string>();
  part.detail = json.value("detail", "");
  part.caption = json.value("caption", "");
  part.name = json.value("name", "");
  return part;
}

Json mediaSummary(const MediaPart &part) {
  Json out = {{"type", part.type}, {"mime_type", part.mimeType}};
  if (!part.url.empty()) out["url"] = part.url;
  else out["bytes"] = part.bytes();
  if (!part.name.empty()) out["name"] = part.name;
  return out;
}

Json mediaSummaries(const std::vector<MediaPart> &parts) {
  Json out = Json::array();
  for (const MediaPart &part : parts) out.push_back(mediaSummary(part));
  return out;
}

}  // namespace wfc::llm
