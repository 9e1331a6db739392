#include "driver/DeployCommand.h"

#include "deploy/ArgoWorkflow.h"
#include "deploy/ContainerRecipe.h"
#include "deploy/DataVolume.h"
#include "deploy/DeployReadme.h"
#include "deploy/KubernetesJob.h"
#include "deploy/ResourceName.h"
#include "driver/BuildCommand.h"
#include "driver/Compilation.h"
#include "driver/CppGeneration.h"
#include "driver/SourceTree.h"
#include "support/DidYouMean.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/WithColor.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

namespace wfc {
namespace {

namespace fs = std::filesystem;
using deploy::DeployPlan;

// A usage error: "wfc: error: …", exit 2.
int usage(const std::string &message) {
  llvm::WithColor::error(llvm::errs(), "wfc") << message << "\n";
  return 2;
}

// A whole number from `min` to `max`, or nullopt.
std::optional<uint64_t> wholeNumber(const std::string &text, uint64_t min, uint64_t max) {
  if (text.empty() || text.size() > 19 || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  uint64_t n = std::stoull(text);
  if (n < min || n > max) return std::nullopt;
  return n;
}

// A Kubernetes resource quantity as a container's resources take it: "500m", "2", "1.5", "512Mi".
bool quantity(const std::string &text) {
  static const std::regex pattern("^[0-9]+(\\.[0-9]+)?(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$");
  return std::regex_match(text, pattern);
}

// A DNS-1123 subdomain (Secrets, ConfigMaps and claims are named so): why not, or nullopt.
std::optional<std::string> subdomainProblem(const std::string &name) {
  static const std::regex pattern("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$");
  if (name.size() > 253) return "it is longer than 253 characters";
  if (!std::regex_match(name, pattern))
    return "it may hold only lowercase letters, digits, '-' and '.', and must start and end with a letter or a digit";
  return std::nullopt;
}

// The options' checks and the numbers they give, before the pack is compiled; a usage message
// when one does not fit.
std::optional<std::string> readOptions(const DeployOptions &o, DeployPlan &plan) {
  const std::vector<std::string> targets = {"k8s-job", "argo"};
  if (o.target.empty())
    return std::string("'wfc deploy' needs --target=k8s-job or --target=argo: where the shards run");
  if (std::find(targets.begin(), targets.end(), o.target) == targets.end())
    return "unknown target '" + o.target + "'" + didYouMeanSuffix(o.target, targets) + "; the targets are " +
           quotedList(targets, "and");
  plan.target = o.target == "argo" ? deploy::Target::Argo : deploy::Target::KubernetesJob;
  if (o.output.empty())
    return std::string("'wfc deploy' needs -o DIR: the directory for the container recipe and the manifests");

  // An Indexed Job holds at most 100,000 completions.
  auto count = [](const std::string &flag, const std::string &text, uint64_t min, uint64_t max,
                  uint64_t &into) -> std::optional<std::string> {
    if (text.empty()) return std::nullopt;
    std::optional<uint64_t> n = wholeNumber(text, min, max);
    if (!n)
      return flag + " takes a whole number from " + std::to_string(min) + " to " + std::to_string(max) + ", not '" +
             text + "'";
    into = *n;
    return std::nullopt;
  };
  plan.shards = 4;
  if (auto p = count("--shards", o.shards, 1, 100000, plan.shards)) return p;
  plan.parallelism = plan.shards;
  if (auto p = count("--parallelism", o.parallelism, 1, 100000, plan.parallelism)) return p;
  if (plan.parallelism > plan.shards)
    return "--parallelism " + std::to_string(plan.parallelism) + " is more than the " + std::to_string(plan.shards) +
           " shards (--shards): each shard is one pod, so at most " + std::to_string(plan.shards) + " run at once";
  if (auto p = count("--retries", o.retries, 0, 100, plan.retries)) return p;
  if (auto p = count("--max-runs", o.maxRuns, 1, 10000, plan.maxRuns)) return p;
  if (auto p = count("--rpm", o.rpm, 1, 1000000000, plan.rpm)) return p;
  if (auto p = count("--tpm", o.tpm, 1, 1000000000000, plan.tpm)) return p;
  // The limits are the cluster's: the shards that run at once share them evenly.
  plan.podRpm = plan.rpm / plan.parallelism;
  plan.podTpm = plan.tpm / plan.parallelism;
  if (plan.rpm && !plan.podRpm)
    return "--rpm " + o.rpm + " leaves less than one request per minute to each of the " +
           std::to_string(plan.parallelism) + " shards that run at once (--parallelism)";
  if (plan.tpm && !plan.podTpm)
    return "--tpm " + o.tpm + " leaves less than one token per minute to each of the " +
           std::to_string(plan.parallelism) + " shards that run at once (--parallelism)";

  for (auto [flag, text, into] : {std::tuple{"--cpu", &o.cpu, &plan.cpu}, std::tuple{"--memory", &o.memory, &plan.memory},
                                  std::tuple{"--volume-size", &o.volumeSize, &plan.volumeSize}}) {
    if (text->empty()) continue;
    if (!quantity(*text))
      return std::string(flag) + " takes a Kubernetes quantity such as 500m, 2, 512Mi or 10Gi, not '" + *text + "'";
    *into = *text;
  }
  if (!o.provider.empty()) {
    if (o.provider != "openai" && o.provider != "anthropic")
      return "--provider takes openai or anthropic, not '" + o.provider + "'";
    plan.provider = o.provider;
  }
  if (!o.model.empty()) plan.model = o.model;
  if (!o.llmBaseUrl.empty()) plan.llmBaseUrl = o.llmBaseUrl;
  if (!o.image.empty()) {
    if (std::any_of(o.image.begin(), o.image.end(), [](char c) { return c <= ' ' || c == '"' || c == '\\'; }))
      return "--image '" + o.image + "' is not an image name: it holds a space, a quote or a backslash";
    plan.image = o.image;
  }
  if (!o.name.empty())
    if (auto problem = deploy::dnsLabelProblem(o.name, deploy::kMaxResourceName))
      return "--name '" + o.name + "' cannot name Kubernetes resources: " + *problem;
  for (auto [flag, text] : {std::pair{"--secret", &o.secret}, std::pair{"--volume-claim", &o.volumeClaim},
                            std::pair{"--input-configmap", &o.inputConfigMap}})
    if (!text->empty())
      if (auto problem = subdomainProblem(*text))
        return std::string(flag) + " '" + *text + "' is not a Kubernetes name: " + *problem;
  if (!o.inputConfigMap.empty()) plan.inputConfigMap = o.inputConfigMap;
  return std::nullopt;
}

std::string absoluteNormal(const std::string &path) {
  llvm::SmallString<256> absolute(path);
  llvm::sys::fs::make_absolute(absolute);
  llvm::sys::path::remove_dots(absolute, true);
  return absolute.str().str();
}

// The files of the pack's project and their common directory: each goes to project/<relative>.
// A usage message when one cannot be named in the project's CMakeLists.txt.
std::optional<std::string> projectFiles(const GeneratedProgram &program, const DeployOptions &o, DeployPlan &plan) {
  std::vector<std::string> files;
  for (const std::string &f : program.filesRead) files.push_back(absoluteNormal(f));
  for (const std::string &n : o.natives) {
    if (!llvm::sys::fs::is_regular_file(n)) return "--native '" + n + "': no such file";
    files.push_back(absoluteNormal(n));
  }
  fs::path root = fs::path(absoluteNormal(o.pack)).parent_path();
  for (const std::string &f : files) {
    // Up to the deepest directory holding them all.
    const fs::path path(f);
    while (root != root.root_path()) {
      auto [end, _] = std::mismatch(root.begin(), root.end(), path.begin(), path.end());
      if (end == root.end()) break;
      root = root.parent_path();
    }
  }
  std::map<std::string, std::string> relative;  // by absolute path; each file once
  for (const std::string &f : files) {
    std::string rel = fs::path(f).lexically_relative(root).generic_string();
    if (rel.find_first_of("\"\\$;") != std::string::npos)
      return "'" + f + "' cannot be named in the image's CMake project: its path holds a quote, a backslash, '$' or ';'";
    relative.emplace(f, rel);
  }
  for (const auto &[source, rel] : relative) plan.projectFiles.push_back({source, rel});
  plan.packFile = relative.at(absoluteNormal(o.pack));
  if (!o.bindings.empty()) plan.bindingsFile = relative.at(absoluteNormal(o.bindings));
  for (const std::string &n : o.natives) plan.nativeSources.push_back(relative.at(absoluteNormal(n)));
  return std::nullopt;
}

// Whether DIR may be written: new, empty, or an earlier `wfc deploy`'s output (its Containerfile
// says so). Its project/ and wfc/ are then wfc's to replace.
std::optional<std::string> outputProblem(const std::string &dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) return std::nullopt;
  if (!fs::is_directory(dir, ec)) return "-o '" + dir + "' is not a directory";
  if (fs::is_empty(dir, ec)) return std::nullopt;
  std::ifstream recipe(fs::path(dir) / "Containerfile");
  std::string first;
  std::getline(recipe, first);
  if (first.rfind("# Generated by wfc deploy", 0) == 0) return std::nullopt;
  return "-o '" + dir + "' is not empty and holds no earlier 'wfc deploy' output; give a new or empty directory";
}

// Copies `from` (a file or a directory, recursively) to `to`.
bool copyTree(const fs::path &from, const fs::path &to) {
  std::error_code ec;
  fs::create_directories(to.parent_path(), ec);
  if (!ec) fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  if (ec) {
    llvm::WithColor::error(llvm::errs(), "wfc")
        << "cannot copy '" << from.string() << "' to '" << to.string() << "': " << ec.message() << "\n";
    return false;
  }
  return true;
}

// Removes a file a deployment to the other target left, when wfc wrote it.
void removeGenerated(const fs::path &file) {
  std::ifstream in(file);
  std::string first;
  std::getline(in, first);
  in.close();
  std::error_code ec;
  if (first.rfind("# Generated by wfc deploy", 0) == 0) fs::remove(file, ec);
}

std::string manifestText(const DeployPlan &plan, const std::vector<deploy::Manifest> &documents) {
  std::string text = "# Generated by wfc deploy from " + plan.packShown + "; regenerate rather than edit (docs/deploy.md).\n";
  for (size_t i = 0; i < documents.size(); ++i) text += (i ? "---\n" : "") + deploy::yamlText(documents[i]);
  return text;
}

}  // namespace

int runDeploy(const DeployOptions &o, const CommonOptions &options, const char *argv0) {
  DeployPlan plan;
  if (std::optional<std::string> problem = readOptions(o, plan)) return usage(*problem);
  if (std::optional<std::string> problem = outputProblem(o.output)) return usage(*problem);
  std::optional<std::string> source = findWfcSource(argv0);
  if (!source)
    return usage("cannot find wfc's source, which the image builds: it is installed in <prefix>/share/wfc/source "
                 "beside <prefix>/bin/wfc (docs/deploy.md)");

  // The pack compiles as the image will compile it (which also says what files it reads).
  Compilation compilation(options);
  GenerateOptions generate{o.pack, o.bindings, false, false, "", ""};
  std::optional<GeneratedProgram> program = generateProgram(compilation, options, generate);
  if (program && program->registry)
    compilation.diags().error(program->loc, "'wfc deploy' runs each shard as a batch, and a workflow registry's "
                                            "executable runs no batches (docs/registry.md)");
  std::optional<std::string> name = o.name.empty() ? std::optional<std::string>() : o.name;
  if (program && !program->registry && !name) {
    name = deploy::resourceName(program->id.empty() ? program->stem : program->id);
    if (!name)
      compilation.diags().error(program->loc, "the pack's id '" + program->id +
                                                  "' cannot name Kubernetes resources: it has no ASCII letter or "
                                                  "digit; name them with --name NAME");
  }
  int status = compilation.finish();
  if (options.verifyDiagnostics) return status;
  if (!program || status != 0) return status != 0 ? status : 1;

  plan.packShown = o.pack;
  plan.name = *name;
  if (plan.image.empty()) plan.image = plan.name + ":latest";
  plan.usesLlm = program->usesLlm;
  plan.secret = o.secret.empty() ? plan.name + "-llm" : o.secret;
  plan.volumeClaim = o.volumeClaim.empty() ? plan.name + "-data" : o.volumeClaim;
  plan.composition = options.composition;
  plan.optLevel = options.optLevel == OptLevel::O0 ? 0 : 1;
  if (std::optional<std::string> problem = projectFiles(*program, o, plan)) return usage(*problem);
  // A chat pack's batch runs one task, each line a turn of it (docs/batch.md "What fits").
  const std::vector<std::string> &tasks = program->chatTasks;
  if (!o.task.empty()) {
    if (tasks.empty())
      return usage("--task names a chat pack's task, and this pack runs a workflow or a composition");
    if (std::find(tasks.begin(), tasks.end(), o.task) == tasks.end())
      return usage("no task '" + o.task + "'" + didYouMeanSuffix(o.task, tasks) + "; this pack's tasks are " +
                   quotedList(tasks, "and"));
    plan.task = o.task;
  } else if (tasks.size() > 1) {
    return usage("this pack has " + std::to_string(tasks.size()) + " tasks (" + quotedList(tasks, "and") +
                 "), and a batch runs one: choose it with --task NAME");
  }

  // Everything is written from memory once it all exists (docs/deploy.md "The output").
  const bool argo = plan.target == deploy::Target::Argo;
  const std::string manifest = argo ? "workflow.yaml" : "job.yaml";
  std::vector<std::pair<std::string, std::string>> texts = {
      {"Containerfile", deploy::containerfileText(plan)},
      {"README.md", deploy::deployReadmeText(plan)},
      {"volume.yaml", manifestText(plan, {deploy::dataVolumeClaim(plan), deploy::dataPod(plan)})},
      {manifest, manifestText(plan, {argo ? deploy::argoWorkflow(plan) : deploy::kubernetesJob(plan)})},
      {std::string(deploy::kProjectDir) + "/CMakeLists.txt", deploy::projectCMakeText(plan)},
  };
  for (const deploy::ProjectFile &f : plan.projectFiles)
    if (f.relative == "CMakeLists.txt")
      return usage("the pack's directory has a file named CMakeLists.txt among those it reads ('" + f.source +
                   "'), which is the name of the image's CMake project file");

  const fs::path dir(o.output);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    llvm::WithColor::error(llvm::errs(), "wfc") << "cannot create '" << o.output << "': " << ec.message() << "\n";
    return 1;
  }
  // project/ and wfc/ hold only what this deployment copies (nothing stale reaches the image).
  for (const char *sub : {deploy::kProjectDir, deploy::kWfcSourceDir}) {
    fs::remove_all(dir / sub, ec);
    if (ec) {
      llvm::WithColor::error(llvm::errs(), "wfc")
          << "cannot empty '" << (dir / sub).string() << "': " << ec.message() << "\n";
      return 1;
    }
  }
  removeGenerated(dir / (argo ? "job.yaml" : "workflow.yaml"));
  for (const deploy::ProjectFile &f : plan.projectFiles)
    if (!copyTree(f.source, dir / deploy::kProjectDir / f.relative)) return 1;
  for (const std::string &part : wfcSourceParts())
    if (!copyTree(fs::path(*source) / part, dir / deploy::kWfcSourceDir / part)) return 1;
  for (const auto &[file, text] : texts)
    if (!writeIfChanged((dir / file).string(), text)) return 1;
  return 0;
}

}  // namespace wfc
