#include "core/llm/Endpoint.h"

#include "core/llm/ReplyStream.h"
#include "support/http/ServerSentEvents.h"

#include "common/JsonReader.h"
#include "support/Limits.h"
#include "support/http/HttpClient.h"

#include <algorithm>
#include <cstdint>
#include <chrono>
#include <exception>
#include <optional>
#include <random>
#include <utility>

namespace wfc::llm {
namespace {

const char *const kRedacted = "[redacted]";

std::string attempts(unsigned n) { return std::to_string(n) + (n == 1 ? " attempt" : " attempts"); }

// Before retry n (after failed attempt n): base * 2^(n-1), jittered to 50–150%, capped.
long backoffMs(uint64_t baseMs, uint64_t maxMs, unsigned failedAttempt) {
  if (baseMs == 0) return 0;
  thread_local std::mt19937_64 random(std::random_device{}());
  double delay = double(baseMs) * double(uint64_t(1) << std::min(failedAttempt - 1, 30u));
  delay *= std::uniform_real_distribution<double>(0.5, 1.5)(random);
  return long(std::min(delay, double(maxMs)));
}

}  // namespace

void addParameters(Json &body, const Json &parameters) {
  if (!parameters.is_object()) return;
  for (const auto &[key, value] : parameters.items())
    if (key != "stream" && !body.contains(key)) body[key] = value;
}

Error malformedReply(const std::string &problem) { return Error(ErrorKind::StepFailed, "the LLM reply " + problem); }

Json parseReplyObject(const std::string &body) {
  if (body.find_first_not_of(" \t\r\n") == std::string::npos) throw malformedReply("is empty");
  Json reply;
  try {
    reply = readJson(body);  // bounded nesting (docs/limits.md)
  } catch (const Error &e) {
    // A syntax error, a number too large for a double or nesting past the bound: the attempt
    // fails like any malformed reply.
    std::string_view what = e.what();
    if (what.starts_with("invalid JSON: ")) what.remove_prefix(14);
    throw malformedReply("is not valid JSON: " + http::textHead(what, 300));
  }
  if (!reply.is_object()) throw malformedReply("is not a JSON object");
  return reply;
}

uint64_t maxTokens(const Json &body) {
  for (const char *name : {"max_tokens", "max_completion_tokens"})
    if (auto it = body.find(name); it != body.end() && it->is_number()) return tokenCount(body, name);
  return 0;
}

uint64_t tokenCount(const Json &usage, const char *name) {
  auto it = usage.find(name);
  if (it == usage.end() || !it->is_number()) return 0;
  if (it->is_number_unsigned()) return it->get<uint64_t>();
  if (it->is_number_integer()) return uint64_t(std::max<int64_t>(0, it->get<int64_t>()));
  // A count as a double: converting one past 2^64 is undefined, so it is capped (found by
  // tests/fuzz: fuzz_llm_replies, regression input usage-count-out-of-range.json).
  double count = it->get<double>();
  if (!(count > 0)) return 0;
  if (count >= 18446744073709551616.0) return UINT64_MAX;
  return uint64_t(count);
}

Endpoint::Endpoint(EndpointOptions options, const std::string &path) : options_(std::move(options)) {
  std::string base = options_.baseUrl;
  while (!base.empty() && base.back() == '/') base.pop_back();
  url_ = base + path;
  if (options_.maxTransportAttempts == 0) options_.maxTransportAttempts = 1;
}

std::string Endpoint::describe(const std::string &provider) const {
  return scrub(provider + " " + options_.model + " at " + http::redactUrl(options_.baseUrl));
}

std::string Endpoint::scrub(std::string message) const {
  if (!options_.apiKey || options_.apiKey->empty()) return message;
  const std::string &key = *options_.apiKey;
  const std::string redacted = kRedacted;
  for (size_t at = message.find(key); at != std::string::npos; at = message.find(key, at + redacted.size()))
    message.replace(at, key.size(), redacted);
  return message;
}

Reply Endpoint::exchange(const std::vector<std::string> &headers, const Json &body, const ExchangeKey &key,
                         const CancellationToken &cancel, const std::function<Reply(const std::string &body)> &parse,
                         const Streaming &streaming) const {
  http::HttpRequest request;
  request.url = url_;
  request.connectTimeoutMs = options_.connectTimeoutMs;
  request.timeoutMs = options_.timeoutMs;
  request.headers = {"Content-Type: application/json",
                     streaming.deltas ? "Accept: text/event-stream, application/json" : "Accept: application/json"};
  request.headers.insert(request.headers.end(), headers.begin(), headers.end());
  request.body = body.dump();
  request.maxBodyBytes = limits::kMaxLlmReplyBytes;
  RateLimiter *limiter = options_.limiter.get();
  const uint64_t estimated = limiter ? estimateTokens(request.body.size(), maxTokens(body)) : 0;

  const unsigned maxAttempts = options_.maxTransportAttempts;
  try {
    for (unsigned attempt = 1;; ++attempt) {
      std::string reason;
      long delayMs = 0;
      if (limiter) limiter->acquire(estimated, cancel);
      // A stream's decoder and what stopped it, new for each attempt.
      std::unique_ptr<ReplyStream> stream;
      std::exception_ptr stopped;
      std::optional<http::ServerSentEventParser> events;
      if (streaming.deltas) {
        stream = streaming.decoder(*streaming.deltas);
        events.emplace([&stream](const http::ServerSentEvent &event) { stream->onEvent(event); });
        // No exception may cross libcurl: it waits here until the transfer has been aborted.
        request.onBody = [&](std::string_view piece) {
          try {
            events->feed(piece);
            return true;
          } catch (const ReplyStream::Stop &) {
            return false;  // the reader said stop: the transfer ends here
          } catch (...) {
            stopped = std::current_exception();
            return false;
          }
        };
      }
      // A stream that broke after it began: nothing has reached the reader yet → retried like a
      // lost connection; otherwise the attempt fails (a retry would repeat what was handed on).
      auto broken = [&](const std::string &why, bool retryable) {
        if (!retryable || stream->delivered())
          throw Error(ErrorKind::StepFailed, std::string("the LLM stream broke") +
                                                 (stream->delivered() ? " after its first token" : "") + ": " + why);
        if (attempt >= maxAttempts)
          throw Error(ErrorKind::StepFailed, "the LLM stream broke before its first token on each of " +
                                                 attempts(attempt) + ": " + why);
        reason = why;
        delayMs = backoffMs(options_.backoffBaseMs, options_.maxBackoffMs, attempt);
      };
      // The reply, checked and counted against the limiter.
      auto settled = [&](Reply reply) {
        if (reply.toolCalls.size() > limits::kMaxToolCallsPerReply)
          throw Error(ErrorKind::StepFailed, "the model's reply asks for " + std::to_string(reply.toolCalls.size()) +
                                                 " tool calls at once; wfc takes at most " +
                                                 std::to_string(limits::kMaxToolCallsPerReply) +
                                                 " in one reply (docs/limits.md)");
        // A reply without usage keeps its estimate: the provider counted something.
        if (limiter && (reply.usage.promptTokens || reply.usage.completionTokens))
          limiter->settle(estimated, reply.usage.promptTokens + reply.usage.completionTokens);
        return reply;
      };
      try {
        try {
          http::HttpResponse response = http::post(request, cancel);
          if (response.status >= 200 && response.status < 300) {
            if (!response.streamed) {
              Reply reply = parse(response.body);
              // A server that does not stream answers whole: handed on as a replay is (the reply is
              // whole, so a reader's stop has nothing left to stop).
              if (streaming.deltas) (void)deliverInPieces(reply, *streaming.deltas);
              return settled(std::move(reply));
            }
            try {
              // An event the server did not end with its blank line is taken all the same.
              if (events->pending()) events->feed("\n\n");
              if (stream->finished()) return settled(stream->reply());
            } catch (const ReplyStream::Stop &) {
              return settled(stream->stoppedReply());
            }
            broken("the stream ended before its last event", true);
          } else {
            bool retryable = response.status == 429 || (response.status >= 500 && response.status < 600);
            if (!retryable || attempt >= maxAttempts)
              throw Error(ErrorKind::StepFailed, "the LLM endpoint answered HTTP " + std::to_string(response.status) +
                                                     " after " + attempts(attempt) + ": " +
                                                     http::textHead(response.body, 300));
            reason = "HTTP " + std::to_string(response.status);
            std::optional<long> asked =
                response.retryAfter ? http::retryAfterMs(*response.retryAfter) : std::nullopt;
            delayMs = asked ? std::min<long>(*asked, long(options_.maxBackoffMs))
                            : backoffMs(options_.backoffBaseMs, options_.maxBackoffMs, attempt);
            // Too many requests: not this run's alone — every request sharing the limiter waits as
            // long (docs/batch.md "Rate limits"), and the refused request cost no tokens.
            if (limiter && response.status == 429) {
              limiter->settle(estimated, 0);
              limiter->pause(std::chrono::milliseconds(delayMs));
            }
          }
        } catch (const http::TransportError &e) {
          // The reader said stop: the reply is what it took. The decoder or the reader failed:
          // its reason, not libcurl's.
          if (stream && stream->stopped()) return settled(stream->stoppedReply());
          if (stopped) std::rethrow_exception(stopped);
          if (stream && e.retryable() && stream->delivered()) {
            broken(e.what(), true);
          } else {
            if (!e.retryable()) throw;
            if (attempt >= maxAttempts)
              throw Error(e.kind(), "the LLM endpoint could not be reached after " + attempts(attempt) + ": " + e.what());
            reason = e.what();
            delayMs = backoffMs(options_.backoffBaseMs, options_.maxBackoffMs, attempt);
          }
        }
      } catch (const StreamedError &e) {
        broken(e.what(), e.retryable());
      }
      if (options_.onRetry) options_.onRetry(key, attempt, scrub(reason), delayMs);
      if (cancel.waitFor(std::chrono::milliseconds(delayMs))) throw Error(ErrorKind::Cancelled, cancel.reason());
    }
  } catch (const Error &e) {
    // The one place every message leaves through: a server may echo the key in its error body.
    std::string message = scrub(e.what());
    if (message != e.what()) throw Error(e.kind(), message);
    throw;
  }
}

}  // namespace wfc::llm
