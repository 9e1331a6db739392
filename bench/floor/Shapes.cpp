#include "Shapes.h"

#include "support/http/HttpClient.h"
#include "native_tools.h"
#include "wfc/cancellation.h"
#include "wfc/error.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <exception>
#include <thread>
#include <vector>

namespace wfc::bench {
namespace {

using Json = nlohmann::ordered_json;

Json complete(const std::string &baseUrl, const Json &body, const CancellationToken &cancel) {
  http::HttpRequest request;
  request.url = baseUrl + "/chat/completions";
  request.headers = {"Content-Type: application/json"};
  request.body = body.dump();
  http::HttpResponse response = http::post(request, cancel);
  if (response.status != 200)
    throw Error(ErrorKind::StepFailed, "the LLM server answered " + std::to_string(response.status) + ": " + response.body);
  return Json::parse(response.body);
}

}  // namespace

Value chain(int steps, const Value &seed) {
  CancellationToken cancel;
  ToolCall call{"step.run", "", cancel};
  Value value = seed;
  for (int i = 0; i < steps; ++i) value = noop(Value::object({{"value", std::move(value)}}), call);
  return value;
}

Value journaledChain(int steps, const Value &seed, const std::string &path, bool full) {
  sqlite3 *db = nullptr;
  auto check = [&](int rc) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
      throw Error(ErrorKind::StepFailed, std::string("sqlite: ") + sqlite3_errmsg(db));
  };
  check(sqlite3_open(path.c_str(), &db));
  check(sqlite3_exec(db, full ? "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL"
                              : "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL",
                     nullptr, nullptr, nullptr));
  check(sqlite3_exec(db,
                     "CREATE TABLE IF NOT EXISTS steps (run INTEGER, path TEXT, output TEXT, PRIMARY KEY (run, path)) "
                     "WITHOUT ROWID",
                     nullptr, nullptr, nullptr));
  sqlite3_stmt *last = nullptr, *insert = nullptr;
  check(sqlite3_prepare_v2(db, "SELECT coalesce(max(run), 0) + 1 FROM steps", -1, &last, nullptr));
  check(sqlite3_step(last));
  int64_t run = sqlite3_column_int64(last, 0);
  sqlite3_finalize(last);
  check(sqlite3_prepare_v2(db, "INSERT INTO steps (run, path, output) VALUES (?1, ?2, ?3)", -1, &insert, nullptr));
  CancellationToken cancel;
  ToolCall call{"step.run", "", cancel};
  Value value = seed;
  for (int i = 0; i < steps; ++i) {
    value = noop(Value::object({{"value", std::move(value)}}), call);
    std::string path = "s" + std::to_string(i), output = value.dump();
    sqlite3_bind_int64(insert, 1, run);
    sqlite3_bind_text(insert, 2, path.data(), int(path.size()), SQLITE_TRANSIENT);
    sqlite3_bind_text(insert, 3, output.data(), int(output.size()), SQLITE_TRANSIENT);
    check(sqlite3_step(insert));  // autocommit: one transaction per step
    sqlite3_reset(insert);
  }
  sqlite3_finalize(insert);
  sqlite3_close(db);
  return value;
}

Value fanout(int branches) {
  CancellationToken cancel;
  std::vector<Value> results(static_cast<size_t>(branches));
  std::vector<std::thread> threads;
  threads.reserve(size_t(branches));
  for (int i = 0; i < branches; ++i)
    threads.emplace_back([&, i] {
      ToolCall call{"wait", "", cancel};
      results[size_t(i)] = wait_20ms(Value::object({{"i", Value::integer(i + 1)}}), call);
    });
  for (std::thread &t : threads) t.join();
  return Value::array(std::move(results));
}

Value branch(int64_t n) {
  CancellationToken cancel;
  ToolCall call{"step.run", "", cancel};
  Value picked = noop(Value::object({{"value", Value::string(n > 10 ? "big" : "small")}}), call);
  return noop(Value::object({{"value", std::move(picked)}}), call);
}

Value start() {
  CancellationToken cancel;
  ToolCall call{"stamp", "", cancel};
  return stamp(Value::object({}), call);
}

Value agent(const std::string &baseUrl, int rounds) {
  CancellationToken cancel;
  ToolCall call{"kb.lookup", "", cancel};
  Json tools = Json::array({{{"type", "function"},
                             {"function",
                              {{"name", "kb_lookup"},
                               {"description", "Looks a term up."},
                               {"parameters", {{"type", "object"}, {"properties", {{"value", Json::object()}}}}}}}}});
  Json messages = Json::array({{{"role", "system"}, {"content", "Look things up, then answer."}},
                               {{"role", "user"}, {"content", "bench"}}});
  for (int round = 0; round < rounds; ++round) {
    Json reply = complete(baseUrl, {{"model", "test-model"}, {"messages", messages}, {"tools", tools}}, cancel);
    const Json &message = reply.at("choices").at(0).at("message");
    messages.push_back(message);
    if (!message.contains("tool_calls")) return Value::fromJson(message.value("content", Json()));
    for (const Json &toolCall : message.at("tool_calls")) {
      Value args = Value::parse(toolCall.at("function").at("arguments").get<std::string>());
      Value result = noop(args, call);
      messages.push_back({{"role", "tool"}, {"tool_call_id", toolCall.at("id")}, {"content", result.dump()}});
    }
  }
  throw Error(ErrorKind::Exhausted, "the agent loop did not end within " + std::to_string(rounds) + " rounds");
}

Value parallelPrompts(const std::string &baseUrl, int count) {
  CancellationToken cancel;
  std::vector<Value> results(static_cast<size_t>(count));
  std::vector<std::exception_ptr> failures(static_cast<size_t>(count));
  std::vector<std::thread> threads;
  for (int i = 0; i < count; ++i)
    threads.emplace_back([&, i] {
      try {
        Json reply = complete(baseUrl,
                              {{"model", "test-model"},
                               {"messages", Json::array({{{"role", "user"}, {"content", "question " + std::to_string(i)}}})}},
                              cancel);
        results[size_t(i)] = Value::string(reply.at("choices").at(0).at("message").value("content", ""));
      } catch (...) {
        failures[size_t(i)] = std::current_exception();
      }
    });
  for (std::thread &t : threads) t.join();
  for (const std::exception_ptr &failure : failures)
    if (failure) std::rethrow_exception(failure);
  return Value::array(std::move(results));
}

}  // namespace wfc::bench
