// Governance declarations (RFC 0013, 0016) and the A2A `agents` block (RFC 0007, 0011).
//
// Governance is declared by people and never inferred: wfc carries `metadata.governance` into the
// executable's report as written, and checks what can be checked — an obligation control or a
// review names a validator or an eval that exists, a review satisfies obligations that exist.
//
// `agents` serves a pack's prompts as A2A agents from --serve (docs/serve.md "A2A agents"): the
// block is checked (RFC 0011's rules — members and entry are prompts, a member's `state` is a
// workflow state) and each member's agent card built as PromptKit builds it. In a pack with a
// workflow, a member with a `state` is the workflow's chat entered there; any other member is a
// conversation on its prompt, with the tools the states that run that prompt offer.
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
      } else {
        // The agent is the workflow's chat, which holds a conversation in each state it enters,
        // as --chat does: a state that is external or runs a composition has none.
        for (const ir::State &s : module_->workflow->states)
          if (s.kind != ir::State::Kind::Internal) {
            diags_.error(state->loc, "agent '" + e.key + "' is the workflow's chat entered at state '" +
                                         state->stringValue + "', and a workflow chat holds a conversation in each "
                                         "state, but state '" + s.name + "' " +
                                         (s.kind == ir::State::Kind::External ? "is external" : "runs a composition") +
                                         " (docs/serve.md \"A2A agents\"); serve a prompt agent instead (no 'state')");
            break;
          }
      }
    }
  if (const DocNode *entry = agents.get("entry"); entry && entry->isString() &&
                                                  std::find(members.begin(), members.end(), entry->stringValue) ==
                                                      members.end())
    diags_.error(entry->loc, "'agents.entry' '" + entry->stringValue + "' is not one of 'agents.members'" +
                                 didYouMeanSuffix(entry->stringValue, members));
  const DocNode *membersNode = agents.get("members");
  const DocNode *entry = agents.get("entry");
  if (!membersNode || !membersNode->isMapping() || !entry || !entry->isString()) return;
  // Each member's card as PromptKit's agentcard package builds it: the prompt's name, the
  // member's description over the prompt's, the pack's version, one skill named by the key.
  ir::Json out = {{"entry", entry->stringValue}, {"members", ir::Json::array()}};
  for (const DocEntry &e : membersNode->entries) {
    const PromptDecl *prompt = nullptr;
    for (const auto &p : pack_.prompts.value)
      if (p.name == e.key) prompt = &p.decl;
    const DocNode *def = e.value->isMapping() ? e.value : nullptr;
    auto text = [&](const char *key) -> std::string {
      const DocNode *n = def ? def->get(key) : nullptr;
      return n && n->isString() ? n->stringValue : "";
    };
    auto modes = [&](const char *key) {
      ir::Json list = ir::Json::array();
      if (const DocNode *n = def ? def->get(key) : nullptr; n && n->isSequence())
        for (const auto &m : n->items) {
          if (!m->isString()) continue;
          if (m->stringValue.find('/') == std::string::npos)
            diags_.warning(m->loc, "'" + m->stringValue + "' in '" + key + "' of agent '" + e.key +
                                       "' is not a MIME type (such as text/plain), as PromptKit warns");
          list.push_back(m->stringValue);
        }
      return list.empty() ? ir::Json::array({"text/plain"}) : list;
    };
    std::string name = prompt && prompt->name && !prompt->name->empty() ? *prompt->name : e.key;
    std::string description = text("description");
    if (description.empty() && prompt && prompt->description) description = *prompt->description;
    ir::Json skill = {{"id", e.key}, {"name", name}, {"description", description}};
    ir::Json tags = ir::Json::array();
    if (const DocNode *t = def ? def->get("tags") : nullptr; t && t->isSequence())
      for (const auto &tag : t->items) {
        if (!tag->isString()) continue;
        if (tag->stringValue.empty()) diags_.warning(tag->loc, "an empty tag of agent '" + e.key + "', as PromptKit warns");
        tags.push_back(tag->stringValue);  // kept, as PromptKit keeps it
      }
    skill["tags"] = tags;
    skill["inputModes"] = modes("input_modes");
    skill["outputModes"] = modes("output_modes");
    ir::Json card = {{"name", name},
                     {"description", description},
                     {"version", pack_.version ? *pack_.version : ""},
                     {"defaultInputModes", skill["inputModes"]},
                     {"defaultOutputModes", skill["outputModes"]},
                     {"skills", ir::Json::array({skill})}};
    ir::Json member = {{"key", e.key}, {"card", std::move(card)}};
    const DocNode *state = def ? def->get("state") : nullptr;
    if (state && state->isString()) {
      member["state"] = state->stringValue;
    } else if (pack_.workflow || pack_.compositions) {
      servePromptMember(e, member);
    }
    out["members"].push_back(std::move(member));
  }
  // The agents each prompt's `tools` name, offered to it as a2a__NAME tools (PromptKit's A2A
  // capability) — every prompt's, as PromptKit infers the capability for every conversation of a
  // pack with agents. A member naming itself is left out, as RFC 0007 rules.
  ir::Json offers = ir::Json::object();
  for (const auto &p : pack_.prompts.value)
    for (const Text &name : p.decl.tools.value) {
      if (!name || std::find(members.begin(), members.end(), *name) == members.end()) continue;
      if (*name == p.name) {
        diags_.warning(name.loc(), "prompt '" + p.name + "' names itself in its 'tools': an agent does not call " +
                                       "itself (RFC 0007), so it is not offered 'a2a__" + *name + "'");
        continue;
      }
      offers[p.name].push_back(*name);
    }
  if (!offers.empty()) out["offers"] = std::move(offers);
  module_->agents = std::move(out);  // with errors too: what uses a member is not then reported unused
}

// A member without a `state` in a pack with a workflow or compositions: a conversation on its
// prompt, as a chat executable's task is (docs/serve.md "A2A agents"), whose tool rounds are
// bounded as a chat task's. The executable offers a prompt's tools through a state that runs it,
// so a prompt with tools that no internal state runs is not served (docs/promptkit.md).
void Lowering::servePromptMember(const DocEntry &e, ir::Json &member) {
  const ir::Prompt *prompt = module_->findPrompt(e.key);
  if (!prompt) return;  // reported above
  member["max_rounds"] = prompt->turnMaxRounds();
  if (prompt->tools.empty()) return;
  bool offered = module_->workflow &&
                 std::any_of(module_->workflow->states.begin(), module_->workflow->states.end(), [&](const ir::State &s) {
                   return s.kind == ir::State::Kind::Internal && s.prompt == prompt;
                 });
  if (!offered)
    diags_.error(e.keyLoc, "agent '" + e.key + "' is a conversation on prompt '" + e.key +
                               "', which has tools, and no internal workflow state runs that prompt: wfc offers a "
                               "prompt's tools to an agent through a state that runs it (docs/serve.md \"A2A "
                               "agents\"); give the agent a 'state' or remove its prompt's tools");
}

}  // namespace wfc::promptpack
