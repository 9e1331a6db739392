// The bindings file (docs/bindings.md): which implementation each declared tool gets. Parsed and
// shape-checked in full when it is read — by the compiler for the compiled-in defaults, by the
// executable for a --bindings override — so a run never meets a malformed binding halfway.
#pragma once

#include "wfc/tool.h"
#include "wfc/value.h"

#include <cstdint>
#include <map>
#include <optional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace YAML {
class Node;
}

namespace wfc {

// A problem with a bindings document, where it is (1-based; line 0: the document as a whole).
struct BindingsProblem {
  int line = 0, column = 0;
  std::string message;  // "what is wrong; how to fix"
};

// Each kind's settings, read into fields once the document passed its checks (docs/bindings.md):
// what the runtime builds a tool, an MCP server or a provider from. Timeouts are milliseconds;
// nullopt: the kind's default.
struct ExecSettings {
  std::vector<std::string> argv;                         // non-empty
  std::optional<std::string> cwd;
  std::vector<std::pair<std::string, std::string>> env;  // as written
  std::optional<int64_t> timeoutMs;
};
struct HttpSettings {
  std::string url;
  std::string method = "POST";                                      // upper case
  std::vector<std::pair<std::string, std::string>> headers;         // name, value
  std::vector<std::pair<std::string, std::string>> headersFromEnv;  // name, environment variable
  std::optional<int64_t> timeoutMs;
};
struct McpSettings {
  std::string server;               // a name of mcp_servers
  std::optional<std::string> tool;  // the server's name for the tool (default: the declared name)
  std::optional<int64_t> timeoutMs;
};
struct MockSettings {
  std::optional<Value> result;            // a fixed value, or …
  std::optional<Value> responseTemplate;  // … a template filled from the arguments
};
struct McpServerSettings {
  std::string command;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> env;
  std::optional<std::string> cwd;
};
// What a model's tokens cost (docs/cost.md "Prices"), in US dollars per million tokens.
struct PriceSettings {
  double input = 0, output = 0;
  std::optional<double> cachedInput;  // a cached input token's; absent: as an input token
  // An input token written to the provider's prompt cache (Anthropic bills it above an input
  // token's); absent: as an input token.
  std::optional<double> cacheWrite;
  std::optional<double> batch;        // the multiplier of a provider batch's tokens; absent: 1
  // The most one input token can cost, whether read from the cache, written to it or neither: what
  // a worst case prices input at (docs/cost.md "Prompt caching").
  double worstInput() const;
};
struct ProviderSettings {
  std::string provider;  // openai or anthropic
  std::string model;
  std::optional<std::string> baseUrl, apiKeyEnv;
  std::optional<int64_t> timeoutMs;
  std::optional<PriceSettings> price;  // the key's calls' price, before the `prices` table's
  // Send OpenAI's prompt_cache_key (docs/cost.md "Prompt caching"); absent: true.
  std::optional<bool> promptCacheKey;
};

// One bindings document, parsed and shape-checked, not yet bound to implementations.
class BindingsFile {
 public:
  // A tool's settings by its kind: exec, http, mcp and mock carry fields; a native binding names
  // a function (Entry::native), a builtin one a builtin (BuiltinSettings::name).
  struct NativeSettings {};
  struct BuiltinSettings {
    std::string name;  // read_file, …
  };
  using ToolSettings = std::variant<NativeSettings, ExecSettings, HttpSettings, McpSettings, MockSettings, BuiltinSettings>;

  struct Entry {
    std::string tool;    // the declared tool name: "doc.parse_structure"
    std::string where;   // "ORIGIN:LINE:COL" of the name
    int line = 0, column = 0;  // of the name
    std::string kind;    // exec, http, mcp, native, mock or builtin
    Value spec;          // the binding's own value: {argv: […]}, "read_file", {result: …}
    std::string native;  // native: the function's name
    int nativeLine = 0, nativeColumn = 0;  // native: where the function's name is
    // `effects: none|read|write` beside the kind (docs/bindings.md "Effects"): what calling the
    // tool may do, for a tool whose pack does not say; the compiler reads it, the run does not.
    std::string effects;  // empty: not given
    int effectsLine = 0, effectsColumn = 0;
    // The kind's settings read from `spec`, which keeps them as written for the compiled-in copy
    // (toJsonText) and the journal's binding hash.
    ToolSettings settings;
  };
  struct McpServer {
    std::string name;
    std::string where;  // "ORIGIN:LINE:COL" of the name
    Value spec;         // {command, args, env, cwd}
    McpServerSettings settings;
  };
  // What runs the calls of a pack's provider key (docs/bindings.md "Providers").
  struct ProviderBinding {
    std::string key;    // a key of the pack's requires.providers, or "default"
    std::string where;  // "ORIGIN:LINE:COL" of the key
    Value spec;         // {provider, model, base_url?, api_key_env?, timeout_ms?}
    int line = 0, column = 0;  // of the key
    ProviderSettings settings;
  };
  // A model's price in the `prices` section (docs/cost.md "Prices").
  struct ModelPrice {
    std::string model;  // as requests name it: gpt-4o-mini
    std::string where;  // "ORIGIN:LINE:COL" of the name
    Value spec;         // {input, output, cached_input?, batch?}
    PriceSettings settings;
  };

  // `origin` names the document in messages (a path, or "<compiled-in bindings>"). YAML, or JSON
  // text. Throws wfc::Error(Usage) "ORIGIN:LINE:COL: what is wrong; how to fix" — one line per
  // problem, every problem found — for anything malformed.
  static BindingsFile parse(std::string_view text, const std::string &origin);
  // The same, collecting every problem instead of throwing (the compiler reports them as located
  // diagnostics). A malformed entry is left out of the result; the others are kept.
  static BindingsFile parse(std::string_view text, const std::string &origin, std::vector<BindingsProblem> &problems);
  // Throws wfc::Error(Usage) "cannot read bindings file 'PATH': REASON", or as parse() does.
  static BindingsFile load(const std::string &path);
  // Compiled-in bindings: the JSON toJsonText wrote, read as JSON and checked as parse() checks
  // a file. (yaml-cpp, which reads what users write, limits a key to 1024 characters, as YAML
  // does an implicit key: a long name full of escapes would not read back.) Throws
  // wfc::Error(Usage) "ORIGIN: what is wrong" for text that is not well-formed bindings.
  static BindingsFile fromJsonText(std::string_view json, const std::string &origin);

  const std::string &origin() const { return origin_; }
  // The bound names in file order, each with its place.
  const std::vector<Entry> &entries() const { return entries_; }
  const Entry *find(std::string_view tool) const;
  const std::vector<McpServer> &mcpServers() const { return mcpServers_; }
  const McpServer *findMcpServer(std::string_view name) const;
  const std::vector<ProviderBinding> &providers() const { return providers_; }
  const ProviderBinding *findProvider(std::string_view key) const;
  const std::vector<ModelPrice> &prices() const { return prices_; }
  const ModelPrice *findPrice(std::string_view model) const;

 private:
  // The checks every bindings document passes, on its YAML nodes.
  static BindingsFile check(const YAML::Node &root, const std::string &origin, std::vector<BindingsProblem> &problems);

  std::string origin_;
  std::vector<Entry> entries_;
  std::vector<McpServer> mcpServers_;
  std::vector<ProviderBinding> providers_;
  std::vector<ModelPrice> prices_;
};

// The same bindings, in the same order; origins and places are not compared.
bool operator==(const BindingsFile::Entry &a, const BindingsFile::Entry &b);
bool operator==(const BindingsFile::McpServer &a, const BindingsFile::McpServer &b);
bool operator==(const BindingsFile::ProviderBinding &a, const BindingsFile::ProviderBinding &b);
bool operator==(const BindingsFile::ModelPrice &a, const BindingsFile::ModelPrice &b);
bool operator==(const BindingsFile &a, const BindingsFile &b);

// What identifies `tool`'s binding in effect — `overrides`' entry, else `defaults'` (either may
// be null) — with the mcp server it names, or nullopt when neither binds it. The journal keeps a
// hash of it (a binding may carry secrets in `env`), and `wfc compat` computes the same hash.
std::optional<std::string> bindingIdentityText(const std::string &tool, const BindingsFile *defaults,
                                               const BindingsFile *overrides);

// The same bindings as compact JSON (entries in file order), for baking into generated code;
// fromJsonText() of it gives an equal BindingsFile.
std::string toJsonText(const BindingsFile &file);

}  // namespace wfc
