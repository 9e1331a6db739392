#include "frontend/promptpack/PromptKitSectionShapes.h"

namespace wfc::promptpack {

// RFC 0004: what media a prompt takes. Custom types (`model3d: {…}`) are open mappings.
const Shape *mediaShape(ShapeArena &a) {
  const Shape *formats = a.strings();
  const Shape *image = a.object(
      "image media config", {opt("max_size_mb", a.integer(1)), opt("allowed_formats", formats),
                             opt("default_detail", a.oneOf({"low", "high", "auto"})),
                             opt("require_caption", a.boolean()), opt("max_images_per_msg", a.integer(1))});
  auto timed = [&](const char *what) {
    return a.object(what, {opt("max_size_mb", a.integer(1)), opt("allowed_formats", formats),
                           opt("max_duration_sec", a.integer(1)), opt("require_metadata", a.boolean())});
  };
  const Shape *document = a.object(
      "document media config",
      {opt("max_size_mb", a.integer(1)), opt("allowed_formats", formats), opt("max_pages", a.integer(1)),
       opt("require_metadata", a.boolean()), opt("extraction_mode", a.oneOf({"text", "structured", "raw"}))});
  const Shape *typeName = a.matching("^[a-z0-9_]+$", "media type names contain only lowercase letters, digits and '_'");
  const Shape *reference = a.object(
      "media reference", {opt("file_path", a.str()), opt("url", a.str()), opt("base64", a.str()),
                          req("mime_type", a.str()), opt("detail", a.oneOf({"low", "high", "auto"})),
                          opt("caption", a.str())});
  const Shape *part = a.object("content part", {req("type", typeName), opt("text", a.str()), opt("media", reference)});
  const Shape *example = a.object(
      "multimodal example", {req("name", a.str()), opt("description", a.str()),
                             req("role", a.oneOf({"user", "assistant", "system"})), req("parts", a.list(part, 1))});
  return a.object("media", {req("enabled", a.boolean()), opt("supported_types", a.list(typeName)),
                            opt("image", image), opt("audio", timed("audio media config")),
                            opt("video", timed("video media config")), opt("document", document),
                            opt("examples", a.list(example))},
                  /*open=*/true);
}

// RFC 0013 and 0016: declarations carried into the report; their references are checked.
const Shape *governanceShape(ShapeArena &a) {
  const Shape *independence = a.object(
      "independent_of",
      {req("axes", a.list(a.oneOf({"model", "provider", "tools", "prompts", "accountable_owner"}), 1)),
       opt("enforcement", a.oneOf({"strict", "advisory"}))});
  Shape *control = a.make(Shape::Type::Union, "obligation control");
  const Shape *controlFields = a.object("obligation control", {opt("field", a.str()), opt("validator", a.str()),
                                                               opt("eval", a.str()), opt("external", a.str())});
  control->variants = {controlFields};
  control->choose = [controlFields](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
    if (n.isMapping() && n.entries.size() != 1)
      diags.error(n.loc, "an obligation control names exactly one of 'field', 'validator', 'eval' or 'external'");
    return controlFields;
  };
  const Shape *appliesTo = a.object("applies_to", {opt("capability", a.str()), opt("data_class", a.str()),
                                                    opt("risk_classification", a.str())});
  const Shape *obligation = a.object(
      "obligation", {req("id", a.str()), req("obligation", a.str()), opt("applies_to", appliesTo),
                     req("controls", a.list(control, 1)), opt("note", a.str()), opt("extensions", a.opaque())});
  // ISO 8601 durations (P1Y, P3M, P1W, PT12H, …), in POSIX extended syntax.
  const Shape *cadence = a.matching(
      "^P(([0-9]+Y([0-9]+M)?([0-9]+W)?([0-9]+D)?|[0-9]+M([0-9]+W)?([0-9]+D)?|[0-9]+W([0-9]+D)?|[0-9]+D)"
      "(T([0-9]+H([0-9]+M)?([0-9]+S)?|[0-9]+M([0-9]+S)?|[0-9]+S))?|T([0-9]+H([0-9]+M)?([0-9]+S)?|[0-9]+M([0-9]+S)?|[0-9]+S))$",
      "a cadence is an ISO 8601 duration such as 'P3M' or 'P1Y'");
  const Shape *review = a.object(
      "review", {req("id", a.str()), req("type", a.str()), req("cadence", cadence), req("owner", a.str()),
                 opt("satisfies", a.strings()), opt("eval", a.str()), opt("extensions", a.opaque())});
  return a.object(
      "governance",
      {opt("vocabularies", a.map(a.str())), opt("intended_purpose", a.str()), opt("foreseeable_misuse", a.strings()),
       opt("autonomy_level", a.oneOf({"suggests", "acts_with_approval", "acts_with_oversight", "acts_autonomously"})),
       opt("accountable_owner", a.str()), opt("operator_role", a.str()), opt("risk_classification", a.str()),
       opt("intended_deployment_contexts", a.strings()), opt("capabilities", a.strings()),
       opt("approved_environments", a.strings()), opt("requires_ai_disclosure", a.boolean()),
       opt("extensions", a.opaque()), opt("independent_of", independence), opt("obligations", a.list(obligation)),
       opt("reviews", a.list(review))});
}

// RFC 0012: the providers a pack needs, by key; a string is an LLM requirement with that key.
const Shape *requiresShape(ShapeArena &a) {
  const Shape *capabilities = a.object(
      "capabilities", {opt("modalities", a.strings()), opt("min_context_tokens", a.integer(1)),
                       opt("tool_use", a.boolean()), opt("structured_output", a.boolean()),
                       opt("embedding_dimensions", a.integer(1))},
      /*open=*/true);
  const Shape *key = a.matching("^[a-zA-Z0-9_-]+$", "provider keys contain only letters, digits, '_' and '-'");
  const Shape *object = a.object("provider requirement", {req("key", key), req("role", a.str()),
                                                          opt("required", a.boolean()), opt("description", a.str()),
                                                          opt("capabilities", capabilities)});
  Shape *requirement = a.make(Shape::Type::Union, "provider requirement");
  requirement->variants = {key, object};
  requirement->choose = [key, object](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
    if (n.isString()) return key;
    if (n.isMapping()) return object;
    diags.error(n.loc, "a provider requirement is a key (a string) or a mapping with 'key' and 'role', not " +
                           describeKind(n.kind).str());
    return nullptr;
  };
  return a.object("requires", {opt("providers", a.list(requirement))});
}

// RFC 0008: a path (relative to the pack), {path, preload}, or an inline skill.
const Shape *skillShape(ShapeArena &a) {
  const Shape *path = a.object("skill", {req("path", a.str()), opt("preload", a.boolean())});
  const Shape *inlineSkill = a.object("skill", {req("name", a.str()), req("description", a.str()),
                                                req("instructions", a.str())});
  Shape *skill = a.make(Shape::Type::Union, "skill");
  skill->variants = {a.str(), path, inlineSkill};
  const Shape *str = a.str();
  skill->choose = [str, path, inlineSkill](const DocNode &n, DiagnosticEngine &diags) -> const Shape * {
    if (n.isString()) return str;
    if (n.isMapping()) return n.find("path") ? path : inlineSkill;
    diags.error(n.loc, "a skill is a path, {path, preload} or {name, description, instructions}, not " +
                           describeKind(n.kind).str());
    return nullptr;
  };
  return skill;
}

// RFC 0007 and 0011: validated, then reported as unsupported by the lowering (one executable
// has no A2A peers).
const Shape *agentsShape(ShapeArena &a, const Shape *governance) {
  const Shape *member = a.object(
      "agent", {opt("description", a.str()), opt("tags", a.strings()), opt("input_modes", a.strings()),
                opt("output_modes", a.strings()), opt("state", a.str()), opt("governance", governance),
                opt("extensions", a.opaque())});
  return a.object("agents", {req("entry", a.str()), req("members", a.map(member, 1))});
}

}  // namespace wfc::promptpack
