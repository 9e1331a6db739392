// Streaming's own cost (BENCHMARKS.md "Streaming"; bench.py's `stream` part starts the test LLM
// server and runs this against it): the latency wfc adds to the first token, and tokens per
// second through wfc at several concurrent streams.
//
//   wfc_bench_stream BASE_URL ITERATIONS CONCURRENCY... > results.json
//
// Time to first token is measured twice per iteration, alternately, on the same thread (so on the
// same kept-alive connection): once as the test server's own — libcurl reading the raw stream
// until the first content event has arrived, nothing parsed — and once through wfc — the OpenAI
// provider streaming into a Trace whose EventStream writes each token line to /dev/null, timed
// when the first token's line has been written. The difference is what wfc adds: SSE parsing,
// the chunk's JSON, the delta, the trace and the JSON line. Throughput: N threads each streaming
// replies of 256 words through the same path, tokens counted at the sink.
#include "core/llm/OpenAiProvider.h"
#include "core/trace/EventStream.h"
#include "core/trace/Trace.h"
#include "support/http/HttpClient.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using wfc::llm::Delta;

double micros(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  size_t at = std::min(v.size() - 1, size_t(p * double(v.size() - 1) + 0.5));
  return v[at];
}

wfc::llm::Request request(const std::string &message) {
  wfc::llm::Request r;
  r.model = "bench";
  r.messages.push_back({wfc::llm::Message::Role::User, message, {}, ""});
  return r;
}

// The server's own: raw bytes until the first content event (the second event: the first is the
// role chunk) has arrived.
double rawFirstToken(const std::string &url, const std::string &message) {
  wfc::http::HttpRequest r;
  r.url = url + "/chat/completions";
  r.headers = {"Content-Type: application/json", "Accept: text/event-stream"};
  r.body = nlohmann::json{{"model", "bench"},
                          {"messages", {{{"role", "user"}, {"content", message}}}},
                          {"stream", true}}
               .dump();
  std::string seen;
  Clock::time_point start = Clock::now(), first{};
  r.onBody = [&](std::string_view piece) {
    seen.append(piece);
    if (first == Clock::time_point{}) {
      size_t events = 0;
      for (size_t at = seen.find("\n\n"); at != std::string::npos; at = seen.find("\n\n", at + 2)) ++events;
      if (events >= 2) first = Clock::now();
    }
    return true;
  };
  wfc::CancellationToken cancel;
  wfc::http::post(r, cancel);
  return micros(first - start);
}

struct Through {
  wfc::llm::OpenAiProvider provider;
  wfc::Trace trace;
  explicit Through(const std::string &url)
      : provider([&] {
          wfc::llm::EndpointOptions o;
          o.baseUrl = url;
          o.model = "bench";
          return o;
        }()),
        trace({std::make_shared<wfc::EventStream>("/dev/null")}) {}

  // Streams one reply through the provider into the trace; returns the µs to the first token's
  // line, and counts the text deltas.
  double stream(const std::string &message, size_t *tokens = nullptr) {
    Clock::time_point start = Clock::now(), first{};
    size_t count = 0;
    wfc::llm::DeltaSink sink = [&](const Delta &d) {
      trace.delta({"bench", std::nullopt, 1, 1, "p", "text", d.text, 0, {}, {}});
      if (d.kind == Delta::Kind::Text && ++count == 1) first = Clock::now();
      return true;
    };
    wfc::CancellationToken cancel;
    provider.complete(request(message), {"bench", std::nullopt, 1, 1, "p"}, cancel, &sink);
    if (tokens) *tokens += count;
    return micros(first - start);
  }
};

}  // namespace

int main(int argc, char **argv) {
  if (argc < 4) {
    std::cerr << "usage: wfc_bench_stream BASE_URL ITERATIONS CONCURRENCY...\n";
    return 2;
  }
  const std::string url = argv[1];
  const int iterations = std::stoi(argv[2]);
  nlohmann::ordered_json out;

  // First token: a short reply, alternating the two paths on this thread's connection.
  {
    Through through(url);
    std::vector<double> raw, wfc, added;
    for (int i = 0; i < iterations + 20; ++i) {
      double r = rawFirstToken(url, "short");
      double w = through.stream("short");
      if (i < 20) continue;  // warm-up: connections, libcurl, caches
      raw.push_back(r);
      wfc.push_back(w);
      added.push_back(w - r);
    }
    out["first_token_us"] = {{"server_p50", percentile(raw, 0.5)}, {"server_p99", percentile(raw, 0.99)},
                             {"wfc_p50", percentile(wfc, 0.5)},    {"wfc_p99", percentile(wfc, 0.99)},
                             {"added_p50", percentile(added, 0.5)}, {"added_p99", percentile(added, 0.99)}};
  }

  // Throughput: each thread streams long replies for a fixed time.
  nlohmann::ordered_json throughput = nlohmann::ordered_json::array();
  for (int a = 3; a < argc; ++a) {
    const int threads = std::stoi(argv[a]);
    std::atomic<size_t> tokens{0};
    std::atomic<bool> stop{false};
    std::vector<std::thread> pool;
    Clock::time_point start = Clock::now();
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&] {
        Through through(url);
        while (!stop) {
          size_t n = 0;
          through.stream("long", &n);
          tokens += n;
        }
      });
    std::this_thread::sleep_for(std::chrono::seconds(3));
    stop = true;
    for (std::thread &t : pool) t.join();
    double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    throughput.push_back({{"streams", threads}, {"tokens_per_second", double(tokens) / seconds}});
  }
  out["throughput"] = throughput;
  std::cout << out.dump() << "\n";
  return 0;
}
