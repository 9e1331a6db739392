// PromptKit's cosine_similarity eval type (its runtime/evals/handlers/cosine_similarity.go;
// docs/evals.md "cosine_similarity"): how close in meaning the output is to a reference, as the
// cosine of their embeddings. PromptKit compares a `reference` vector with an embedding its host
// puts in the eval's metadata; wfc embeds the output itself, on the run's provider's /embeddings
// endpoint, and takes a reference text too (embedded in the same request). The score is the
// similarity; the eval passes at `min_similarity` or above.
#include "core/evals/NamedEval.h"

#include "core/evals/EvalParams.h"

#include <fmt/format.h>

#include <cmath>

namespace wfc::evals {
namespace {

// OpenAI's smallest current embedding model: what runs when the eval names none.
constexpr const char *kDefaultEmbeddingModel = "text-embedding-3-small";

// PromptKit's cosineSimilarity: 0 when either vector is all zeros.
double cosine(const std::vector<double> &a, const std::vector<double> &b) {
  double dot = 0, normA = 0, normB = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  double denominator = std::sqrt(normA) * std::sqrt(normB);
  return denominator == 0 ? 0 : dot / denominator;
}

Verdict cosineSimilarity(const NamedEvalInput &in) {
  const double minSimilarity = param::number(in.params, "min_similarity").value_or(0);
  std::string model = param::text(in.params, "model");
  if (model.empty()) model = kDefaultEmbeddingModel;

  auto given = in.params.find("reference");
  if (given == in.params.end()) {
    std::string set = param::text(in.params, "reference_embeddings");
    return skip("reference embeddings " + goQuoted(set) + " are a PromptKit host's, and wfc has none: give "
                "params.reference (a text or an embedding) to run this eval");
  }
  if (in.text.empty()) return verdict(false, "the output is empty: there is nothing to embed");
  std::vector<std::string> texts = {in.text};
  std::vector<double> reference;
  if (given->is_string()) {
    texts.push_back(given->get<std::string>());
  } else if (given->is_array()) {
    for (const auto &x : *given) reference.push_back(x.get<double>());
  }
  std::vector<std::vector<double>> vectors = in.embed(model, texts);
  const std::vector<double> &target = vectors.at(0);
  if (texts.size() == 2) reference = vectors.at(1);
  if (reference.size() != target.size())
    return verdict(false, fmt::format("dimension mismatch: reference={}, target={}", reference.size(), target.size()));

  const double similarity = cosine(reference, target);
  in.rationale = fmt::format("cosine similarity {:.4f} vs threshold {:.4f}", similarity, minSimilarity);
  if (similarity >= minSimilarity) return {similarity, true, ""};
  return failWith(similarity, in.rationale);
}

}  // namespace

void addCosineSimilarityEval(std::vector<std::pair<std::string_view, NamedEvalHandler>> &out) {
  out.emplace_back("cosine_similarity", cosineSimilarity);
}

}  // namespace wfc::evals
