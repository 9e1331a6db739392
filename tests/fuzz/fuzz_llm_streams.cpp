// Streamed LLM replies (docs/streaming.md): one response body read as server-sent events by both
// providers' stream decoders — chat-completions chunks, and Messages API events to a plain and a
// structured request — cut into two transport pieces where the input's first byte says, as a
// connection may cut it anywhere.
//
// Invariants checked besides crashes: the parser and decoders throw only wfc::Error (a stream a
// step cannot use fails the attempt; anything else would escape the retry logic); a complete
// stream's text pieces add up to the reply's text (what a reader saw is what the step got; the
// Anthropic answer tool's content, handed on whole at the end, included).
#include "FuzzTarget.h"

#include "core/llm/ReplyStream.h"
#include "support/http/ServerSentEvents.h"
#include "wfc/error.h"

#include <exception>
#include <functional>
#include <memory>
#include <string>

namespace {

using wfc::llm::Delta;
using wfc::llm::DeltaSink;
using wfc::llm::ReplyStream;
using wfc::llm::Request;

Request structuredRequest() {
  Request request;
  request.structured = wfc::llm::StructuredOutput{"answer", {{"type", "object"}}, false};
  return request;
}

void decode(const char *decoder, std::string_view body, size_t cut,
            const std::function<std::unique_ptr<ReplyStream>(const DeltaSink &)> &make, bool textAddsUp) {
  std::string text;
  DeltaSink sink = [&](const Delta &d) {
    if (d.kind == Delta::Kind::Text) text += d.text;
    return true;
  };
  std::unique_ptr<ReplyStream> stream = make(sink);
  wfc::http::ServerSentEventParser events([&](const wfc::http::ServerSentEvent &e) { stream->onEvent(e); });
  try {
    events.feed(body.substr(0, cut));
    events.feed(body.substr(cut));
    if (!stream->finished() && events.pending()) events.feed("\n\n");
    if (!stream->finished()) return;  // cut short: the Endpoint retries or fails the attempt
    wfc::llm::Reply reply = stream->reply();
    if (textAddsUp && text != reply.content)
      wfc::fuzz::fail(std::string(decoder) + ": the text handed on (" + text + ") is not the reply's (" +
                      reply.content + ")");
  } catch (const wfc::Error &) {
    // a malformed stream, or an error the provider sent: the attempt fails (or is retried)
  } catch (const std::exception &e) {
    wfc::fuzz::fail(std::string(decoder) + " threw something other than wfc::Error: " + e.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view body = wfc::fuzz::asText(data, size);
  size_t cut = body.empty() ? 0 : static_cast<unsigned char>(body[0]) % (body.size() + 1);
  static const Request plain, structured = structuredRequest();
  decode("openAiStream", body, cut, [](const DeltaSink &s) { return wfc::llm::openAiStream(s); }, true);
  decode("anthropicStream", body, cut, [](const DeltaSink &s) { return wfc::llm::anthropicStream(s, plain); }, true);
  decode("anthropicStream (structured)", body, cut,
         [](const DeltaSink &s) { return wfc::llm::anthropicStream(s, structured); }, false);
  return 0;
}
