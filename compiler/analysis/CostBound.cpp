#include "analysis/CostBound.h"

#include <algorithm>
#include <functional>

namespace wfc::analysis {
namespace {

using ir::Json;
using ir::RefRoot;
using ir::Step;
using ir::StepKind;

// The bytes of a tool call's id and the error text a refused call gets back: what the provider
// and the runtime write, bounded here by what they write in practice (docs/cost.md).
constexpr double kCallIdBytes = 64;
constexpr double kRefusedCallResultBytes = 300;
// A tool call in a reply takes at least this many of its output tokens (its name, its arguments'
// braces), which bounds how many calls one reply can make.
constexpr double kMinCallTokens = 4;
// What a judging eval asks for (runtime/core/conversation/Judge.cpp): a fixed token limit and its
// default system prompt.
constexpr double kJudgeCriteriaMaxTokens = 1024;
constexpr double kJudgeSystemBytes = 300;
constexpr unsigned kMaxCallDepth = 32;

class Bounder {
 public:
  Bounder(const Program &program, const DiagnosticEngine &diags) : program_(program), diags_(diags) {}

  CostBound run() {
    if (program_.chat) {
      out_.perTurn = true;
      for (const ir::Prompt *p : program_.prompts) conversation("task '" + p->key + "'", p->loc, *p, 1, p->provider);
    } else if (program_.workflow) {
      workflow(*program_.workflow);
    } else if (program_.entry) {
      composition(*program_.entry, 1, 0);
    }
    return std::move(out_);
  }

 private:
  std::string where(llvm::SMLoc loc) const {
    ResolvedLocation r = diags_.resolve(Location(loc));
    if (r.line == 0) return r.file;
    return r.file + ":" + std::to_string(r.line) + ":" + std::to_string(r.column);
  }

  // The most a prompt's reply can be: its max_tokens (the largest of its model overrides'), or
  // infinite, saying so.
  SymbolicCount replyTokens(const ir::Prompt &p) const {
    std::optional<double> limit;
    auto take = [&](const Json &parameters) {
      for (const char *name : {"max_tokens", "max_completion_tokens"})
        if (auto it = parameters.find(name); it != parameters.end() && it->is_number() && it->get<double>() > 0)
          limit = std::max(limit.value_or(0), it->get<double>());
    };
    take(p.parameters);
    for (const ir::ModelOverride &o : p.modelOverrides) take(o.parameters);
    if (!limit) return SymbolicCount::infinite("prompt '" + p.key + "' sets no max_tokens (" + where(p.loc) + ")");
    return *limit;
  }

  // The JSON Schema at `path` below `schema` (properties, items), or null.
  static const Json *subSchema(const Json *schema, const std::vector<ir::PathElement> &path) {
    for (const ir::PathElement &e : path) {
      if (!schema || !schema->is_object()) return nullptr;
      if (e.isIndex()) {
        auto items = schema->find("items");
        schema = items == schema->end() ? nullptr : &*items;
      } else {
        auto props = schema->find("properties");
        if (props == schema->end() || !props->is_object() || !props->contains(e.key)) return nullptr;
        schema = &(*props)[e.key];
      }
    }
    return schema;
  }

  // The bytes a value matching `schema` takes as text (a string as it is; else JSON), when the
  // schema bounds it; null when it does not.
  static std::optional<double> schemaBytes(const Json *schema, bool inJson) {
    if (!schema || !schema->is_object()) return std::nullopt;
    if (auto e = schema->find("enum"); e != schema->end() && e->is_array() && !e->empty()) {
      double most = 0;
      for (const Json &v : *e) most = std::max(most, double(v.is_string() && !inJson ? v.get<std::string>().size() : v.dump().size()));
      return most;
    }
    std::string type = schema->value("type", "");
    if (type == "integer" || type == "number") return 32;
    if (type == "boolean") return 5;
    if (type == "null") return 4;
    if (type == "string") {
      auto max = schema->find("maxLength");
      if (max == schema->end() || !max->is_number()) return std::nullopt;
      // A character is at most 4 bytes of UTF-8; as JSON, at most 6 (\u001f), with the quotes.
      return inJson ? 6 * max->get<double>() + 2 : 4 * max->get<double>();
    }
    return std::nullopt;
  }

  // The schema of the items of the wfc.foreach around the step being bounded (`current_`), when
  // its items come from the input or from a step with an output schema; null otherwise.
  const Json *itemSchema(const ir::Composition &c) const {
    const Step *foreach = current_ ? current_->parent : nullptr;
    while (foreach && foreach->kind != StepKind::Foreach) foreach = foreach->parent;
    if (!foreach || !foreach->items || foreach->items->kind != ir::Value::Kind::Reference) return nullptr;
    const Json *list = schemaOf(foreach->items->ref, c);
    if (!list || !list->is_object()) return nullptr;
    auto item = list->find("items");
    return item == list->end() ? nullptr : &*item;
  }

  // The schema of the value `ref` names, when the pack declares one; null otherwise.
  const Json *schemaOf(const ir::Reference &ref, const ir::Composition &c) const {
    switch (ref.root) {
      case RefRoot::Input: return subSchema(c.inputSchema ? &c.inputSchema->json : nullptr, ref.path);
      case RefRoot::Item: return subSchema(itemSchema(c), ref.path);
      case RefRoot::StepOutput:
        return ref.step && ref.step->outputSchema ? subSchema(&ref.step->outputSchema->json, ref.path) : nullptr;
      default: return nullptr;
    }
  }

  // Whether the value `ref` names is never an object, so a template variable cannot be looked up
  // in it (the variable's default renders instead): a schema typed otherwise, a prompt's reply
  // without an output schema (a string), an index, an iteration, a run id.
  bool neverAnObject(const ir::Reference &ref, const ir::Composition &c) const {
    if (ref.root == RefRoot::ItemIndex || ref.root == RefRoot::LoopIteration || ref.root == RefRoot::RunId) return true;
    if (ref.root == RefRoot::StepOutput && ref.path.empty() && ref.step && ref.step->prompt && !ref.step->outputSchema &&
        (ref.step->kind == StepKind::Prompt || ref.step->kind == StepKind::Agent))
      return true;
    const Json *schema = schemaOf(ref, c);
    if (!schema || !schema->is_object()) return false;
    auto type = schema->find("type");
    return type != schema->end() && type->is_string() && *type != "object";
  }

  // The tokens a referenced value takes where it is rendered (`inJson`: inside a JSON text).
  SymbolicCount reference(const ir::Reference &ref, const ir::Composition &c, bool inJson) const {
    std::string name = "len(" + ref.text + ")";
    switch (ref.root) {
      case RefRoot::Input:
      case RefRoot::Item:
        if (std::optional<double> bytes = schemaBytes(schemaOf(ref, c), inJson)) return *bytes;
        return SymbolicCount::symbol(name);
      case RefRoot::StepOutput:
      case RefRoot::LoopPrevious:
        // A model's reply, sent on: at most its max_tokens (as JSON, escapes may double it).
        if (ref.step && ref.step->prompt &&
            (ref.step->kind == StepKind::Prompt || ref.step->kind == StepKind::Agent || ref.step->kind == StepKind::Judge))
          return replyTokens(*ref.step->prompt) * SymbolicCount(inJson ? 2 : 1);
        return SymbolicCount::symbol(name);
      case RefRoot::ItemIndex:
      case RefRoot::LoopIteration: return 20;
      case RefRoot::RunId: return 34;
      default: return SymbolicCount::symbol(name);
    }
  }

  SymbolicCount value(const ir::Value &v, const ir::Composition &c, bool inJson) const {
    switch (v.kind) {
      case ir::Value::Kind::Literal:
        return double(v.literal.is_string() && !inJson ? v.literal.get<std::string>().size() : v.literal.dump().size());
      case ir::Value::Kind::Reference: return reference(v.ref, c, inJson);
      case ir::Value::Kind::Interpolation: {
        SymbolicCount sum = inJson ? 2 : 0;
        for (const auto &piece : v.pieces) {
          if (const std::string *text = std::get_if<std::string>(&piece))
            sum += double(text->size()) * (inJson ? 6 : 1);
          else if (const ir::Reference *ref = std::get_if<ir::Reference>(&piece))
            sum += reference(*ref, c, inJson) * SymbolicCount(inJson ? 6 : 1);
          else
            sum += SymbolicCount::symbol("len(expression at " + where(v.loc) + ")");
        }
        return sum;
      }
      case ir::Value::Kind::Object: {
        SymbolicCount sum = 2;
        for (const ir::Value::Member &m : v.members) sum += double(m.key.size() * 6 + 4) + value(m.value, c, true);
        return sum;
      }
      case ir::Value::Kind::Array: {
        SymbolicCount sum = 2;
        for (const ir::Value &e : v.elements) sum += 1 + value(e, c, true);
        return sum;
      }
      case ir::Value::Kind::Expression: return SymbolicCount::symbol("len(expression at " + where(v.loc) + ")");
    }
    return 0;
  }

  // A system template rendered with `input` (its members are the variables) or the defaults.
  SymbolicCount systemTemplate(const ir::Prompt &p, const ir::Value *input, const ir::Composition *c) const {
    auto render = [&](const ir::Template &t) {
      SymbolicCount sum;
      for (const ir::TemplatePiece &piece : t.pieces) {
        if (piece.kind == ir::TemplatePiece::Kind::Text) {
          sum += double(piece.text.size());
        } else if (piece.kind == ir::TemplatePiece::Kind::Variable) {
          const ir::Value *member = input && input->kind == ir::Value::Kind::Object ? input->member(piece.text) : nullptr;
          auto var = std::find_if(p.variables.begin(), p.variables.end(),
                                  [&](const ir::Variable &v) { return v.name == piece.text; });
          const bool hasDefault = var != p.variables.end() && var->defaultValue;
          const double defaultBytes = !hasDefault                         ? 0
                                      : var->defaultValue->is_string() ? double(var->defaultValue->get<std::string>().size())
                                                                       : double(var->defaultValue->dump().size());
          if (member && c) {
            sum += value(*member, *c, false);
          } else if (input && input->kind == ir::Value::Kind::Reference && c && !neverAnObject(input->ref, *c)) {
            // The input's key when it has one, else the default: their sum bounds either.
            ir::Reference ref = input->ref;
            ref.path.push_back({piece.text, std::nullopt});
            ref.text += "." + piece.text;
            sum += reference(ref, *c, false) + defaultBytes;
          } else if (hasDefault) {
            sum += defaultBytes;
          } else if (input || !c) {
            sum += SymbolicCount::symbol("len({{" + piece.text + "}})");
          }
        } else {
          sum += SymbolicCount::symbol("len({{" + piece.text + "}})");
        }
      }
      return sum;
    };
    SymbolicCount most = render(p.systemTemplate);
    // A model override may replace the template or wrap it: its rendering counts too (a sum
    // bounds the larger of them).
    for (const ir::ModelOverride &o : p.modelOverrides) {
      if (o.systemTemplate) most += render(*o.systemTemplate);
      if (o.prefix) most += render(*o.prefix);
      if (o.suffix) most += render(*o.suffix);
    }
    return most;
  }

  static double toolTokens(const std::vector<const ir::Tool *> &tools) {
    double sum = 0;
    for (const ir::Tool *t : tools)
      sum += kMessageOverheadTokens + double(t->providerName.size() + t->description.size() + t->parameters.dump().size());
    return sum;
  }

  // The skills a conversation is offered: their descriptions (and preloaded instructions) in the
  // system message, their tools' definitions, their resources as results.
  double skillTokens() const {
    double sum = 0;
    for (const ir::Skill *s : program_.skills) {
      sum += double(s->name.size() + s->description.size() + 2 * s->instructions.size()) + 3 * kMessageOverheadTokens;
      for (const auto &[path, content] : s->resources) sum += double(path.size() + content.size());
    }
    if (!program_.skills.empty()) sum += 3 * (kMessageOverheadTokens + 400);  // the three skill tools
    return sum;
  }

  // A conversation of up to `rounds` exchanges for one user turn (an agent step's attempt, a
  // state's visit): each round sends everything before it again. `first`: the first request's
  // tokens; the replies are at most `reply` tokens; at most `maxCalls` tool calls run, each result
  // at most `result`, and the calls refused beyond them get an error text.
  struct Conversation {
    SymbolicCount calls, input, output;
  };
  static Conversation rounds(double rounds, const SymbolicCount &first, const SymbolicCount &reply, double maxCalls,
                             const SymbolicCount &result) {
    Conversation c;
    c.calls = rounds;
    c.output = reply * SymbolicCount(rounds);
    const double pairs = rounds * (rounds - 1) / 2;  // (round, earlier round) pairs
    // Calls one reply can make: at most its tokens over a call's least.
    SymbolicCount callsPerReply = reply * SymbolicCount(1 / kMinCallTokens);
    c.input = first * SymbolicCount(rounds) + (reply + kMessageOverheadTokens) * SymbolicCount(pairs) +
              (result + kMessageOverheadTokens + kCallIdBytes) * SymbolicCount(maxCalls * std::max(0.0, rounds - 1)) +
              callsPerReply * SymbolicCount(pairs * (kMessageOverheadTokens + kCallIdBytes + kRefusedCallResultBytes));
    return c;
  }

  // What one tool call's result may be: each offered tool's result, summed (any call may be to any).
  static SymbolicCount toolResults(const std::vector<const ir::Tool *> &tools) {
    SymbolicCount sum;
    for (const ir::Tool *t : tools) sum += SymbolicCount::symbol("result(" + t->name + ")");
    return sum;
  }

  // How many times a step may start in one run of its composition: its attempts, and those of
  // every step around it, times the iterations of the loops and foreaches around it.
  SymbolicCount runs(const Step &s, const ir::Composition &c) const {
    SymbolicCount n = double(std::max(1u, s.modifiers.maxAttempts));
    for (const Step *p = s.parent; p; p = p->parent) {
      n = n * SymbolicCount(double(std::max(1u, p->modifiers.maxAttempts)));
      if (p->kind == StepKind::Loop) {
        if (p->items) n = n * items(*p->items, c);
        if (p->maxIterations > 0) n = n * SymbolicCount(double(p->maxIterations));
        else if (!p->items) n = n * SymbolicCount::infinite("loop '" + p->id + "' sets no max_iterations (" + where(p->loc) + ")");
      } else if (p->kind == StepKind::Foreach) {
        n = n * items(*p->items, c);
      }
    }
    return n;
  }

  // How many items a foreach runs over.
  SymbolicCount items(const ir::Value &v, const ir::Composition &c) const {
    if (v.kind == ir::Value::Kind::Array) return double(v.elements.size());
    if (v.kind == ir::Value::Kind::Literal && v.literal.is_array()) return double(v.literal.size());
    if (v.kind == ir::Value::Kind::Reference) {
      const ir::Reference &ref = v.ref;
      const Json *schema = schemaOf(ref, c);
      if (schema && schema->is_object())
        if (auto max = schema->find("maxItems"); max != schema->end() && max->is_number()) return max->get<double>();
      // A model's array has at most one item per token of its reply.
      if (ref.root == RefRoot::StepOutput && ref.step && ref.step->prompt &&
          (ref.step->kind == StepKind::Prompt || ref.step->kind == StepKind::Agent))
        return replyTokens(*ref.step->prompt);
      return SymbolicCount::symbol("items(" + ref.text + ")");
    }
    return SymbolicCount::symbol("items(" + where(v.loc) + ")");
  }

  void composition(const ir::Composition &c, const SymbolicCount &times, unsigned depth) {
    if (depth > kMaxCallDepth) return;
    std::function<void(const ir::StepList &)> walk = [&](const ir::StepList &steps) {
      for (const std::unique_ptr<Step> &s : steps) {
        step(*s, c, times, depth);
        walk(s->children);
      }
    };
    walk(c.steps);
  }

  void step(const Step &s, const ir::Composition &c, const SymbolicCount &times, unsigned depth) {
    current_ = &s;
    SymbolicCount n = times * runs(s, c);
    const std::string provider = !s.provider.empty() ? s.provider : s.prompt ? s.prompt->provider : "";
    if ((s.kind == StepKind::Prompt || s.kind == StepKind::Agent) && s.prompt) {
      const ir::Prompt &p = *s.prompt;
      SymbolicCount first = kRequestOverheadTokens + kMessageOverheadTokens + systemTemplate(p, s.input ? &*s.input : nullptr, &c);
      if (s.input) first += kMessageOverheadTokens + value(*s.input, c, false);
      bool toolUse = false;
      if (s.outputSchema) {
        first += kMessageOverheadTokens + double(s.outputSchema->json.dump().size());
        toolUse = true;
      }
      SymbolicCount reply = replyTokens(p);
      CostRow row{"step '" + s.id + "'", s.loc, &p, provider, {}, {}, {}};
      if (s.kind == StepKind::Prompt) {
        if (toolUse) first += kToolUseOverheadTokens;
        row.calls = n;
        row.inputTokens = n * first;
        row.outputTokens = n * reply;
      } else {
        first += toolTokens(s.tools) + skillTokens();
        if (!s.tools.empty() || !program_.skills.empty()) toolUse = true;
        if (toolUse) first += kToolUseOverheadTokens;
        double r = s.maxSteps ? double(*s.maxSteps) : double(p.toolPolicy.maxRounds);
        Conversation conv = rounds(r, first, reply, double(p.toolPolicy.maxToolCallsPerTurn), toolResults(s.tools));
        row.calls = n * conv.calls;
        row.inputTokens = n * conv.input;
        row.outputTokens = n * conv.output;
      }
      out_.rows.push_back(std::move(row));
      evals(s, n, reply);
    } else if (s.kind == StepKind::Judge && s.prompt) {
      const ir::Prompt &p = *s.prompt;
      SymbolicCount first = kRequestOverheadTokens + 2 * kMessageOverheadTokens + kToolUseOverheadTokens +
                            systemTemplate(p, nullptr, nullptr) + 400 /* the reply's schema */;
      if (s.rubric) first += 20 + 2 * double(s.rubric->dump().size());
      if (s.target) first += value(*s.target, c, true);
      // The rubric and the target are the template's variables too.
      first = first * SymbolicCount(2);
      out_.rows.push_back({"step '" + s.id + "'", s.loc, &p, provider, n, n * first, n * replyTokens(p)});
    } else if (s.kind == StepKind::Subflow && s.callee && s.subflowPart == ir::SubflowPart::Call) {
      composition(*s.callee, n, depth + 1);
    }
  }

  // The judging evals a step runs after each attempt (docs/evals.md "llm_judge").
  void evals(const Step &s, const SymbolicCount &n, const SymbolicCount &output) {
    for (const ir::Eval *e : s.modifiers.runEvals) {
      if (e->type != "llm_judge") continue;
      SymbolicCount first = kRequestOverheadTokens + 2 * kMessageOverheadTokens + output * SymbolicCount(2) +
                            double(e->criteria.size() + (e->rubric ? 2 * e->rubric->size() : 0) + 60);
      SymbolicCount reply = kJudgeCriteriaMaxTokens;
      const ir::Prompt *judge = e->judge;
      if (judge) {
        first += systemTemplate(*judge, nullptr, nullptr) + kToolUseOverheadTokens + 400;
        reply = replyTokens(*judge);
      } else {
        first += e->judgeSystemPrompt.empty() ? kJudgeSystemBytes : double(e->judgeSystemPrompt.size());
      }
      out_.rows.push_back({"eval '" + e->name + "' after step '" + s.id + "'", e->loc, judge,
                           judge ? judge->provider : "", n, n * first, n * reply});
    }
  }

  // A conversation of a prompt's (a chat task's turn, an internal state's visits).
  void conversation(const std::string &what, llvm::SMLoc loc, const ir::Prompt &p, const SymbolicCount &turns,
                    const std::string &provider) {
    SymbolicCount first = kRequestOverheadTokens + 2 * kMessageOverheadTokens + systemTemplate(p, nullptr, nullptr) +
                          SymbolicCount::symbol("len(message)") + toolTokens(p.tools) + skillTokens();
    if (!p.tools.empty() || !program_.skills.empty()) first += kToolUseOverheadTokens;
    Conversation conv = rounds(double(p.toolPolicy.maxRounds), first, replyTokens(p),
                               double(p.toolPolicy.maxToolCallsPerTurn), toolResults(p.tools));
    out_.rows.push_back({what, loc, &p, provider, turns * conv.calls, turns * conv.input, turns * conv.output});
  }

  void workflow(const ir::Workflow &wf) {
    for (const ir::State &state : wf.states) {
      SymbolicCount visits;
      if (state.maxVisits) visits = double(*state.maxVisits);
      else if (wf.budget.maxTotalVisits) visits = double(*wf.budget.maxTotalVisits);
      else
        visits = SymbolicCount::infinite("state '" + state.name + "' sets no max_visits and the workflow no "
                                         "engine.budget.max_total_visits (" + where(state.loc) + ")");
      if (state.kind == ir::State::Kind::Composition && state.composition) {
        composition(*state.composition, visits, 0);
      } else if (state.kind == ir::State::Kind::Internal && state.prompt) {
        // A persistent state's conversation carries its earlier visits: as one conversation of all
        // their rounds.
        conversation("state '" + state.name + "'", state.loc, *state.prompt, visits,
                     state.prompt->provider);
        if (state.persistent) {
          CostRow &row = out_.rows.back();
          row.inputTokens = row.inputTokens * visits;
        }
      }
    }
  }

  const Program &program_;
  const DiagnosticEngine &diags_;
  CostBound out_;
  const Step *current_ = nullptr;  // the step being bounded: a ${item} is its foreach's
};

}  // namespace

CostBound boundCost(const Program &program, const DiagnosticEngine &diags) { return Bounder(program, diags).run(); }

}  // namespace wfc::analysis
