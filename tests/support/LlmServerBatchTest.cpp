// The test LLM server's provider batch endpoints (docs/test-llm-server.md "Provider batches"), over
// real HTTP: OpenAI's file upload, batch, output and error files; Anthropic's message batches and
// their results; validation, limits, partial failures, expiry, cancellation, and the log line of
// each request a batch answered.
#include "LlmServerProcess.h"

#include <httplib.h>

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace wfc::test {
namespace {

using json = nlohmann::json;

// Answers "hello" to everything but a user message containing FAIL, which is a scripted 500.
json script(json batches = json::object()) {
  json s = json::parse(R"({"replies": [
    {"match": {"user_contains": "FAIL"}, "status": 500},
    {"match": {"user_contains": "slow"}, "delay_ms": 60000, "reply": {"content": "no wait in a batch"}},
    {"reply": {"content": "hello"}}]})");
  if (!batches.empty()) s["batches"] = batches;
  return s;
}

json chatBody(const std::string &text) {
  return {{"model", "m"}, {"messages", json::array({{{"role", "user"}, {"content", text}}})}};
}

std::string jsonl(const std::vector<json> &lines) {
  std::string out;
  for (const json &line : lines) out += line.dump() + "\n";
  return out;
}

std::vector<json> parseLines(const std::string &text) {
  std::vector<json> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

// Result lines by custom_id: the providers promise no order, and the server reverses it.
std::map<std::string, json> byCustomId(const std::vector<json> &lines) {
  std::map<std::string, json> out;
  for (const json &line : lines) out[line["custom_id"]] = line;
  return out;
}

std::vector<std::string> customIds(const std::vector<json> &lines) {
  std::vector<std::string> out;
  for (const json &line : lines) out.push_back(line["custom_id"]);
  return out;
}

json openAiLine(const std::string &id, const std::string &text) {
  return {{"custom_id", id}, {"method", "POST"}, {"url", "/v1/chat/completions"}, {"body", chatBody(text)}};
}

class OpenAiBatches : public ::testing::Test {
 protected:
  explicit OpenAiBatches(json batches = json::object()) : server_(script(std::move(batches))), client_("127.0.0.1", server_.port()) {
    client_.set_read_timeout(std::chrono::seconds(30));
  }

  // Uploads `content` as a batch input file; returns its id.
  std::string upload(const std::string &content) {
    httplib::MultipartFormDataItems items = {{"purpose", "batch", "", ""},
                                             {"file", content, "input.jsonl", "application/jsonl"}};
    auto res = client_.Post("/v1/files", items);
    EXPECT_TRUE(res);
    if (!res) return "";
    EXPECT_EQ(res->status, 200) << res->body;
    json file = json::parse(res->body);
    EXPECT_EQ(file["object"], "file");
    EXPECT_EQ(file["purpose"], "batch");
    EXPECT_EQ(file["bytes"], content.size());
    EXPECT_EQ(file["filename"], "input.jsonl");
    return file["id"];
  }
  json create(const std::string &fileId) {
    json body = {{"input_file_id", fileId}, {"endpoint", "/v1/chat/completions"}, {"completion_window", "24h"},
                 {"metadata", {{"run", "r1"}}}};
    auto res = client_.Post("/v1/batches", body.dump(), "application/json");
    EXPECT_TRUE(res && res->status == 200) << (res ? res->body : "no response");
    return res ? json::parse(res->body) : json();
  }
  json get(const std::string &path, int status = 200) {
    auto res = client_.Get(path.c_str());
    EXPECT_TRUE(res);
    if (!res) return json();
    EXPECT_EQ(res->status, status) << path << ": " << res->body;
    json parsed = json::parse(res->body, nullptr, false);
    return parsed.is_discarded() ? json(res->body) : parsed;
  }
  // Looks at the batch until it has ended, as a client polls; the statuses seen on the way.
  json finished(const std::string &id, std::vector<std::string> *seen = nullptr) {
    for (int i = 0; i < 10; ++i) {
      json batch = get("/v1/batches/" + id);
      if (seen) seen->push_back(batch["status"]);
      const std::string status = batch["status"];
      if (status != "validating" && status != "in_progress" && status != "finalizing" && status != "cancelling")
        return batch;
    }
    ADD_FAILURE() << "batch " << id << " never ended";
    return json();
  }
  std::string content(const std::string &fileId) {
    auto res = client_.Get(("/v1/files/" + fileId + "/content").c_str());
    EXPECT_TRUE(res && res->status == 200) << (res ? res->body : "no response");
    return res ? res->body : "";
  }
  // The log lines of the requests a batch answered.
  std::vector<json> answered() const {
    std::vector<json> out;
    for (const json &line : server_.requests())
      if (line.contains("custom_id")) out.push_back(line);
    return out;
  }

  LlmServerProcess server_;
  httplib::Client client_;
};

TEST_F(OpenAiBatches, ABatchAnswersEachLineIntoTheOutputAndErrorFiles) {
  std::string file = upload(jsonl({openAiLine("a", "hi"), openAiLine("b", "please FAIL"), openAiLine("c", "slow one")}));
  json batch = create(file);
  EXPECT_EQ(batch["object"], "batch");
  EXPECT_EQ(batch["status"], "validating");
  EXPECT_EQ(batch["input_file_id"], file);
  EXPECT_EQ(batch["metadata"], json({{"run", "r1"}}));
  const std::string id = batch["id"];

  // The look that completes it sees it finalizing (counts, no files yet); the next, completed.
  std::vector<std::string> seen;
  json done = finished(id, &seen);
  EXPECT_EQ(seen, (std::vector<std::string>{"finalizing", "completed"}));
  EXPECT_EQ(done["status"], "completed");
  EXPECT_EQ(done["request_counts"], json({{"total", 3}, {"completed", 2}, {"failed", 1}}));
  EXPECT_TRUE(done["completed_at"].is_number());

  std::vector<json> lines = parseLines(content(done["output_file_id"]));
  EXPECT_EQ(customIds(lines), (std::vector<std::string>{"c", "a"})) << "results come back out of input order";
  std::map<std::string, json> output = byCustomId(lines);
  ASSERT_EQ(output.size(), 2u);
  EXPECT_EQ(output["a"]["response"]["status_code"], 200);
  EXPECT_EQ(output["a"]["response"]["body"]["choices"][0]["message"]["content"], "hello");
  EXPECT_TRUE(output["a"]["error"].is_null());
  EXPECT_EQ(output["c"]["response"]["body"]["choices"][0]["message"]["content"], "no wait in a batch")
      << "a batch request skips its entry's delay_ms: the batch's completion_ms is its latency";
  std::vector<json> errors = parseLines(content(done["error_file_id"]));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0]["custom_id"], "b");
  EXPECT_EQ(errors[0]["response"]["status_code"], 500);
  EXPECT_EQ(errors[0]["response"]["body"]["error"]["message"], "scripted status 500");

  // Each request answered once, logged with its batch and custom_id, however often the batch is
  // looked at.
  get("/v1/batches/" + id);
  std::vector<json> log = answered();
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log[0]["batch"], id);
  EXPECT_EQ(log[0]["custom_id"], "a");
  EXPECT_EQ(log[0]["path"], "/v1/chat/completions");
  EXPECT_EQ(log[0]["body"], chatBody("hi"));
  EXPECT_EQ(log[1]["status"], 500);

  // The files' metadata; an input file is not downloadable, as at the provider.
  json meta = get("/v1/files/" + done["output_file_id"].get<std::string>());
  EXPECT_EQ(meta["purpose"], "batch_output");
  get("/v1/files/" + file + "/content", 400);
  get("/v1/files/file-999", 404);
  get("/v1/batches/batch_999", 404);

  // A tidy client deletes the files it has read.
  auto deleted = client_.Delete(("/v1/files/" + done["output_file_id"].get<std::string>()).c_str());
  ASSERT_TRUE(deleted);
  EXPECT_EQ(json::parse(deleted->body), json({{"id", done["output_file_id"]}, {"object", "file"}, {"deleted", true}}));
  get("/v1/files/" + done["output_file_id"].get<std::string>(), 404);
}

TEST_F(OpenAiBatches, AnInvalidLineFailsTheBatchNamingIt) {
  json created = create(upload(jsonl({openAiLine("a", "hi"), openAiLine("a", "again")})));
  EXPECT_EQ(created["status"], "validating") << "a failed validation shows at the next look";
  EXPECT_TRUE(created["errors"].is_null());
  json failed = finished(created["id"]);
  EXPECT_EQ(failed["status"], "failed");
  EXPECT_EQ(failed["errors"]["data"][0]["code"], "duplicate_custom_id");
  EXPECT_EQ(failed["errors"]["data"][0]["line"], 2);

  json wrongUrl = openAiLine("x", "hi");
  wrongUrl["url"] = "/v1/embeddings";
  json mismatched = finished(create(upload(jsonl({wrongUrl})))["id"]);
  EXPECT_EQ(mismatched["errors"]["data"][0]["code"], "mismatched_endpoint");
  EXPECT_EQ(mismatched["errors"]["data"][0]["line"], 1);

  json notJson = finished(create(upload("{\"custom_id\": \"a\"\n"))["id"]);
  EXPECT_EQ(notJson["errors"]["data"][0]["code"], "invalid_json_line");
  EXPECT_EQ(notJson["status"], "failed");
  EXPECT_TRUE(answered().empty()) << "a failed batch answers nothing";

  // A batch that names no input file, or another endpoint, is refused outright.
  auto res = client_.Post("/v1/batches", json({{"input_file_id", "file-404"}, {"endpoint", "/v1/chat/completions"},
                                               {"completion_window", "24h"}}).dump(), "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400) << res->body;
  // Only "batch" files are kept.
  httplib::MultipartFormDataItems items = {{"purpose", "fine-tune", "", ""}, {"file", "x", "x.jsonl", ""}};
  res = client_.Post("/v1/files", items);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400) << res->body;
}

class OpenAiBatchLimits : public OpenAiBatches {
 protected:
  OpenAiBatchLimits()
      : OpenAiBatches(json({{"max_requests", 2}, {"max_bytes", 1000}, {"expire_requests", 1}, {"results_order", "input"}})) {}
};

TEST_F(OpenAiBatchLimits, OverTheLimitFailsAndTheFirstRequestsExpire) {
  json tooMany = finished(create(upload(jsonl({openAiLine("a", "1"), openAiLine("b", "2"), openAiLine("c", "3")})))["id"]);
  EXPECT_EQ(tooMany["status"], "failed");
  EXPECT_EQ(tooMany["errors"]["data"][0]["code"], "too_many_requests");

  // expire_requests 1: the first request processed expires, the batch with it.
  json first = finished(create(upload(jsonl({openAiLine("a", "1"), openAiLine("b", "2")})))["id"]);
  EXPECT_EQ(first["status"], "expired");
  EXPECT_EQ(first["request_counts"], json({{"total", 2}, {"completed", 1}, {"failed", 1}}));
  std::vector<json> errors = parseLines(content(first["error_file_id"]));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0]["custom_id"], "a");
  EXPECT_EQ(errors[0]["error"]["code"], "batch_expired");
  EXPECT_TRUE(errors[0]["response"].is_null());
  // The count is used up: the next batch completes whole.
  json second = finished(create(upload(jsonl({openAiLine("a", "1")})))["id"]);
  EXPECT_EQ(second["status"], "completed");
  EXPECT_TRUE(second["error_file_id"].is_null());
  ASSERT_EQ(answered().size(), 2u) << "an expired request is never answered";

  // An oversized file is refused at upload (max_bytes 1000 here).
  httplib::MultipartFormDataItems items = {{"purpose", "batch", "", ""},
                                           {"file", std::string(1001, ' '), "big.jsonl", "application/jsonl"}};
  auto res = client_.Post("/v1/files", items);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 400) << res->body;
}

class OpenAiSlowBatches : public OpenAiBatches {
 protected:
  // Never due within a test: what a client sees while a provider still works.
  OpenAiSlowBatches() : OpenAiBatches(json({{"completion_ms", 600000}})) {}
};

TEST_F(OpenAiSlowBatches, ABatchInProgressCancelsWithoutAnsweringAnything) {
  json batch = create(upload(jsonl({openAiLine("a", "1"), openAiLine("b", "2")})));
  const std::string id = batch["id"];
  json waiting = get("/v1/batches/" + id);
  EXPECT_EQ(waiting["status"], "in_progress");
  EXPECT_EQ(waiting["request_counts"], json({{"total", 2}, {"completed", 0}, {"failed", 0}}));
  EXPECT_TRUE(waiting["output_file_id"].is_null());

  auto res = client_.Post(("/v1/batches/" + id + "/cancel").c_str(), "", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
  json cancelling = json::parse(res->body);
  EXPECT_EQ(cancelling["status"], "cancelling");
  EXPECT_TRUE(cancelling["cancelled_at"].is_null()) << "not cancelled yet";
  EXPECT_TRUE(cancelling["error_file_id"].is_null());
  EXPECT_EQ(cancelling["request_counts"]["failed"], 0);
  json cancelled = get("/v1/batches/" + id);
  EXPECT_EQ(cancelled["status"], "cancelled");
  std::vector<json> errors = parseLines(content(cancelled["error_file_id"]));
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[1]["error"]["code"], "batch_cancelled");
  EXPECT_TRUE(answered().empty());
  // A second cancel is refused, as the provider's is.
  res = client_.Post(("/v1/batches/" + id + "/cancel").c_str(), "", "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 409) << res->body;
}

// ---- Anthropic ----------------------------------------------------------------------------------

json messagesParams(const std::string &text) {
  return {{"model", "claude-test"}, {"max_tokens", 64}, {"messages", json::array({{{"role", "user"}, {"content", text}}})}};
}

class AnthropicBatches : public ::testing::Test {
 protected:
  explicit AnthropicBatches(json batches = json::object()) : server_(script(std::move(batches))), client_("127.0.0.1", server_.port()) {
    client_.set_read_timeout(std::chrono::seconds(30));
    client_.set_default_headers({{"x-api-key", "sk-ant-test"}, {"anthropic-version", "2023-06-01"}});
  }
  httplib::Result create(const std::vector<std::pair<std::string, std::string>> &requests) {
    json body = {{"requests", json::array()}};
    for (const auto &[id, text] : requests) body["requests"].push_back({{"custom_id", id}, {"params", messagesParams(text)}});
    return client_.Post("/v1/messages/batches", body.dump(), "application/json");
  }
  json get(const std::string &path, int status = 200) {
    auto res = client_.Get(path.c_str());
    EXPECT_TRUE(res);
    if (!res) return json();
    EXPECT_EQ(res->status, status) << path << ": " << res->body;
    return res->body;
  }

  LlmServerProcess server_;
  httplib::Client client_;
};

TEST_F(AnthropicBatches, ResultsNameEachRequestsOutcome) {
  auto res = create({{"req-1", "hi"}, {"req_2", "FAIL now"}});
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200) << res->body;
  json created = json::parse(res->body);
  EXPECT_EQ(created["type"], "message_batch");
  const std::string createdAt = created["created_at"];
  EXPECT_EQ(createdAt.size(), std::string("2024-08-20T18:37:24.100435Z").size()) << createdAt << ": microseconds, as the API writes";
  const std::string id = created["id"];

  json batch = json::parse(get("/v1/messages/batches/" + id).get<std::string>());
  EXPECT_EQ(batch["processing_status"], "ended");
  EXPECT_EQ(batch["request_counts"],
            json({{"processing", 0}, {"succeeded", 1}, {"errored", 1}, {"canceled", 0}, {"expired", 0}}));
  const std::string url = batch["results_url"];
  const std::string prefix = "http://127.0.0.1:" + std::to_string(server_.port());
  ASSERT_EQ(url.rfind(prefix, 0), 0u) << url;
  std::vector<json> lines = parseLines(get(url.substr(prefix.size())).get<std::string>());
  EXPECT_EQ(customIds(lines), (std::vector<std::string>{"req_2", "req-1"}));
  std::map<std::string, json> results = byCustomId(lines);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results["req-1"]["result"]["type"], "succeeded");
  EXPECT_EQ(results["req-1"]["result"]["message"]["type"], "message");
  EXPECT_EQ(results["req-1"]["result"]["message"]["content"][0]["text"], "hello");
  EXPECT_EQ(results["req_2"]["result"]["type"], "errored");
  EXPECT_EQ(results["req_2"]["result"]["error"]["type"], "error");
  EXPECT_EQ(results["req_2"]["result"]["error"]["error"]["message"], "scripted status 500");

  std::vector<json> log;
  for (const json &line : server_.requests())
    if (line.contains("custom_id")) log.push_back(line);
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0]["path"], "/v1/messages");
  EXPECT_EQ(log[0]["batch"], id);
  EXPECT_EQ(log[0]["body"], messagesParams("hi"));

  // An ended batch can be deleted; then it is gone.
  auto deleted = client_.Delete(("/v1/messages/batches/" + id).c_str());
  ASSERT_TRUE(deleted);
  EXPECT_EQ(json::parse(deleted->body), json({{"id", id}, {"type", "message_batch_deleted"}}));
  get("/v1/messages/batches/" + id, 404);
}

TEST_F(AnthropicBatches, BadCustomIdsAndEmptyBatchesAreRefused) {
  for (const auto &requests : std::vector<std::vector<std::pair<std::string, std::string>>>{
           {{"has space", "x"}}, {{"a", "x"}, {"a", "y"}}, {{std::string(65, 'a'), "x"}}, {}}) {
    auto res = create(requests);
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 400) << res->body;
    EXPECT_EQ(json::parse(res->body)["error"]["type"], "invalid_request_error");
  }
  get("/v1/messages/batches/msgbatch_404", 404);
}

class AnthropicSlowBatches : public AnthropicBatches {
 protected:
  AnthropicSlowBatches() : AnthropicBatches(json({{"completion_ms", 600000}, {"max_requests", 2}})) {}
};

TEST_F(AnthropicSlowBatches, InProgressHasNoResultsAndCancelsEveryRequest) {
  auto tooMany = create({{"a", "1"}, {"b", "2"}, {"c", "3"}});
  ASSERT_TRUE(tooMany);
  EXPECT_EQ(tooMany->status, 400) << tooMany->body;

  auto res = create({{"a", "1"}, {"b", "2"}});
  ASSERT_TRUE(res);
  const std::string id = json::parse(res->body)["id"];
  json waiting = json::parse(get("/v1/messages/batches/" + id).get<std::string>());
  EXPECT_EQ(waiting["processing_status"], "in_progress");
  EXPECT_EQ(waiting["request_counts"]["processing"], 2);
  EXPECT_TRUE(waiting["results_url"].is_null());
  get("/v1/messages/batches/" + id + "/results", 400);

  auto inProgress = client_.Delete(("/v1/messages/batches/" + id).c_str());
  ASSERT_TRUE(inProgress);
  EXPECT_EQ(inProgress->status, 400) << "a batch in progress is not deleted";
  auto cancel = client_.Post(("/v1/messages/batches/" + id + "/cancel").c_str(), "", "application/json");
  ASSERT_TRUE(cancel);
  json canceling = json::parse(cancel->body);
  EXPECT_EQ(canceling["processing_status"], "canceling");
  EXPECT_EQ(canceling["request_counts"]["processing"], 2) << "counted once it has ended";
  json ended = json::parse(get("/v1/messages/batches/" + id).get<std::string>());
  EXPECT_EQ(ended["processing_status"], "ended");
  EXPECT_EQ(ended["request_counts"]["canceled"], 2);
  std::map<std::string, json> results = byCustomId(parseLines(get("/v1/messages/batches/" + id + "/results").get<std::string>()));
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results["b"]["result"]["type"], "canceled");
}

class AnthropicExpiringBatches : public AnthropicBatches {
 protected:
  AnthropicExpiringBatches() : AnthropicBatches(json({{"expire_requests", 2}})) {}
};

TEST_F(AnthropicExpiringBatches, TheFirstRequestsProcessedExpire) {
  auto res = create({{"a", "1"}, {"b", "2"}, {"c", "3"}});
  ASSERT_TRUE(res);
  const std::string id = json::parse(res->body)["id"];
  std::map<std::string, json> results = byCustomId(parseLines(get("/v1/messages/batches/" + id + "/results").get<std::string>()));
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results["a"]["result"]["type"], "expired");
  EXPECT_EQ(results["b"]["result"]["type"], "expired");
  EXPECT_EQ(results["c"]["result"]["type"], "succeeded");
}

TEST(LlmServerBatchScript, UnknownBatchKeysAreRefused) {
  EXPECT_THROW(LlmServerProcess server(script(json({{"completion_msec", 5}}))), std::runtime_error);
  EXPECT_THROW(LlmServerProcess server(script(json({{"max_requests", -1}}))), std::runtime_error);
  EXPECT_THROW(LlmServerProcess server(script(json({{"results_order", "sorted"}}))), std::runtime_error);
}

}  // namespace
}  // namespace wfc::test
