#include "core/chat/TurnMedia.h"

#include "core/llm/Media.h"
#include "support/Base64.h"
#include "support/Limits.h"
#include "support/RegularFile.h"
#include "wfc/error.h"

#include <algorithm>
#include <filesystem>
#include <map>

namespace wfc::chat {
namespace {

using Json = llm::Json;

[[noreturn]] void refuse(size_t index, const std::string &what) {
  throw Error(ErrorKind::Usage, "the input's media[" + std::to_string(index) + "] " + what);
}

std::string stringField(const Json &item, const char *key, size_t index) {
  auto it = item.find(key);
  if (it == item.end()) return "";
  if (!it->is_string() || it->get<std::string>().empty())
    refuse(index, std::string("has a \"") + key + "\" that is not a non-empty string");
  return it->get<std::string>();
}

// A `data:` URL's MIME type and base64 text, or nullopt for any other URL.
std::optional<std::pair<std::string, std::string>> dataUrl(const std::string &url, size_t index) {
  if (!url.starts_with("data:")) return std::nullopt;
  size_t comma = url.find(',');
  const std::string head = url.substr(5, comma == std::string::npos ? 0 : comma - 5);
  if (comma == std::string::npos || !head.ends_with(";base64"))
    refuse(index, "is a data: URL that is not base64 (data:MIME;base64,DATA)");
  if (comma + 1 == url.size()) refuse(index, "is a data: URL without data");
  return std::make_pair(head.substr(0, head.size() - 7), url.substr(comma + 1));
}

}  // namespace

std::vector<llm::MediaPart> readTurnMedia(const Value &list, MediaFiles files) {
  const Json &json = list.json();
  if (!json.is_array())
    throw Error(ErrorKind::Usage, "the input's \"media\" must be a list of {\"file_path\" | \"url\" | \"data\", "
                                  "\"mime_type\", …} objects");
  if (json.size() > limits::kMaxMediaPerMessage)
    throw Error(ErrorKind::Usage, "the input's \"media\" has " + std::to_string(json.size()) + " items; a message takes at most " +
                                      std::to_string(limits::kMaxMediaPerMessage));
  std::vector<llm::MediaPart> parts;
  uint64_t total = 0;
  for (size_t i = 0; i < json.size(); ++i) {
    const Json &item = json[i];
    if (!item.is_object()) refuse(i, "must be an object {\"file_path\" | \"url\" | \"data\", \"mime_type\", …}");
    for (const auto &[key, value] : item.items())
      if (key != "type" && key != "file_path" && key != "url" && key != "data" && key != "base64" && key != "mime_type" &&
          key != "detail" && key != "caption")
        refuse(i, "has unknown key '" + key + "'; a media item takes \"type\", \"file_path\", \"url\", \"data\" (or "
                  "\"base64\"), \"mime_type\", \"detail\" and \"caption\"");
    llm::MediaPart part;
    const std::string path = stringField(item, "file_path", i), url = stringField(item, "url", i);
    std::string data = stringField(item, "data", i);
    if (std::string base64 = stringField(item, "base64", i); !base64.empty()) {
      if (!data.empty()) refuse(i, "has both \"data\" and \"base64\"; they are the same thing: give one");
      data = std::move(base64);
    }
    const int sources = int(!path.empty()) + int(!url.empty()) + int(!data.empty());
    if (sources != 1)
      refuse(i, sources == 0 ? "has no source: give one of \"file_path\", \"url\" or \"data\" (base64)"
                             : "has more than one source: give exactly one of \"file_path\", \"url\" or \"data\"");
    std::string mime = stringField(item, "mime_type", i);
    if (!path.empty()) {
      if (files == MediaFiles::Refused)
        refuse(i, "names a file: a served run reads no files of the server's; send its bytes as \"data\" (base64) or a \"url\"");
      // Bounded by what the message may still hold, told by the file's size before it is read.
      const size_t room = std::min<uint64_t>(limits::kMaxMediaItemBytes, limits::kMaxMediaMessageBytes - total);
      RegularFile file = readRegularFile(path, room);
      if (file.problem == RegularFile::Problem::TooLarge)
        refuse(i, "names file '" + path + "', which is larger than " + limits::describeBytes(room) + ", " +
                      (room < limits::kMaxMediaItemBytes ? "what the message's earlier media leave of the " +
                                                               limits::describeBytes(limits::kMaxMediaMessageBytes) + " a message takes"
                                                          : "the most one item takes"));
      if (file.problem != RegularFile::Problem::None) refuse(i, "names file '" + path + "', which " + file.describe(room));
      part.data = encodeBase64(file.bytes);
      part.name = std::filesystem::path(path).filename().string();
      if (mime.empty()) mime = llm::mimeTypeOfName(path);
      if (mime.empty())
        refuse(i, "names file '" + path + "', whose extension does not say its type: give its \"mime_type\" (image/png, …)");
    } else if (auto inline_ = dataUrl(url, i)) {
      if (!mime.empty() && llm::normalMimeType(mime) != llm::normalMimeType(inline_->first))
        refuse(i, "says \"mime_type\" " + mime + " but its data: URL says " + inline_->first);
      mime = inline_->first;
      part.data = inline_->second;
    } else if (!url.empty()) {
      if (!url.starts_with("http://") && !url.starts_with("https://"))
        refuse(i, "has url '" + url + "', which is not an http(s) or data: URL");
      part.url = url;
      if (mime.empty()) mime = llm::mimeTypeOfName(url);
      if (mime.empty()) refuse(i, "has a URL whose name does not say its type: give its \"mime_type\" (image/png, …)");
    } else {
      part.data = std::move(data);
      if (mime.empty()) refuse(i, "gives \"data\" without a \"mime_type\" (image/png, audio/wav, application/pdf, …)");
    }
    mime = llm::normalMimeType(mime);
    if (mime.find('/') == std::string::npos || mime.find_first_of(" \t\r\n") != std::string::npos)
      refuse(i, "has \"mime_type\" '" + mime + "', which is not a MIME type (image/png, …)");
    part.mimeType = mime;
    if (!part.data.empty()) {
      std::optional<uint64_t> size = base64DecodedSize(part.data);
      if (!size) refuse(i, "has data that is not base64 (RFC 4648: A–Z, a–z, 0–9, '+', '/', '=' padding)");
      if (*size > limits::kMaxMediaItemBytes)
        refuse(i, "holds " + std::to_string(*size) + " bytes; an item takes at most " + limits::describeBytes(limits::kMaxMediaItemBytes));
      total += *size;
      if (total > limits::kMaxMediaMessageBytes)
        throw Error(ErrorKind::Usage, "the input's media hold more than " + limits::describeBytes(limits::kMaxMediaMessageBytes) +
                                          " by media[" + std::to_string(i) + "]; a message takes at most that");
    }
    part.type = stringField(item, "type", i);
    if (part.type.empty()) part.type = llm::mediaTypeOfMime(mime);
    part.detail = stringField(item, "detail", i);
    if (!part.detail.empty() && part.detail != "low" && part.detail != "high" && part.detail != "auto")
      refuse(i, "has \"detail\" '" + part.detail + "'; it is low, high or auto");
    part.caption = stringField(item, "caption", i);
    parts.push_back(std::move(part));
  }
  return parts;
}

void checkTurnMedia(std::vector<llm::MediaPart> &media, const PromptDecl &prompt, const std::string &owner) {
  if (media.empty()) return;
  if (prompt.media.empty())
    throw Error(ErrorKind::Usage, owner + " takes no media: its prompt '" + prompt.key +
                                      "' does not enable them (`media: {enabled: true, supported_types: [...]}`, "
                                      "docs/promptkit.md \"Media\"); send the message as text");
  std::map<std::string, unsigned> counts;
  for (size_t i = 0; i < media.size(); ++i) {
    llm::MediaPart &part = media[i];
    auto type = std::find_if(prompt.media.begin(), prompt.media.end(),
                             [&](const MediaTypeDecl &t) { return part.type == t.name; });
    if (type == prompt.media.end()) {
      std::string taken;
      for (const MediaTypeDecl &t : prompt.media) taken += std::string(taken.empty() ? "" : ", ") + t.name;
      refuse(i, "is " + part.type + " (" + part.mimeType + "), which " + owner + " does not take; it takes " + taken);
    }
    if (!type->allowedFormats.empty()) {
      std::string format = llm::mediaFormat(part.mimeType);
      auto same = [&](const char *allowed) {
        std::string a = allowed;
        return a == format || ((a == "jpg" || a == "jpeg") && format == "jpeg");
      };
      if (std::none_of(type->allowedFormats.begin(), type->allowedFormats.end(), same)) {
        std::string allowed;
        for (const char *f : type->allowedFormats) allowed += std::string(allowed.empty() ? "" : ", ") + f;
        refuse(i, "is " + format + " (" + part.mimeType + "); " + owner + "'s " + part.type + " allowed_formats are " + allowed);
      }
    }
    if (type->maxBytes && part.bytes() > type->maxBytes)
      refuse(i, "holds " + std::to_string(part.bytes()) + " bytes; " + owner + "'s " + part.type + " max_size_mb is " +
                    std::to_string(type->maxBytes >> 20) + " (" + std::to_string(type->maxBytes) + " bytes)");
    if (type->requireCaption && part.caption.empty())
      refuse(i, "has no \"caption\"; " + owner + "'s " + part.type + " config has require_caption: true");
    if (type->maxPerMessage && ++counts[part.type] > type->maxPerMessage)
      throw Error(ErrorKind::Usage, "the input's media hold more than " + std::to_string(type->maxPerMessage) + " " + part.type +
                                        " items; " + owner + "'s " + part.type + " max_images_per_msg is " +
                                        std::to_string(type->maxPerMessage));
    if (part.detail.empty()) part.detail = type->defaultDetail;
  }
}

std::vector<llm::MediaPart> readTaskMedia(const Value &list, MediaFiles files, const ProgramDecl &program,
                                          const ChatTaskDecl &task) {
  std::vector<llm::MediaPart> media = readTurnMedia(list, files);
  checkTurnMedia(media, program.prompts[task.turn->prompt], "task '" + std::string(task.name) + "'");
  return media;
}

Json mediaConfigJson(const PromptDecl &prompt) {
  Json out = Json::array();
  for (const MediaTypeDecl &t : prompt.media) {
    Json type = {{"type", t.name}};
    if (!t.allowedFormats.empty()) type["allowed_formats"] = std::vector<std::string>(t.allowedFormats.begin(), t.allowedFormats.end());
    if (t.maxBytes) type["max_bytes"] = t.maxBytes;
    if (t.maxPerMessage) type["max_per_message"] = t.maxPerMessage;
    if (*t.defaultDetail) type["default_detail"] = t.defaultDetail;
    if (t.requireCaption) type["require_caption"] = true;
    out.push_back(std::move(type));
  }
  return out;
}

}  // namespace wfc::chat
