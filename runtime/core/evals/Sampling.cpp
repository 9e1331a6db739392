#include "core/evals/Sampling.h"

#include <cstdint>

namespace wfc::evals {
namespace {

// FNV-1a, 64 bits: stable across platforms and builds (std::hash is neither).
uint64_t fnv1a(uint64_t hash, const std::string &text) {
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

}  // namespace

bool drawn(const EvalDecl &eval, const std::string &stepPath, std::optional<int64_t> item, const std::string &output) {
  if (eval.samplePercentage >= 100) return true;
  if (eval.samplePercentage <= 0) return false;
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (const std::string &part : {std::string(eval.id), stepPath, item ? std::to_string(*item) : "-", output})
    hash = fnv1a(fnv1a(hash, part), "\x1f");
  // 10,000 buckets: sample_percentage has two decimals' resolution.
  return double(hash % 10000) < eval.samplePercentage * 100;
}

}  // namespace wfc::evals
