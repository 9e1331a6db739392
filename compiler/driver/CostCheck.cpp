#include "driver/CostCheck.h"

#include "analysis/CostBound.h"
#include "common/Dollars.h"
#include "driver/BindingsCheck.h"

#include <fmt/format.h>

#include <optional>

namespace wfc {
namespace {

using analysis::SymbolicCount;
using Json = nlohmann::ordered_json;

// The price of one caller's calls, and the model it was looked up by.
struct Priced {
  const PriceSettings *price = nullptr;
  std::string model;  // empty when no model is known for the key
};

class Pricing {
 public:
  Pricing(const BindingsFile *bindings, const BindingsFile *pricesFile, std::string model)
      : bindings_(bindings), prices_(pricesFile), model_(std::move(model)) {}

  // As the executable prices a call (docs/cost.md "Prices"): the key's own price, else its
  // model's — the key's bound model, the prompt's own, or for the default provider --cost-model.
  Priced find(const analysis::CostRow &row) const {
    std::string key = row.providerKey.empty() ? "default" : row.providerKey;
    Priced out;
    const BindingsFile::ProviderBinding *binding = bindings_ ? bindings_->findProvider(key) : nullptr;
    if (binding) out.model = binding->settings.model;
    if (row.prompt && !row.prompt->model.empty()) out.model = row.prompt->model;
    if (out.model.empty() && key == "default") out.model = model_;
    if (binding && binding->settings.price) {
      out.price = &*binding->settings.price;
      return out;
    }
    if (out.model.empty()) return out;
    for (const BindingsFile *file : {prices_, bindings_})
      if (const BindingsFile::ModelPrice *p = file ? file->findPrice(out.model) : nullptr) {
        out.price = &p->settings;
        return out;
      }
    return out;
  }

 private:
  const BindingsFile *bindings_, *prices_;
  std::string model_;
};

// A count as JSON: a number when it is one, else its expression ("∞" when infinite).
Json countJson(const SymbolicCount &c) {
  if (c.isConstant()) return c.constant();
  return c.str();
}

// "$0.0123", "$0.0001 × len(input.doc) + $0.01", or "∞".
std::string usdText(const SymbolicCount &c) {
  if (c.isInfinite()) return "∞";
  std::string out;
  for (const auto &[symbols, n] : c.terms()) {
    if (n == 0) continue;
    std::string term = formatUsd(n);
    for (const std::string &s : symbols) term += " × " + s;
    out += (out.empty() ? "" : " + ") + term;
  }
  return out.empty() ? "$0" : out;
}

std::string callsText(const SymbolicCount &c) {
  return c.isConstant() ? (c.constant() == 1 ? "1 call" : analysis::withThousands(c.constant()) + " calls")
                        : c.str() + " calls";
}

}  // namespace

bool checkCost(Compilation &compilation, const std::string &pack, const analysis::Program &program,
               const BindingsFile *bindings, const CostOptions &options, llvm::raw_ostream *text, Json *json) {
  DiagnosticEngine &diags = compilation.diags();
  std::optional<BindingsFile> pricesFile;
  if (!options.prices.empty()) {
    pricesFile = loadBindings(compilation, options.prices);
    if (!pricesFile) return false;
    if (!pricesFile->entries().empty() || !pricesFile->providers().empty() || !pricesFile->mcpServers().empty()) {
      diags.error(Location::inFile(options.prices),
                  "a --prices file holds only a 'prices' section (MODEL: {input: USD, output: USD}); tools and "
                  "providers belong in --bindings");
      compilation.markUsageError();
      return false;
    }
  }
  analysis::CostBound bound = analysis::boundCost(program, diags);
  Pricing pricing(bindings, pricesFile ? &*pricesFile : nullptr, options.model);

  SymbolicCount calls, input, output, cost;
  std::vector<std::string> unpriced;
  Json rows = Json::array();
  auto where = [&](llvm::SMLoc loc) {
    ResolvedLocation r = diags.resolve(Location(loc));
    return r.line ? fmt::format("{}:{}:{}", r.file, r.line, r.column) : r.file;
  };
  if (text) *text << pack << ": the most " << (bound.perTurn ? "one turn" : "one run") << " can use (docs/cost.md):\n";
  for (const analysis::CostRow &row : bound.rows) {
    Priced priced = pricing.find(row);
    calls += row.calls;
    input += row.inputTokens;
    output += row.outputTokens;
    std::optional<SymbolicCount> rowCost;
    if (priced.price) {
      rowCost = row.inputTokens * SymbolicCount(priced.price->worstInput() / 1e6) +
                row.outputTokens * SymbolicCount(priced.price->output / 1e6);
      cost += *rowCost;
    } else {
      std::string why = priced.model.empty()
                            ? "no model is known for " + std::string(row.providerKey.empty()
                                                                         ? "the default provider (give --cost-model NAME)"
                                                                         : "provider key '" + row.providerKey + "'")
                            : "model '" + priced.model + "' has no price";
      if (std::find(unpriced.begin(), unpriced.end(), why) == unpriced.end()) unpriced.push_back(why);
    }
    if (text) {
      *text << "  " << row.what << " (" << where(row.loc) << "): " << callsText(row.calls) << ", "
            << row.inputTokens.str() << " input tokens, " << row.outputTokens.str() << " output tokens";
      if (rowCost) *text << ", " << usdText(*rowCost) << " at " << (priced.model.empty() ? "its price" : priced.model);
      *text << "\n";
    }
    if (json) {
      Json r = {{"what", row.what}, {"location", where(row.loc)}, {"prompt", row.prompt ? Json(row.prompt->key) : Json()},
                {"provider", row.providerKey.empty() ? "default" : row.providerKey},
                {"model", priced.model.empty() ? Json() : Json(priced.model)},
                {"calls", countJson(row.calls)}, {"input_tokens", countJson(row.inputTokens)},
                {"output_tokens", countJson(row.outputTokens)}};
      r["cost_usd"] = rowCost ? countJson(*rowCost) : Json();
      rows.push_back(std::move(r));
    }
  }
  std::vector<std::string> infinite = (calls + input + output).whyInfinite();
  if (text) {
    *text << "  total: " << callsText(calls) << ", " << input.str() << " input tokens, " << output.str()
          << " output tokens";
    if (unpriced.empty()) *text << ", " << usdText(cost);
    *text << "\n";
    for (const std::string &why : infinite) *text << "  unbounded: " << why << "\n";
    for (const std::string &why : unpriced) *text << "  no cost: " << why << "\n";
  }
  if (json) {
    Json total = {{"calls", countJson(calls)}, {"input_tokens", countJson(input)}, {"output_tokens", countJson(output)}};
    total["cost_usd"] = unpriced.empty() ? countJson(cost) : Json();
    *json = {{"pack", pack}, {"per", bound.perTurn ? "turn" : "run"}, {"steps", rows}, {"total", total},
             {"unbounded", infinite}, {"unpriced", unpriced}};
  }

  if (!options.maxCostUsd) return true;
  // The gate is sound: it passes only a bound it can prove is within the limit.
  std::string problem;
  if (!infinite.empty())
    problem = "the cost bound is infinite: " + infinite.front();
  else if (!unpriced.empty())
    problem = "the cost bound cannot be priced: " + unpriced.front() + "; add a price to --prices or the bindings";
  else if (!cost.isConstant())
    problem = "the cost bound depends on the input (" + usdText(cost) +
              "); bound the input in the input_schema (maxLength, maxItems)";
  else if (cost.constant() > *options.maxCostUsd + 1e-12)
    problem = "one run may cost up to " + formatUsd(cost.constant());
  if (problem.empty()) return true;
  diags.error(Location::inFile(pack), "--max-cost " + formatUsd(*options.maxCostUsd) + ": " + problem +
                                          " ('wfc check --cost' shows each step's part)");
  return false;
}

}  // namespace wfc
