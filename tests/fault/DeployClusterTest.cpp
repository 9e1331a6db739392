// The cluster simulation of `wfc deploy --target=k8s-job` (docs/deploy.md "How it is tested"):
// `wfc deploy` writes the Indexed Job of packs/batch.yaml (two LLM requests per line), and this
// test plays the Job controller and the kubelet from that manifest alone — each completion index a
// pod run as a local process, with the manifest's arguments and environment ($(JOB_COMPLETION_INDEX)
// expanded as Kubernetes expands it, the API key from a fake Secret), its init container first, at
// most `parallelism` pods at once, /data a directory — and kills pods with SIGKILL in the middle of
// their shard, replacing them as backoffLimitPerIndex and the pod failure policy say. The union of
// the shards' outputs must equal one machine's run of the whole input: every line exactly once.
// A shard whose lines fail (exit 1) fails its index without a retry, as the policy says.
#include "FaultSupport.h"
#include "JournalReader.h"
#include "LlmServerProcess.h"
#include "Process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <signal.h>

#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace wfc::test {
namespace {

std::string doc(int i) { return "doc-" + std::to_string(i); }

// Line i's draft and polish, each answered after `delayMs`; the lines in `failing` answered 400
// (not retried: the line fails).
Json clusterScript(int lines, int delayMs, const std::set<int> &failing = {}) {
  Json replies = Json::array();
  for (int i = 0; i < lines; ++i) {
    if (failing.count(i)) {
      replies.push_back({{"match", {{"user_contains", "draft|" + doc(i) + "|"}}},
                         {"status", 400}});
      continue;
    }
    replies.push_back({{"match", {{"user_contains", "draft|" + doc(i) + "|"}}},
                       {"delay_ms", delayMs},
                       {"reply", {{"content", "draft of " + doc(i)}}}});
    replies.push_back({{"match", {{"user_contains", "polish|" + doc(i) + "|"}}},
                       {"delay_ms", delayMs},
                       {"reply", {{"content", "polished " + doc(i)}}}});
  }
  return {{"replies", replies}};
}

// What the Job's manifest says a pod runs, read as the Job controller and the kubelet read it.
struct JobManifest {
  int completions = 0, parallelism = 0, backoffLimitPerIndex = 0;
  std::set<int> failIndexCodes;  // podFailurePolicy: FailIndex on these exit codes
  std::vector<std::string> initCommand, args;
  // name → value, or "" with `secretKey`/`indexAnnotation` for those sources.
  struct Env {
    std::string name, value, secretKey;
    bool index = false;
  };
  std::vector<Env> env;

  static JobManifest read(const fs::path &file) {
    YAML::Node job = YAML::LoadFile(file.string());
    JobManifest m;
    EXPECT_EQ(job["kind"].as<std::string>(), "Job");
    YAML::Node spec = job["spec"];
    EXPECT_EQ(spec["completionMode"].as<std::string>(), "Indexed");
    m.completions = spec["completions"].as<int>();
    m.parallelism = spec["parallelism"].as<int>();
    m.backoffLimitPerIndex = spec["backoffLimitPerIndex"].as<int>();
    EXPECT_EQ(spec["podReplacementPolicy"].as<std::string>(), "Failed");
    for (const YAML::Node &rule : spec["podFailurePolicy"]["rules"])
      if (rule["action"].as<std::string>() == "FailIndex" && rule["onExitCodes"])
        for (const YAML::Node &code : rule["onExitCodes"]["values"]) m.failIndexCodes.insert(code.as<int>());
    YAML::Node pod = spec["template"]["spec"];
    EXPECT_EQ(pod["restartPolicy"].as<std::string>(), "Never");
    for (const YAML::Node &word : pod["initContainers"][0]["command"]) m.initCommand.push_back(word.as<std::string>());
    YAML::Node container = pod["containers"][0];
    for (const YAML::Node &word : container["args"]) m.args.push_back(word.as<std::string>());
    for (const YAML::Node &e : container["env"]) {
      Env v;
      v.name = e["name"].as<std::string>();
      if (e["value"]) v.value = e["value"].as<std::string>();
      else if (e["valueFrom"]["secretKeyRef"]) v.secretKey = e["valueFrom"]["secretKeyRef"]["key"].as<std::string>();
      else if (e["valueFrom"]["fieldRef"])
        v.index = e["valueFrom"]["fieldRef"]["fieldPath"].as<std::string>() ==
                  "metadata.annotations['batch.kubernetes.io/job-completion-index']";
      m.env.push_back(v);
    }
    return m;
  }
};

// The kubelet's $(VAR) expansion of a command or argument: a variable of the container's
// environment is replaced by its value, $$ is a literal $, anything else stays as written.
std::string expand(const std::string &text, const std::map<std::string, std::string> &env) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "$$") == 0) {
      out += '$';
      ++i;
      continue;
    }
    if (text.compare(i, 2, "$(") == 0) {
      size_t close = text.find(')', i);
      if (close != std::string::npos) {
        auto it = env.find(text.substr(i + 2, close - i - 2));
        if (it != env.end()) {
          out += it->second;
          i = close;
          continue;
        }
      }
    }
    out += text[i];
  }
  return out;
}

// The cluster: the manifest's pods as processes, /data as `root`/data.
class Cluster {
 public:
  Cluster(const JobManifest &job, std::string exe, fs::path root, std::map<std::string, std::string> secret)
      : job_(job), exe_(std::move(exe)), root_(std::move(root)), secret_(std::move(secret)) {}

  // A pod of index `index`: its environment, the init container, then the container.
  std::unique_ptr<Child> start(int index, int attempt) {
    std::map<std::string, std::string> env;
    for (const JobManifest::Env &e : job_.env)
      env[e.name] = e.index ? std::to_string(index) : !e.secretKey.empty() ? secret_.at(e.secretKey) : e.value;
    fs::path io = root_ / "pods" / (std::to_string(index) + "-" + std::to_string(attempt));
    std::vector<std::string> init;
    for (const std::string &w : job_.initCommand) init.push_back(mounted(expand(w, env)));
    Child prepare("/usr/bin/env", init, {}, io / "init");
    Outcome prepared = prepare.wait(30);
    EXPECT_EQ(prepared.exitCode, 0) << prepared.describe();
    std::vector<std::string> args, vars;
    for (const std::string &a : job_.args) args.push_back(mounted(expand(a, env)));
    for (const auto &[name, value] : env) vars.push_back(name + "=" + value);
    return std::make_unique<Child>(exe_, args, vars, io);
  }

  fs::path data() const { return root_ / "data"; }

 private:
  // /data and /input are volumes: directories of the test.
  std::string mounted(const std::string &path) const {
    for (const char *mount : {"/data", "/input"})
      if (path == mount || path.rfind(std::string(mount) + "/", 0) == 0) return (root_ / (path.c_str() + 1)).string();
    return path;
  }

  const JobManifest &job_;
  std::string exe_;
  fs::path root_;
  std::map<std::string, std::string> secret_;
};

// The Job controller, as far as backoffLimitPerIndex and the pod failure policy go: each index's
// pods one after another, at most `parallelism` indexes running, a failed pod replaced (after it
// is gone) until the index has failed backoffLimitPerIndex + 1 times or a FailIndex rule matched.
// `kill(index, attempt)` says after how many finished lines of its shard the pod is killed
// (nullopt: let it run).
struct IndexOutcome {
  int attempts = 0;
  bool succeeded = false;
  std::vector<Outcome> pods;
};

std::vector<IndexOutcome> runJob(const JobManifest &job, Cluster &cluster,
                                 const std::function<std::optional<int>(int, int)> &kill) {
  std::vector<IndexOutcome> outcomes(size_t(job.completions));
  std::vector<int> failures(size_t(job.completions), 0);
  std::deque<int> pending;
  for (int i = 0; i < job.completions; ++i) pending.push_back(i);
  struct Running {
    int index;
    std::unique_ptr<Child> pod;
    std::optional<int> killAfter;
  };
  std::vector<Running> running;
  auto deadline = Clock::now() + std::chrono::seconds(120);
  while ((!pending.empty() || !running.empty()) && Clock::now() < deadline) {
    while (!pending.empty() && int(running.size()) < job.parallelism) {
      int index = pending.front();
      pending.pop_front();
      int attempt = outcomes[size_t(index)].attempts++;
      running.push_back({index, cluster.start(index, attempt), kill(index, attempt)});
    }
    for (auto it = running.begin(); it != running.end();) {
      fs::path journal = cluster.data() / "journal" / ("shard-" + std::to_string(it->index) + ".db");
      if (it->killAfter) {
        std::string finished = JournalReader(journal).one("SELECT count(*) FROM batch_lines WHERE status != 'running'");
        if (!finished.empty() && std::stoi(finished) >= *it->killAfter) ::kill(it->pod->pid(), SIGKILL);
      }
      if (processAlive(it->pod->pid())) {
        ++it;
        continue;
      }
      Outcome o = it->pod->wait(10);
      IndexOutcome &index = outcomes[size_t(it->index)];
      index.pods.push_back(o);
      if (o.exitCode == 0) {
        index.succeeded = true;
      } else if (o.exitCode > 0 && job.failIndexCodes.count(o.exitCode)) {
        // FailIndex: not retried.
      } else if (++failures[size_t(it->index)] <= job.backoffLimitPerIndex) {
        pending.push_back(it->index);  // podReplacementPolicy Failed: only now that it is gone
      }
      it = running.erase(it);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_TRUE(pending.empty() && running.empty()) << "the Job did not finish in time";
  return outcomes;
}

class DeployClusterTest : public ::testing::Test {
 protected:
  TempDir dir_;

  // `wfc deploy` of the fault suite's batch pack, against `server`; the Job's manifest.
  JobManifest deploy(const LlmServerProcess &server, const std::vector<std::string> &more) {
    std::vector<std::string> args = {"deploy", std::string(WFC_SOURCE_DIR) + "/tests/fault/packs/batch.yaml",
                                     "--target=k8s-job", "-o", (dir_ / "deploy").string(), "--model", "test-model",
                                     "--llm-base-url", server.baseUrl()};
    args.insert(args.end(), more.begin(), more.end());
    ProcessResult r = runProcess(WFC_BINARY, args, 60);
    EXPECT_EQ(r.exitCode, 0) << r.describe();
    return JobManifest::read(dir_ / "deploy" / "job.yaml");
  }
  fs::path input(int n) {
    fs::create_directories(dir_ / "cluster" / "data");
    std::string text;
    for (int i = 0; i < n; ++i) text += Json{{"doc", doc(i)}}.dump() + "\n";
    fs::path path = dir_ / "cluster" / "data" / "input.jsonl";
    std::ofstream(path) << text;
    return path;
  }
  // Every shard's result lines, by line.
  std::map<int, std::vector<Json>> shardResults(int shards) {
    std::map<int, std::vector<Json>> byLine;
    for (int i = 0; i < shards; ++i) {
      fs::path out = dir_ / "cluster" / "data" / "out" / ("shard-" + std::to_string(i) + ".jsonl");
      EXPECT_TRUE(fs::exists(out)) << out;
      for (const std::string &line : splitLines(readText(out))) {
        Json result = Json::parse(line);
        EXPECT_EQ(result["line"].get<int>() % shards, i) << "shard " << i << " ran line " << result["line"];
        byLine[result["line"].get<int>()].push_back(result);
      }
    }
    return byLine;
  }
};

TEST_F(DeployClusterTest, ShardsKilledAndRestartedAsTheJobSaysTogetherEqualOneMachine) {
  const int n = 40;
  LlmServerProcess server(clusterScript(n, 30));
  JobManifest job = deploy(server, {"--shards", "4", "--parallelism", "2", "--retries", "2", "--max-runs", "3"});
  ASSERT_EQ(job.completions, 4);
  ASSERT_EQ(job.parallelism, 2);
  ASSERT_EQ(job.backoffLimitPerIndex, 2);
  EXPECT_EQ(job.failIndexCodes, (std::set<int>{1, 2}));
  fs::path in = input(n);

  // Index 0's first pod killed after 3 of its lines, index 2's first two pods after 2 and 6:
  // within backoffLimitPerIndex, so each index's next pod continues its shard.
  Cluster cluster(job, WFC_FAULT_BATCH, dir_ / "cluster", {{"OPENAI_API_KEY", "sk-cluster-test"}});
  std::vector<IndexOutcome> outcomes = runJob(job, cluster, [](int index, int attempt) -> std::optional<int> {
    if (index == 0 && attempt == 0) return 3;
    if (index == 2 && attempt == 0) return 2;
    if (index == 2 && attempt == 1) return 6;
    return std::nullopt;
  });
  const std::vector<int> expectedAttempts = {2, 1, 3, 1};
  for (int i = 0; i < job.completions; ++i) {
    const IndexOutcome &o = outcomes[size_t(i)];
    EXPECT_TRUE(o.succeeded) << "index " << i << ": " << (o.pods.empty() ? "no pod" : o.pods.back().describe());
    EXPECT_EQ(o.attempts, expectedAttempts[size_t(i)]) << "index " << i;
    for (size_t k = 0; k + 1 < o.pods.size(); ++k)
      EXPECT_EQ(o.pods[k].signal, SIGKILL) << "index " << i << " pod " << k << ": " << o.pods[k].describe();
    if (o.pods.size() > 1) {
      EXPECT_TRUE(contains(o.pods.back().err, "batch shard-" + std::to_string(i) + "-of-4 resumed"))
          << "a replacement pod continues its shard's batch: " << o.pods.back().err;
    }
  }
  // Each line's run in its shard's journal is one run, however often its pod was killed.
  for (int i = 0; i < job.completions; ++i) {
    JournalReader reader(dir_ / "cluster" / "data" / "journal" / ("shard-" + std::to_string(i) + ".db"));
    EXPECT_EQ(reader.one("SELECT count(DISTINCT run) FROM batch_lines"), std::to_string(n / 4)) << "shard " << i;
    EXPECT_EQ(reader.one("SELECT group_concat(id) FROM batches"), "shard-" + std::to_string(i) + "-of-4");
  }

  // One machine, the whole input, no shard.
  Child single(WFC_FAULT_BATCH,
               {"--input-jsonl", in.string(), "--output-jsonl", (dir_ / "single.jsonl").string(), "--llm-base-url",
                server.baseUrl(), "--model", "test-model", "--max-runs", "6"},
               {}, dir_ / "single");
  Outcome one = single.wait(120);
  ASSERT_EQ(one.exitCode, 0) << one.describe();
  std::vector<std::string> expected = splitLines(readText(dir_ / "single.jsonl"));
  ASSERT_EQ(expected.size(), size_t(n));

  std::map<int, std::vector<Json>> union_ = shardResults(job.completions);
  ASSERT_EQ(union_.size(), size_t(n)) << "lines missing from the shards' outputs";
  for (int line = 0; line < n; ++line) {
    ASSERT_EQ(union_[line].size(), 1u) << "line " << line << " is in the shards' outputs more than once";
    EXPECT_EQ(union_[line][0], Json::parse(expected[size_t(line)])) << "line " << line;
  }
}

// A shard some of whose lines fail exits 1: the FailIndex rule fails its index at once (a retry
// would fail the same lines again); the other indexes complete, and the failed shard's output
// says which lines failed.
TEST_F(DeployClusterTest, AShardWithFailedLinesFailsItsIndexWithoutARetry) {
  const int n = 12;
  LlmServerProcess server(clusterScript(n, 0, {5}));
  JobManifest job = deploy(server, {"--shards", "3", "--retries", "3"});
  input(n);
  Cluster cluster(job, WFC_FAULT_BATCH, dir_ / "cluster", {{"OPENAI_API_KEY", "sk-cluster-test"}});
  std::vector<IndexOutcome> outcomes = runJob(job, cluster, [](int, int) { return std::nullopt; });
  for (int i = 0; i < 3; ++i) {
    const IndexOutcome &o = outcomes[size_t(i)];
    ASSERT_EQ(o.pods.size(), 1u) << "index " << i;
    EXPECT_EQ(o.succeeded, i != 2) << "index " << i << ": " << o.pods.back().describe();
    EXPECT_EQ(o.pods.back().exitCode, i == 2 ? 1 : 0) << o.pods.back().describe();
  }
  std::map<int, std::vector<Json>> results = shardResults(3);
  ASSERT_EQ(results.size(), size_t(n));
  for (const auto &[line, lines] : results)
    EXPECT_EQ(lines[0]["status"], line == 5 ? "failed" : "succeeded") << lines[0].dump();
}

}  // namespace
}  // namespace wfc::test
