#include "host/session/RunSetup.h"

#include "common/JsonReader.h"
#include "core/chat/ChatSession.h"
#include "core/llm/AnthropicProvider.h"
#include "core/llm/OpenAiProvider.h"
#include "core/llm/ProviderBindings.h"
#include "core/llm/ProviderRouter.h"
#include "core/llm/Recording.h"
#include "core/trace/Trace.h"
#include "core/trace/TraceFile.h"
#include "host/otlp/OtlpExporter.h"
#include "support/ForgetEnvironment.h"
#include "support/Limits.h"
#include "support/SchemaValidator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

namespace wfc {
namespace {

std::optional<std::string> environment(const char *name) {
  const char *value = std::getenv(name);
  if (!value || !*value) return std::nullopt;
  return std::string(value);
}

// The Anthropic base URL from $ANTHROPIC_BASE_URL, read as Anthropic's SDKs read it — the host,
// without the API version ("https://gateway.example") — so "/v1" is added unless it ends the URL
// already; default https://api.anthropic.com/v1.
std::string anthropicBaseUrl() {
  std::optional<std::string> base = environment("ANTHROPIC_BASE_URL");
  if (!base) return "https://api.anthropic.com/v1";
  while (!base->empty() && base->back() == '/') base->pop_back();
  return base->ends_with("/v1") ? *base : *base + "/v1";
}

}  // namespace

namespace {

// Keys read from environment variables a provider binding names (api_key_env): forgotten, as the
// standard ones are, once the providers have read them (forgetApiKeys).
std::vector<std::string> &boundKeyVariables() {
  static std::vector<std::string> names;
  return names;
}

long timeoutFromEnvironment(std::optional<long> fallback) {
  if (auto timeout = environment("WFC_LLM_TIMEOUT_MS")) {
    char *end = nullptr;
    long ms = std::strtol(timeout->c_str(), &end, 10);
    if (*end != '\0' || ms <= 0)
      throw Error(ErrorKind::Usage, "WFC_LLM_TIMEOUT_MS must be a positive number of milliseconds, not '" +
                                        *timeout + "'");
    return ms;
  }
  return fallback.value_or(llm::EndpointOptions{}.timeoutMs);
}

std::unique_ptr<llm::Provider> endpointProvider(bool anthropic, llm::EndpointOptions options) {
  if (anthropic) return std::make_unique<llm::AnthropicProvider>(std::move(options));
  return std::make_unique<llm::OpenAiProvider>(std::move(options));
}

// The provider's own base URL when nothing names one: $OPENAI_BASE_URL or Anthropic's.
std::string standardBaseUrl(bool anthropic) {
  return anthropic ? anthropicBaseUrl() : environment("OPENAI_BASE_URL").value_or("https://api.openai.com/v1");
}

}  // namespace

std::unique_ptr<llm::Provider> makeProvider(const CommandLine &cl, const ProgramDecl &program,
                                            const ToolSetup &tools, Trace *trace, std::string &model,
                                            std::shared_ptr<llm::RateLimiter> limiter) {
  bool wanted = !program.prompts.empty() || cl.record || cl.replay;
  if (!wanted) return nullptr;
  // The host's provider bindings (docs/bindings.md "Providers"); `default`'s values are defaults
  // that flags and environment override.
  std::map<std::string, llm::BoundProvider> bound = llm::providerBindings(
      program, tools.defaults ? &*tools.defaults : nullptr, tools.overrides ? &*tools.overrides : nullptr);
  const llm::BoundProvider *fallback = bound.count("default") ? &bound["default"] : nullptr;
  std::string provider = cl.provider.value_or(cl.replay ? "replay" : fallback ? fallback->provider : "openai");
  if (provider == "replay" && !cl.replay)
    throw Error(ErrorKind::Usage, "--provider replay needs the recording to answer from: give --replay FILE");
  if (cl.replay && provider != "replay")
    throw Error(ErrorKind::Usage, "--replay answers from a recording, so it cannot be combined with --provider " +
                                      provider);
  std::unique_ptr<llm::Provider> inner;
  llm::Json routedModels = llm::Json::object();
  if (provider == "replay") {
    auto replay = std::make_unique<llm::ReplayProvider>(*cl.replay);
    model = cl.model.value_or(replay->header().value("model", "replay"));
    inner = std::move(replay);
  } else {
    const bool anthropic = provider == "anthropic";
    // A default binding of the other provider lends neither its URL nor its key.
    const llm::BoundProvider *defaults = fallback && fallback->provider == provider ? fallback : nullptr;
    llm::EndpointOptions options;
    // Flags, then environment, then the binding, then the provider's public endpoint.
    std::string base = defaults && defaults->baseUrl && !environment(anthropic ? "ANTHROPIC_BASE_URL" : "OPENAI_BASE_URL")
                           ? *defaults->baseUrl
                           : standardBaseUrl(anthropic);
    options.baseUrl = cl.llmBaseUrl ? *cl.llmBaseUrl : environment("WFC_LLM_BASE_URL").value_or(base);
    std::optional<std::string> chosen = cl.model ? cl.model : environment("WFC_MODEL");
    if (!chosen && defaults) chosen = defaults->model;
    if (!chosen)
      throw Error(ErrorKind::Usage, "no model: give --model NAME or set WFC_MODEL (or answer offline with --replay FILE)");
    model = *chosen;
    options.model = model;
    options.apiKey = environment(anthropic ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY");
    if (defaults && defaults->apiKeyEnv) {
      if (auto key = environment(defaults->apiKeyEnv->c_str())) options.apiKey = key;
      boundKeyVariables().push_back(*defaults->apiKeyEnv);
    }
    options.timeoutMs = timeoutFromEnvironment(defaults ? defaults->timeoutMs : std::nullopt);
    if (defaults) options.promptCacheKey = defaults->promptCacheKey;
    if (trace)
      options.onRetry = [trace](const llm::ExchangeKey &key, unsigned attempt, const std::string &reason, long delayMs) {
        trace->write("llm_retry", {{"step", key.step}, {"round", key.round}, {"attempt", key.attempt},
                                   {"transport_attempt", attempt}, {"reason", reason}, {"delay_ms", delayMs}});
      };
    if (!limiter && (cl.rpm || cl.tpm)) limiter = std::make_shared<llm::RateLimiter>(cl.rpm.value_or(0), cl.tpm.value_or(0));
    options.limiter = limiter;
    inner = endpointProvider(anthropic, options);

    // Every other bound key: its own endpoint, sharing the run's rate limits and retry trace.
    std::unique_ptr<llm::ProviderRouter> router;
    for (const auto &[key, b] : bound) {
      if (key == "default") continue;
      const bool other = b.provider == "anthropic";
      llm::EndpointOptions routed = options;
      routed.baseUrl = b.baseUrl.value_or(standardBaseUrl(other));
      routed.model = b.model;
      routed.apiKey = environment(b.apiKeyEnv ? b.apiKeyEnv->c_str() : other ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY");
      if (b.apiKeyEnv) boundKeyVariables().push_back(*b.apiKeyEnv);
      routed.timeoutMs = timeoutFromEnvironment(b.timeoutMs);
      routed.promptCacheKey = b.promptCacheKey;
      if (!router) router = std::make_unique<llm::ProviderRouter>(std::move(inner));
      router->route(key, endpointProvider(other, routed), b.model);
      routedModels[key] = b.model;
    }
    if (router) inner = std::move(router);
    // A key a call names and nothing binds runs on the default provider (docs/bindings.md
    // "Providers"): said once, at start.
    for (const ProviderKeyDecl &p : program.providers)
      if (p.called && !bound.count(p.key))
        std::cerr << program.name << ": warning: provider '" << p.key << "' (requires.providers) is bound to "
                  << "nothing: its calls run on the default provider (" << inner->describe().substr(0, 200)
                  << "); bind it under 'providers:' in a bindings file (docs/bindings.md)\n";
  }
  if (!cl.record) return inner;
  llm::Json header = {{"workflow", program.name}, {"version", program.version}, {"composition", nullptr},
                      {"provider", provider}, {"model", model}};
  if (!routedModels.empty()) header["providers"] = routedModels;
  if (program.workflow) header["entry"] = program.workflow->states[program.workflow->entry].name;
  else if (chat::isChatProgram(program)) header["task"] = chooseTask(cl, program).name;
  else header["composition"] = program.compositions[0].name;
  return std::make_unique<llm::RecordingProvider>(std::move(inner), *cl.record, header);
}

std::vector<int> inputCompositions(const ProgramDecl &program) {
  if (chat::isChatProgram(program)) return {};  // a chat turn's input is checked by the chat
  if (!program.workflow) return {0};
  std::vector<int> out;
  for (const StateDecl &s : program.workflow->states)
    if (s.composition >= 0 && std::find(out.begin(), out.end(), s.composition) == out.end()) out.push_back(s.composition);
  return out;
}

Value withInputDefaults(const ProgramDecl &program, Value input) {
  if (!input.isObject()) return input;
  for (int c : inputCompositions(program)) {
    const char *schema = program.compositions[c].inputSchema;
    if (!schema || !std::strstr(schema, "\"default\"")) continue;  // most schemas have none: not parsed
    nlohmann::ordered_json s = readJsonOrDiscarded(schema);
    if (!s.is_object() || !s.contains("properties") || !s["properties"].is_object()) continue;
    nlohmann::ordered_json filled = input.json();
    bool changed = false;
    for (const auto &[name, property] : s["properties"].items())
      if (property.is_object() && property.contains("default") && !filled.contains(name)) {
        filled[name] = property["default"];
        changed = true;
      }
    if (changed) input = Value::fromJson(std::move(filled));
  }
  return input;
}

struct RunInputCheck::Schema {
  int composition;
  std::unique_ptr<SchemaValidator> validator;
};

RunInputCheck::RunInputCheck(const ProgramDecl &program) : program_(program) {
  for (int c : inputCompositions(program))
    if (const char *schema = program.compositions[c].inputSchema)
      schemas_.push_back({c, std::make_unique<SchemaValidator>(Value::parse(schema))});
}

RunInputCheck::~RunInputCheck() = default;

void RunInputCheck::check(const Value &input) const {
  for (const Schema &s : schemas_)
    if (auto problem = s.validator->validate(input))
      throw Error(ErrorKind::Usage, "the input does not match the input_schema of composition '" +
                                        std::string(program_.compositions[s.composition].name) + "'" +
                                        (program_.workflow ? " (every workflow state receives the input)" : "") + ": " +
                                        *problem);
}

void checkRunInput(const ProgramDecl &program, const Value &input) { RunInputCheck(program).check(input); }

std::optional<std::string> missingEnvironment(const ProgramDecl &program) {
  for (const EnvironmentDecl &e : program.environment)
    if (!std::getenv(e.name))
      return "environment variable '" + std::string(e.name) + "' is not set, and the workflow reads it ({env." +
             e.name + "} at " + e.location + "): set it and run again; nothing was run";
  return std::nullopt;
}

void loadTools(const CommandLine &cl, const ProgramDecl &program, ToolSetup &setup) {
  const ProgramDecl *programs[] = {&program};
  loadTools(cl, programs, program.bindings, program.natives, program.allowUnbound, setup);
}

void loadTools(const CommandLine &cl, std::span<const ProgramDecl *const> programs, const char *bindings,
               std::span<const NativeToolEntry> natives, bool allowUnbound, ToolSetup &setup) {
  if (bindings) setup.defaults = BindingsFile::fromJsonText(bindings, "<compiled-in bindings>");
  if (cl.bindings) setup.overrides = BindingsFile::load(*cl.bindings);
  ToolTable::Options options;
  options.workspace = cl.workspace.value_or(".");
  options.allowUnbound = allowUnbound;
  options.natives.assign(natives.begin(), natives.end());
  std::vector<std::string> declared, called;
  auto add = [](std::vector<std::string> &names, const std::string &name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  };
  for (const ProgramDecl *program : programs)
    for (const ToolDecl &t : program->tools) {
      add(declared, t.name);
      if (t.called) add(called, t.name);
      if (t.parameters) options.parameters.emplace(t.name, t.parameters);  // the first declaration's
    }
  setup.tools = std::make_unique<ToolTable>(declared, called, setup.defaults ? &*setup.defaults : nullptr,
                                            setup.overrides ? &*setup.overrides : nullptr, options);
  for (const std::string &warning : setup.tools->warnings())
    std::cerr << programs.front()->name << ": warning: " << warning << "\n";
}

Value readRunInput(const CommandLine &cl) {
  std::string text, origin;
  if (cl.inputJson) {
    text = *cl.inputJson, origin = "--input-json";
    if (text.size() > limits::kMaxRunInputBytes)
      throw Error(ErrorKind::Usage, "--input-json is larger than " + limits::describeBytes(limits::kMaxRunInputBytes) +
                                        ", the most a run reads (docs/limits.md)");
  } else if (cl.input && *cl.input == "-") {
    origin = "stdin";
    text = limits::readAtMost(std::cin, limits::kMaxRunInputBytes, "the input on stdin");
  } else if (cl.input) {
    std::ifstream file(*cl.input, std::ios::binary);
    if (!file) throw Error(ErrorKind::Usage, "cannot read input file '" + *cl.input + "'");
    origin = "input file '" + *cl.input + "'";
    text = limits::readAtMost(file, limits::kMaxRunInputBytes, "the " + origin);
  } else {
    return Value::object({});
  }
  Value input;
  try {
    input = Value::parse(text);
  } catch (const Error &e) {
    throw Error(ErrorKind::Usage, "the " + origin + " is not valid JSON: " + e.what());
  }
  if (!input.isObject()) throw Error(ErrorKind::Usage, "the " + origin + " must be a JSON object, not " + input.dump());
  return input;
}

std::vector<std::shared_ptr<TraceSink>> traceSinks(const CommandLine &cl, const std::string &service,
                                                   const std::string &version, const std::string &wfcVersion) {
  std::vector<std::shared_ptr<TraceSink>> sinks;
  if (cl.trace) sinks.push_back(std::make_shared<TraceFile>(*cl.trace));
  std::optional<std::string> url = otlp::tracesUrl(cl.otlpEndpoint);
  if (!url) {
    if (cl.otlpContent)
      throw Error(ErrorKind::Usage, "--otlp-content puts prompts and replies on exported spans: give --otlp-endpoint URL "
                                    "(or set OTEL_EXPORTER_OTLP_ENDPOINT) too");
    return sinks;
  }
  otlp::ExporterOptions options;
  options.url = *url;
  options.headers = otlp::otlpHeaders();
  options.resource.attributes = {{"service.name", environment("OTEL_SERVICE_NAME").value_or(service)},
                                 {"service.version", version},
                                 {"telemetry.sdk.name", "wfc"},
                                 {"telemetry.sdk.language", "cpp"},
                                 {"telemetry.sdk.version", wfcVersion}};
  options.resource.scopeVersion = wfcVersion;
  options.provider = cl.provider.value_or(cl.replay ? "replay" : "openai");
  options.withContent = cl.otlpContent;
  options.self = cl.program;
  sinks.push_back(std::make_shared<otlp::OtlpExporter>(std::move(options)));
  return sinks;
}

std::unique_ptr<Trace> makeTrace(const CommandLine &cl, const std::string &service, const std::string &version,
                                 const std::string &wfcVersion) {
  std::vector<std::shared_ptr<TraceSink>> sinks = traceSinks(cl, service, version, wfcVersion);
  if (sinks.empty()) return nullptr;
  return std::make_unique<Trace>(std::move(sinks));
}

void forgetApiKeys() {
  forgetEnvironmentVariable("OPENAI_API_KEY");
  forgetEnvironmentVariable("ANTHROPIC_API_KEY");
  for (const std::string &name : boundKeyVariables()) forgetEnvironmentVariable(name.c_str());
}

namespace {

std::string taskList(const ProgramDecl &program) {
  std::string out;
  for (size_t i = 0; i < program.tasks.size(); ++i)
    out += (i == 0 ? "" : i + 1 == program.tasks.size() ? " and " : ", ") + std::string("'") + program.tasks[i].name + "'";
  return out;
}

// A task whose prompt cannot be used (docs/promptkit.md "Validators") is exit 2 before anything runs.
const ChatTaskDecl &usable(const ChatTaskDecl &task) {
  if (task.unusable)
    throw Error(ErrorKind::Usage, "task '" + std::string(task.name) + "' cannot be used: its prompt's " + task.unusable);
  return task;
}

}  // namespace

const ChatTaskDecl &chooseTask(const CommandLine &cl, const ProgramDecl &program) {
  if (cl.task) {
    for (const ChatTaskDecl &t : program.tasks)
      if (*cl.task == t.name) return usable(t);
    throw Error(ErrorKind::Usage, "no task '" + *cl.task + "': this pack's tasks are " + taskList(program));
  }
  if (program.tasks.size() == 1) return usable(program.tasks[0]);
  throw Error(ErrorKind::Usage, "this pack has " + std::to_string(program.tasks.size()) + " tasks (" + taskList(program) +
                                    "): choose one with --task NAME");
}

}  // namespace wfc
