// Prompt templates: split at compile time into text and lookups, every `{{var}}` checked to be
// declared (a prompt variable, a fragment, `workflow_context` or `artifacts.NAME`), fragments
// expanded in place (a fragment that includes itself is an error).
#include "frontend/promptpack/Lowering.h"

#include "frontend/promptpack/ReferenceSyntax.h"
#include "frontend/promptpack/TemplateSyntax.h"
#include "support/DidYouMean.h"

namespace wfc::promptpack {

ir::Template Lowering::lowerTemplate(const ir::Prompt &prompt, const Text &text) {
  ir::Template out;
  std::vector<std::string> stack;
  expandTemplate(prompt, *text.node, *text, out, stack);
  // Merge adjacent text (fragments expand into text next to text).
  ir::Template merged;
  for (ir::TemplatePiece &p : out.pieces) {
    if (p.kind == ir::TemplatePiece::Kind::Text && !merged.pieces.empty() &&
        merged.pieces.back().kind == ir::TemplatePiece::Kind::Text)
      merged.pieces.back().text += p.text;
    else
      merged.pieces.push_back(std::move(p));
  }
  return merged;
}

void Lowering::expandTemplate(const ir::Prompt &prompt, const DocNode &textNode, llvm::StringRef text,
                              ir::Template &out, std::vector<std::string> &fragmentStack) {
  TemplateSyntax parsed = parseTemplate(text);
  for (const TemplateError &err : parsed.errors)
    diags_.error(locateInScalar(textNode, err.needle, occurrenceAt(text, err.needle, err.offset)), err.message);
  std::map<std::string, size_t> occurrences;  // for carets: which occurrence of the text
  for (auto &piece : parsed.pieces) {
    if (auto *literal = std::get_if<std::string>(&piece)) {
      out.pieces.push_back({ir::TemplatePiece::Kind::Text, *literal, {}});
      continue;
    }
    TemplateLookup &lookup = std::get<TemplateLookup>(piece);
    llvm::SMLoc at = locateInScalar(textNode, lookup.written, occurrences[lookup.written]++);
    if (lookup.spaced)
      diags_.warning(at, "PromptKit substitutes only '{{" + lookup.root + "…}}' written without spaces: it leaves '" +
                             lookup.written + "' unresolved and fails the send; wfc substitutes it (write it without "
                             "spaces to run the same on both)");
    auto fragment = [&](const std::string &name) {
      auto it = fragments_.find(name);
      if (std::find(fragmentStack.begin(), fragmentStack.end(), name) != fragmentStack.end()) {
        std::string chain;
        for (const std::string &f : fragmentStack) chain += "'" + f + "' → ";
        diags_.error(at, "fragment '" + name + "' includes itself: " + chain + "'" + name + "'");
        return;
      }
      fragmentStack.push_back(name);
      expandTemplate(prompt, *it->second->node, it->second->value, out, fragmentStack);
      fragmentStack.pop_back();
    };
    const std::string &root = lookup.root;
    if (root == "fragments") {
      if (lookup.path.size() != 1 || lookup.path[0].isIndex()) {
        diags_.error(at, "write a fragment as {{fragments.NAME}}");
        continue;
      }
      const std::string &name = lookup.path[0].key;
      if (!fragments_.count(name)) {
        std::vector<std::string> names;
        for (const auto &[n, f] : fragments_) names.push_back(n);
        diags_.error(at, "unknown fragment '" + name + "'" + didYouMeanSuffix(name, names));
        continue;
      }
      fragment(name);
      continue;
    }
    if (root == "workflow_context") {
      out.pieces.push_back({ir::TemplatePiece::Kind::WorkflowContext, "", lookup.path});
      continue;
    }
    if (root == "artifacts") {
      if (lookup.path.empty() || lookup.path[0].isIndex()) {
        diags_.error(at, "write an artifact as {{artifacts.NAME}}");
        continue;
      }
      const std::string &name = lookup.path[0].key;
      if (!artifactNames_.count(name)) {
        std::vector<std::string> names(artifactNames_.begin(), artifactNames_.end());
        std::string suffix = didYouMeanSuffix(name, names);
        diags_.error(at, "unknown artifact '" + name + "'" +
                             (suffix.empty() ? "; declare it in a workflow state's 'artifacts'" : suffix));
        continue;
      }
      out.pieces.push_back({ir::TemplatePiece::Kind::Artifact, name,
                            std::vector<ir::PathElement>(lookup.path.begin() + 1, lookup.path.end())});
      continue;
    }
    const ir::Variable *declared = nullptr;
    for (const ir::Variable &v : prompt.variables)
      if (v.name == root) declared = &v;
    if (declared) {
      // PromptKit's SDK (sdk/sdk.go applyDefaultVariables) applies every default, a non-string
      // one printed by Go's %v; a placeholder left without a value goes to the model as written
      // (runtime/pipeline/stage/stages_utilities.go), where wfc fails the turn
      // (docs/promptkit.md "Template variables").
      if (!declared->required && !declared->defaultValue)
        diags_.warning(at, "optional variable '" + root + "' of prompt '" + prompt.key +
                               "' has no default: a turn without a value for it fails (PromptKit would send the "
                               "placeholder to the model as written); give it a default, \"\" to render nothing");
      else if (lookup.path.empty() && declared->defaultValue &&
               (declared->defaultValue->is_array() || declared->defaultValue->is_object()))
        diags_.warning(at, "the default of variable '" + root + "' is a list or an object: wfc renders it as JSON, "
                               "PromptKit in Go's notation ([a b], map[k:v]); write the default as a string to send "
                               "the same text on both");
      out.pieces.push_back({ir::TemplatePiece::Kind::Variable, root, lookup.path});
      continue;
    }
    if (fragments_.count(root) && lookup.path.empty()) {  // {{name}} of a fragment
      fragment(root);
      continue;
    }
    std::vector<std::string> names;
    for (const ir::Variable &v : prompt.variables) names.push_back(v.name);
    for (const auto &[n, f] : fragments_) names.push_back(n);
    names.push_back("workflow_context");
    // PromptKit substitutes any variable the caller supplies, declared or not, and fails the send
    // when none is: so does wfc, and says so here (docs/promptkit.md "Template variables"). A near
    // miss of a declared name may be a typo — or, as PromptKit's own examples show
    // ({{current_month}} beside a declared current_date, filled by a context provider), a variable
    // the caller supplies: a warning with the suggestion, not an error.
    std::string suffix = didYouMeanSuffix(root, names);
    std::string why = root == "input"
                          ? "PromptKit supplies no 'input' variable (a composition step's input is the user message, "
                            "not a template variable)"
                          : "PromptKit substitutes it only when the caller supplies it";
    diags_.warning(at, "template variable '" + root + "' is not declared in prompt '" + prompt.key + "': " + why +
                           ", and a turn without a value for it fails; declare it in the prompt's 'variables' (or use "
                           "a fragment, {{workflow_context}} or {{artifacts.NAME}})" + suffix);
    out.pieces.push_back({ir::TemplatePiece::Kind::Variable, root, lookup.path});
  }
}

}  // namespace wfc::promptpack
