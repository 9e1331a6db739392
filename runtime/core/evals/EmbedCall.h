// What an eval type backed by embeddings asks (docs/evals.md "cosine_similarity"): the vectors of
// some texts by an embedding model. The eval's runner sends it (core/conversation/Embeddings.h),
// keyed, traced and recorded as the eval's exchange.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace wfc::evals {

// The embeddings of `texts` by `model`, in order, all of one length; throws wfc::Error when the
// provider cannot give them.
using EmbedCall = std::function<std::vector<std::vector<double>>(const std::string &model,
                                                                 const std::vector<std::string> &texts)>;

}  // namespace wfc::evals
