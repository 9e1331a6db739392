// A provider's reply as a stream of server-sent events (docs/streaming.md): each provider's
// decoder (OpenAiStream, AnthropicStream) reads its API's events, hands every piece of text and
// of tool calls to the DeltaSink as it comes, and in the end builds the same Reply the provider's
// plain answer would have given — by handing the reply it assembled to the plain parser.
#pragma once

#include "core/llm/Provider.h"
#include "wfc/error.h"

#include <memory>
#include <string>

namespace wfc::http {
struct ServerSentEvent;
}

namespace wfc::llm {

// An error the provider sent inside a stream (OpenAI's {"error": …} chunk, Anthropic's `error`
// event). `retryable`: the provider is overloaded or failed on its side, as a 5xx would say — the
// Endpoint retries it when no delta has been handed on yet.
class StreamedError : public Error {
 public:
  StreamedError(const std::string &message, bool retryable)
      : Error(ErrorKind::StepFailed, message), retryable_(retryable) {}
  bool retryable() const { return retryable_; }

 private:
  bool retryable_;
};

class ReplyStream {
 public:
  explicit ReplyStream(const DeltaSink &deltas) : deltas_(deltas) {}
  virtual ~ReplyStream() = default;

  // One event. Throws malformedReply for an event that is not the API's, StreamedError for an
  // error the provider sent; what the sink throws propagates.
  virtual void onEvent(const http::ServerSentEvent &event) = 0;
  // Whether the reply is complete: its last event came. A stream that ends before is cut short.
  virtual bool finished() const = 0;
  // The whole reply, once finished().
  virtual Reply reply() = 0;

  // Whether a delta has gone to the sink: after that, a broken stream cannot be retried unseen.
  bool delivered() const { return delivered_; }
  // The text handed on so far.
  const std::string &handedOnText() const { return text_; }

  // Thrown through the decoder when the sink says stop; the Endpoint ends the transfer.
  struct Stop {};
  // Whether the sink said stop, and the reply it stopped: the text handed on so far.
  bool stopped() const { return stopped_; }
  Reply stoppedReply() const;

 protected:
  void deliver(const Delta &delta) {
    delivered_ = true;
    if (delta.kind == Delta::Kind::Text) text_ += delta.text;
    if (!deltas_(delta)) {
      stopped_ = true;
      throw Stop{};
    }
  }

 private:
  const DeltaSink &deltas_;
  bool delivered_ = false, stopped_ = false;
  std::string text_;
};

// Hands a whole reply to `deltas` as a stream would have: its text word by word (each word with
// the whitespace after it), then each tool call's start and its arguments in one piece. For
// replies that did not stream: a replay, a journaled exchange of a resumed run. Returns the reply
// — or, when the sink said stop, the reply it stopped, as a live stream gives it.
Reply deliverInPieces(const Reply &reply, const DeltaSink &deltas);

// A stream of chat-completions chunks (`data: {chunk}` … `data: [DONE]`).
std::unique_ptr<ReplyStream> openAiStream(const DeltaSink &deltas);
// A stream of Messages API events (message_start … message_stop), answering `request` (its answer
// tool, for structured output).
std::unique_ptr<ReplyStream> anthropicStream(const DeltaSink &deltas, const Request &request);

}  // namespace wfc::llm
