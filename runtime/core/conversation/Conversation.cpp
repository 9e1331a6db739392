#include "core/conversation/Conversation.h"

#include "common/JsonReader.h"
#include "core/conversation/Guardrails.h"
#include "core/cost/JournaledSpend.h"
#include "core/cost/RequestBound.h"
#include "core/journal/RunJournal.h"
#include "core/llm/Recording.h"
#include "core/llm/ReplyStream.h"
#include "core/run/Run.h"
#include "support/Elapsed.h"
#include "wfc/error.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <thread>

namespace wfc::llm {
namespace {

using Clock = std::chrono::steady_clock;

// Runs one call, leaving its result (or its error, for the model to read) in `call.result`.
// Cancellation is not the tool's failure: it ends the step.
void runToolCall(const StepAttempt &a, PendingCall &call, unsigned round, size_t index) {
  try {
    std::string key = callKey(round, index);
    if (a.itemInCallKeys && a.item) key = "t" + std::to_string(*a.item) + key;
    call.result = toolResultText(
        a.run.callTool(call.tool, *call.args, true, a.path, a.attempt, a.cancel, a.span, key, nullptr, call.request->id,
                       a.workingDir));
  } catch (const Error &e) {
    if (e.kind() == ErrorKind::Cancelled || a.cancel.cancelled()) throw;
    call.result = toolErrorText(e.what());
    call.error = e.what();
  } catch (const std::exception &e) {
    call.result = toolErrorText(e.what());
    call.error = e.what();
  }
}

// The round's calls for the tool evals (docs/evals.md "Tool calls"), in the order the model made
// them — whichever finished first — each run, refused or answered at resolution.
void logCalls(const StepAttempt &a, const std::vector<PendingCall> &calls, size_t count) {
  if (!a.log) return;
  const ProgramDecl &program = a.run.program();
  for (size_t i = 0; i < count; ++i) {
    const PendingCall &c = calls[i];
    if (c.answered) a.log->add(*c.answered);
    else if (!c.args) a.log->add({c.tool >= 0 ? program.tools[c.tool].name : c.request->name, Value(), "", c.rejected});
    else a.log->add({program.tools[c.tool].name, *c.args, c.error.empty() ? c.result : "", c.error});
  }
}

// The exchange in the OpenTelemetry GenAI conventions' message shape (gen_ai.input.messages,
// gen_ai.output.messages), for the trace sinks that take content (--otlp-content only).
Json messageParts(const Message &m) {
  Json parts = Json::array();
  if (m.role == Message::Role::Tool) {
    parts.push_back({{"type", "tool_call_response"}, {"id", m.toolCallId}, {"response", m.content}});
    return parts;
  }
  if (!m.content.empty()) parts.push_back({{"type", "text"}, {"content", m.content}});
  for (const ToolCallRequest &c : m.toolCalls)
    parts.push_back({{"type", "tool_call"}, {"id", c.id}, {"name", c.name}, {"arguments", c.arguments}});
  // A user's media (docs/promptkit.md "Media"): the conventions' uri parts, and blob parts with
  // the size of the bytes in place of them — a span is no place for megabytes, and a conversation
  // sends its media again with every request.
  for (const MediaPart &media : m.media)
    parts.push_back(media.url.empty() ? Json{{"type", "blob"}, {"modality", media.type}, {"mime_type", media.mimeType}, {"size", media.bytes()}}
                                      : Json{{"type", "uri"}, {"modality", media.type}, {"mime_type", media.mimeType}, {"uri", media.url}});
  return parts;
}

Json exchangeContent(const Request &request, const Reply *reply) {
  Json input = Json::array();
  for (const Message &m : request.messages) input.push_back({{"role", Message::spell(m.role)}, {"parts", messageParts(m)}});
  Json content = {{"input_messages", input}};
  if (reply) {
    Message answer;
    answer.role = Message::Role::Assistant;
    answer.content = reply->content;
    answer.toolCalls = reply->toolCalls;
    content["output_messages"] = Json::array(
        {{{"role", "assistant"}, {"parts", messageParts(answer)}, {"finish_reason", reply->finishReason}}});
  }
  return content;
}

const char *spell(Delta::Kind kind) {
  switch (kind) {
    case Delta::Kind::Text: return "text";
    case Delta::Kind::ToolCall: return "tool_call";
    case Delta::Kind::ToolArguments: return "tool_arguments";
  }
  return "text";
}

}  // namespace

Reply Exchange::send(const Request &request, unsigned round) {
  if (prompt_.validators.empty()) return sendToModel(request, round);
  // The validators of the judged and external types read the conversation so far, as PromptKit's
  // guardrails read the session's messages.
  noteConversation(a_, request);
  // Input validators look at the turn's user message, before its first exchange only (PromptKit
  // skips them on tool-loop rounds).
  if (round == 1)
    for (auto it = request.messages.rbegin(); it != request.messages.rend(); ++it)
      if (it->role == Message::Role::User) {
        if (std::optional<std::string> blocked = checkInput(a_, prompt_, it->content, round)) {
          Reply reply;
          reply.content = std::move(*blocked);
          reply.finishReason = "safety";
          return reply;
        }
        break;
      }
  Reply reply = sendToModel(request, round);
  enforceOutput(a_, prompt_, reply, round);
  return reply;
}

Reply Exchange::sendToModel(const Request &request, unsigned round) {
  Provider *provider = a_.run.provider();
  if (!provider)
    throw Error(ErrorKind::Usage, "no LLM provider is configured");  // Main sets one whenever prompts exist
  ExchangeKey key{a_.path, a_.item, round, a_.attempt, prompt_.key};
  Clock::time_point start = Clock::now();
  Trace *trace = a_.run.trace();
  journal::RunJournal *journal = a_.run.journal();
  // An exchange completed before the run resumed is not paid for again: the journal answers it,
  // like a replay (docs/journal.md).
  // Something takes the reply as it comes (--stream, docs/streaming.md): the call streams, each
  // piece going to the trace's sinks — unless an output validator that can judge a partial reply
  // triggers on the text so far (PromptKit's streaming guardrails): the piece that triggers it is
  // not handed on, and the stream stops there; the text so far is the reply, which the
  // validators then settle.
  std::optional<DeltaSink> deltas;
  std::string streamedText;
  if (trace && trace->wantsDeltas() && a_.streams) {
    const bool guarded = hasMidStreamValidators(a_, prompt_);
    // `guarded` by value: the sink outlives this block (a reply the journal answers is handed on
    // below it).
    deltas = [&, round, guarded](const Delta &d) {
      if (d.kind == Delta::Kind::Text && guarded) {
        streamedText += d.text;
        if (triggersMidStream(a_, prompt_, streamedText)) return false;
      }
      trace->delta({a_.path, a_.item, round, a_.attempt, prompt_.key, spell(d.kind), d.text, d.toolIndex, d.toolId,
                    d.toolName});
      return true;
    };
  }
  if (journal && journal->resuming())
    if (const std::string *recorded = journal->exchange(key.str())) {
      Reply reply = replyFromJson(readJson(*recorded));
      if (deltas) reply = deliverInPieces(reply, *deltas);
      if (trace)
        trace->write("llm_call", {{"step", a_.path}, {"prompt", prompt_.key}, {"span_id", trace->newSpanId()},
                                  {"parent_span_id", a_.span}, {"attempt", a_.attempt}, {"round", round},
                                  {"model", request.model}, {"status", "ok"}, {"journal", true}, {"duration_ms", 0},
                                  {"tool_calls", reply.toolCalls.size()}, {"finish_reason", reply.finishReason}});
      return reply;
    }
  // A budget (docs/cost.md "Budgets") holds the request's worst case while it is in flight; a
  // request that does not fit is never sent.
  cost::SpendBudget *budget = a_.run.budget();
  const PriceSettings *price = a_.run.prices() ? a_.run.prices()->find(request.provider, request.model) : nullptr;
  cost::SpendBudget::Reservation reservation;
  cost::RequestBound bound;
  if (budget && budget->limits().any()) {
    bound = cost::requestBound(request, provider->defaultMaxTokens(request.provider));
    reservation = budget->reserve(a_.path, request.model, bound, price);
  }
  try {
    // A stream stopped mid-way has no usage: the provider's count never arrives.
    Reply reply = provider->complete(request, key, a_.cancel, deltas ? &*deltas : nullptr);
    cost::Spend spend = cost::spendOf(reply.usage, price);
    // A reply that reports no usage (a stream stopped mid-way, a server that does not count)
    // counts against a budget as the worst case it reserved.
    if (reservation.held && reply.usage.promptTokens == 0 && reply.usage.completionTokens == 0)
      spend = cost::spendOf({bound.inputTokens, bound.outputTokens.value_or(0), 0}, price);
    // Committed before anything reads the reply, with what it cost: a resumed run goes on against
    // what is left.
    if (budget) budget->settle(reservation, spend);
    if (journal) {
      Json row = replyToJson(reply);
      row["spend"] = cost::spendToJson(spend);
      journal->recordExchange(key.str(), key.step, key.item, round, a_.attempt, prompt_.key,
                              row.dump(-1, ' ', false, Json::error_handler_t::replace));
    }
    a_.tokens.promptTokens += spend.inputTokens;
    a_.tokens.completionTokens += spend.outputTokens;
    if (a_.spend) *a_.spend += spend;
    a_.run.addSpend(spend);
    if (trace) {
      Json line = {{"step", a_.path}, {"prompt", prompt_.key}, {"span_id", trace->newSpanId()},
                   {"parent_span_id", a_.span}, {"attempt", a_.attempt}, {"round", round},
                   {"model", request.model}, {"status", "ok"},
                   {"duration_ms", millisSince(start)}, {"prompt_tokens", spend.inputTokens},
                   {"completion_tokens", spend.outputTokens},
                   {"tool_calls", reply.toolCalls.size()}, {"finish_reason", reply.finishReason}};
      if (spend.cachedInputTokens > 0) line["cached_tokens"] = spend.cachedInputTokens;
      if (spend.cacheWriteInputTokens > 0) line["cache_write_tokens"] = spend.cacheWriteInputTokens;
      if (price) line["cost_usd"] = spend.costUsd;
      if (!request.provider.empty()) line["provider"] = request.provider;  // a pack's provider key (RFC 0017)
      if (!reply.model.empty()) line["response_model"] = reply.model;
      if (!reply.id.empty()) line["response_id"] = reply.id;
      Json content = trace->wantsContent() ? exchangeContent(request, &reply) : Json();
      trace->write("llm_call", line, content.is_null() ? nullptr : &content);
    }
    return reply;
  } catch (const Error &e) {
    // Refused or failed before a reply: nothing to settle. (A reply the provider bills and then
    // breaks off is the one spend a budget cannot see: docs/cost.md "What a budget cannot see".)
    if (budget) budget->release(reservation);
    if (trace) {
      Json content = trace->wantsContent() ? exchangeContent(request, nullptr) : Json();
      trace->write("llm_call", {{"step", a_.path}, {"prompt", prompt_.key}, {"span_id", trace->newSpanId()},
                                {"parent_span_id", a_.span}, {"attempt", a_.attempt}, {"round", round},
                                {"model", request.model}, {"status", "failed"},
                                {"duration_ms", millisSince(start)}, {"error", e.what()}},
                   content.is_null() ? nullptr : &content);
    }
    throw;
  } catch (...) {
    if (budget) budget->release(reservation);
    throw;
  }
}

void offerTools(Request &request, const ProgramDecl &program, std::span<const int> tools) {
  for (int t : tools) {
    const ToolDecl &tool = program.tools[t];
    request.tools.push_back({tool.providerName, tool.description,
                             tool.parameters ? readJson(tool.parameters) : Json{{"type", "object"}}});
  }
}

std::string toolResultText(const Value &result) { return result.isString() ? result.asString() : result.dump(); }

std::string toolErrorText(const std::string &message) { return Json{{"error", message}}.dump(); }

PendingCall resolveCall(const ToolCallRequest &call, const ProgramDecl &program, std::span<const int> offered) {
  PendingCall pending;
  pending.request = &call;
  for (int t : offered)
    if (call.name == program.tools[t].providerName) pending.tool = t;
  if (pending.tool < 0) {
    pending.rejected = "no tool named '" + call.name + "' is offered";
    pending.result = toolErrorText(pending.rejected);
    return pending;
  }
  try {
    pending.args = Value::parse(call.arguments.empty() ? "{}" : call.arguments);
  } catch (const Error &e) {
    pending.rejected = std::string("the arguments are not valid JSON: ") + e.what();
    pending.result = toolErrorText(pending.rejected);
  }
  return pending;
}

void applyToolPolicy(const PromptDecl &prompt, const ProgramDecl &program, std::vector<PendingCall> &calls,
                     unsigned &callsThisTurn) {
  for (PendingCall &call : calls) {
    if (!call.args) continue;
    const char *name = program.tools[call.tool].name;
    bool blocked = std::any_of(prompt.blocklist.begin(), prompt.blocklist.end(),
                               [&](const char *b) { return std::string_view(b) == name; });
    if (blocked) {
      call.args.reset();
      call.rejected = std::string("tool '") + name + "' is blocked by the prompt's tool_policy";
      call.result = toolErrorText(call.rejected);
    } else if (callsThisTurn >= prompt.maxToolCallsPerTurn) {
      call.args.reset();
      call.rejected = "this turn reached tool_policy.max_tool_calls_per_turn (" +
                      std::to_string(prompt.maxToolCallsPerTurn) + "): answer without more tools";
      call.result = toolErrorText(call.rejected);
    } else {
      ++callsThisTurn;
    }
  }
}

// The model is told why a call was refused; the trace says so too, or a reader of the trace would
// see a round whose calls never ran (docs/executable.md "--trace").
static void traceRejectedCalls(const StepAttempt &a, const std::vector<PendingCall> &calls, unsigned round) {
  Trace *trace = a.run.trace();
  if (!trace) return;
  for (const PendingCall &call : calls)
    if (!call.rejected.empty())
      trace->write("tool_call_rejected", {{"step", a.path}, {"parent_span_id", a.span}, {"attempt", a.attempt},
                                          {"round", round}, {"tool_call_id", call.request->id},
                                          {"tool", call.request->name}, {"reason", call.rejected}});
}

std::string callKey(unsigned round, size_t index) {
  return "r" + std::to_string(round) + "c" + std::to_string(index + 1);
}

void runToolCalls(const StepAttempt &a, std::vector<PendingCall> &calls, size_t count, unsigned round) {
  traceRejectedCalls(a, calls, round);
  std::vector<size_t> runnable;
  bool concurrent = true;
  for (size_t i = 0; i < count; ++i) {
    if (!calls[i].args) continue;  // refused, or answered when it was resolved
    runnable.push_back(i);
    if (a.run.program().tools[calls[i].tool].effect == Effect::Write) concurrent = false;
  }
  if (!concurrent || runnable.size() < 2) {
    for (size_t i : runnable) runToolCall(a, calls[i], round, i);
    logCalls(a, calls, count);
    return;
  }
  std::vector<std::exception_ptr> errors(runnable.size());
  std::vector<std::thread> threads;
  threads.reserve(runnable.size());
  for (size_t k = 0; k < runnable.size(); ++k)
    threads.emplace_back([&, k] {
      try {
        runToolCall(a, calls[runnable[k]], round, runnable[k]);
      } catch (...) {
        errors[k] = std::current_exception();
      }
    });
  for (std::thread &t : threads) t.join();
  for (const std::exception_ptr &e : errors)
    if (e) std::rethrow_exception(e);
  logCalls(a, calls, count);
}

void noteConversation(const StepAttempt &a, const Request &request) {
  if (!a.log) return;
  std::vector<evals::TranscriptMessage> transcript;
  transcript.reserve(request.messages.size());
  for (const Message &m : request.messages) transcript.push_back({Message::spell(m.role), m.content});
  a.log->setConversation(std::move(transcript));
}

std::optional<std::string> runTurnRounds(const StepAttempt &a, const PromptDecl &prompt, Request &request,
                                         unsigned maxRounds,
                                         const std::function<PendingCall(const ToolCallRequest &)> &resolve,
                                         const std::function<void()> &afterRound) {
  Exchange exchange(a, prompt);
  unsigned callsThisTurn = 0;
  for (unsigned round = 1; round <= maxRounds; ++round) {
    Reply reply = exchange.send(request, round);
    if (reply.toolCalls.empty()) {
      request.messages.push_back({Message::Role::Assistant, reply.content, {}, {}});
      noteConversation(a, request);
      return reply.content;
    }
    if (round == maxRounds) break;  // the calls of a last round would never be answered
    request.messages.push_back({Message::Role::Assistant, reply.content, reply.toolCalls, {}});
    // "required" must not force a tool call on every round, or a turn could never end.
    if (round == 1 && !request.tools.empty()) request.toolChoice = "auto";
    std::vector<PendingCall> calls;
    for (const ToolCallRequest &call : request.messages.back().toolCalls) calls.push_back(resolve(call));
    applyToolPolicy(prompt, a.run.program(), calls, callsThisTurn);
    runToolCalls(a, calls, calls.size(), round);
    // (A call's request points into its message's tool_calls, which stay put as messages grow.)
    for (PendingCall &call : calls)
      request.messages.push_back({Message::Role::Tool, std::move(call.result), {}, call.request->id});
    afterRound();
  }
  return std::nullopt;
}

}  // namespace wfc::llm
