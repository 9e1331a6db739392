// Governance declarations (RFC 0013, 0016) and the A2A `agents` block (RFC 0007, 0011).
//
// Governance is declared by people and never inferred: wfc carries `metadata.governance` into the
// executable's report as written, and checks what can be checked — an obligation control or a
// review names a validator or an eval that exists, a review satisfies obligations that exist.
//
// `agents` serves prompts as A2A agents, which one executable cannot (docs/promptkit.md): the
// block is checked (RFC 0011's rules — members and entry are prompts, a member's `state` is a
// workflow state) so the error that follows is the only one, and says so.
#include "frontend/promptpack/Lowering.h"

#include "support/DidYouMean.h"

namespace wfc::promptpack {

void Lowering::lowerGovernance() {
  const DocNode *metadata = pack_.metadata ? pack_.metadata.node : nullptr;
  const DocNode *governance = metadata && metadata->isMapping() ? metadata->get("governance") : nullptr;
  if (!governance || !governance->isMapping()) return;
  module_->governance = toJson(*governance);

  std::vector<std::string> validatorIds, evalIds, obligationIds;
  for (const auto &p : module_->prompts)
    for (const ir::Validator &v : p->validators)
      if (v.id.find('#') == std::string::npos) validatorIds.push_back(v.id);
  for (const auto &e : module_->evals)
    if (!e->validatorOf) evalIds.push_back(e->name);
  const DocNode *obligations = governance->get("obligations");
  if (obligations && obligations->isSequence())
    for (const auto &o : obligations->items)
      if (const DocNode *id = o->isMapping() ? o->get("id") : nullptr; id && id->isString())
        obligationIds.push_back(id->stringValue);

  auto check = [&](const DocNode *ref, const std::vector<std::string> &ids, const std::string &kind,
                   const std::string &context) {
    if (!ref || !ref->isString()) return;
    if (std::find(ids.begin(), ids.end(), ref->stringValue) != ids.end()) return;
    std::string suffix = didYouMeanSuffix(ref->stringValue, ids);
    diags_.error(ref->loc, context + " names " + kind + " '" + ref->stringValue + "', which the pack does not declare" +
                               (suffix.empty() && kind == "validator" ? " (a validator is named by its 'id')" : suffix));
  };
  if (obligations && obligations->isSequence())
    for (const auto &o : obligations->items) {
      const DocNode *controls = o->isMapping() ? o->get("controls") : nullptr;
      if (!controls || !controls->isSequence()) continue;
      for (const auto &c : controls->items) {
        if (!c->isMapping()) continue;
        check(c->get("validator"), validatorIds, "validator", "an obligation control");
        check(c->get("eval"), evalIds, "eval", "an obligation control");
      }
    }
  if (const DocNode *reviews = governance->get("reviews"); reviews && reviews->isSequence())
    for (const auto &r : reviews->items) {
      if (!r->isMapping()) continue;
      check(r->get("eval"), evalIds, "eval", "a review");
      if (const DocNode *satisfies = r->get("satisfies"); satisfies && satisfies->isSequence())
        for (const auto &s : satisfies->items) check(s, obligationIds, "obligation", "a review");
    }
}

void Lowering::lowerAgents() {
  if (!pack_.agents) return;
  const DocNode &agents = *pack_.agents.node;
  if (!agents.isMapping()) return;  // reported by the shape checker
  std::vector<std::string> members;
  if (const DocNode *m = agents.get("members"); m && m->isMapping())
    for (const DocEntry &e : m->entries) {
      members.push_back(e.key);
      if (!module_->findPrompt(e.key) && !promptsUnreadable_)
        diags_.error(e.keyLoc, "agent '" + e.key + "' is not a prompt: 'agents.members' keys name prompts (RFC 0007)" +
                                   didYouMeanSuffix(e.key, promptNames()));
      const DocNode *state = e.value->isMapping() ? e.value->get("state") : nullptr;
      if (!state || !state->isString()) continue;
      if (!pack_.workflow)
        diags_.error(state->loc, "agent '" + e.key + "' names workflow state '" + state->stringValue +
                                     "', but the pack has no workflow (RFC 0011)");
      else if (!module_->workflow || std::none_of(module_->workflow->states.begin(), module_->workflow->states.end(),
                                                  [&](const ir::State &s) { return s.name == state->stringValue; })) {
        std::vector<std::string> states;
        if (module_->workflow)
          for (const ir::State &s : module_->workflow->states) states.push_back(s.name);
        diags_.error(state->loc, "agent '" + e.key + "' names workflow state '" + state->stringValue +
                                     "', which the workflow does not declare" + didYouMeanSuffix(state->stringValue, states));
      }
    }
  if (const DocNode *entry = agents.get("entry"); entry && entry->isString() &&
                                                  std::find(members.begin(), members.end(), entry->stringValue) ==
                                                      members.end())
    diags_.error(entry->loc, "'agents.entry' '" + entry->stringValue + "' is not one of 'agents.members'" +
                                 didYouMeanSuffix(entry->stringValue, members));
  diags_.error(doc_.root()->find("agents")->keyLoc,
               "'agents' (serving prompts as A2A agents, RFC 0007) is not supported by wfc: a pack compiles to one "
               "executable, which has no A2A peers; remove 'agents' to compile the prompts (as a chat executable) or "
               "the workflow");
}

}  // namespace wfc::promptpack
