// A prompt's `media` (RFC 0004; docs/promptkit.md "Media"): which types the user message may
// carry and each type's limits, checked when a turn's input arrives. Types are those listed in
// `supported_types` (PromptKit requires the list when media is enabled), each with the config of
// the same name — image, audio, video, document, or a custom type's open mapping.
#include "frontend/promptpack/Lowering.h"

#include "support/DidYouMean.h"

#include <llvm/ADT/StringExtras.h>

namespace wfc::promptpack {

void Lowering::lowerMedia(ir::Prompt &prompt, const DocNode &media) {
  if (!media.isMapping()) return;  // reported by the shape checker
  ir::Media out;
  const DocNode *enabled = media.get("enabled");
  out.enabled = enabled && enabled->isBool() && enabled->boolValue;
  const std::string what = "the media config of prompt '" + prompt.key + "'";
  std::vector<std::string> types;
  if (const DocNode *list = media.get("supported_types"); list && list->isSequence())
    for (const auto &item : list->items) {
      if (!item->isString()) continue;  // reported by the shape checker
      if (std::find(types.begin(), types.end(), item->stringValue) != types.end())
        diags_.error(item->loc, what + " lists '" + item->stringValue + "' twice in 'supported_types'; list each type once");
      else
        types.push_back(item->stringValue);
    }
  if (out.enabled && types.empty()) {
    diags_.error(enabled->loc, what + " enables media but lists no 'supported_types' (PromptKit rejects it too); list "
                                      "the types the prompt takes, e.g. [image]");
    return;
  }
  static const std::vector<std::string> kConfigKeys = {"enabled", "supported_types", "image", "audio",
                                                       "video",   "document",        "examples"};
  for (const DocEntry &e : media.entries) {
    if (std::find(kConfigKeys.begin(), kConfigKeys.end(), e.key) != kConfigKeys.end()) continue;
    // A custom type's config (GenericMediaTypeConfig): it must be a mapping for a listed type.
    if (!e.value->isMapping())
      diags_.error(e.value->loc, "'" + e.key + "' in " + what + " must be a mapping: a media type's config");
    else if (std::find(types.begin(), types.end(), e.key) == types.end())
      diags_.warning(e.keyLoc, "'" + e.key + "' in " + what + " configures a type that 'supported_types' does not "
                                   "list, so it is not used" + didYouMeanSuffix(e.key, types));
  }
  for (const std::string &name : types) {
    ir::MediaType type;
    type.name = name;
    if (const DocNode *config = media.get(name); config && config->isMapping()) {
      if (const DocNode *formats = config->get("allowed_formats"); formats && formats->isSequence())
        for (const auto &f : formats->items)
          if (f->isString()) type.allowedFormats.push_back(llvm::StringRef(f->stringValue).lower());
      if (const DocNode *size = config->get("max_size_mb"); size && size->isInt())
        type.maxSizeMb = static_cast<uint64_t>(size->asDouble());
      if (const DocNode *count = config->get("max_images_per_msg"); count && count->isInt())
        type.maxPerMessage = static_cast<unsigned>(count->asDouble());
      if (const DocNode *detail = config->get("default_detail"); detail && detail->isString())
        type.defaultDetail = detail->stringValue;
      if (const DocNode *caption = config->get("require_caption"); caption && caption->isBool())
        type.requireCaption = caption->boolValue;
    }
    out.types.push_back(std::move(type));
  }
  prompt.media = std::move(out);
}

}  // namespace wfc::promptpack
