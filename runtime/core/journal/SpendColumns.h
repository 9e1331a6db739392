// The spend of a set of journaled LLM exchanges (docs/cost.md "Spend"), summed by SQLite from the
// "spend" each reply row was journaled with — or its usage, unpriced, when it has none: the
// select list RunStore (one run's, a resumed run's budget included) and BatchStore (a batch's
// runs') share, over `e.reply`, with kSpendRows in their WHERE clause.
#pragma once

#include "core/cost/SpendBudget.h"
#include "support/sqlite/Sqlite.h"

#include <algorithm>

namespace wfc::journal {

inline constexpr const char *kSpendColumns =
    "coalesce(sum(coalesce(json_extract(e.reply, '$.spend.input_tokens'), "
    "json_extract(e.reply, '$.usage.prompt_tokens'), 0)), 0), "
    "coalesce(sum(coalesce(json_extract(e.reply, '$.spend.cached_input_tokens'), 0)), 0), "
    "coalesce(sum(coalesce(json_extract(e.reply, '$.spend.cache_write_input_tokens'), 0)), 0), "
    "coalesce(sum(coalesce(json_extract(e.reply, '$.spend.output_tokens'), "
    "json_extract(e.reply, '$.usage.completion_tokens'), 0)), 0), "
    "coalesce(sum(coalesce(json_extract(e.reply, '$.spend.cost_usd'), 0)), 0), "
    "count(*) - count(json_extract(e.reply, '$.spend.cost_usd'))";

// A reply that is not JSON (a journal edited by hand) counts for nothing, rather than failing the
// query: json_extract raises an error on it.
inline constexpr const char *kSpendRows = " AND json_valid(e.reply)";

// The spend a statement selecting kSpendColumns first found (nothing when it found no row).
inline cost::Spend readSpend(sqlite::Statement &s) {
  cost::Spend spend;
  if (!s.step()) return spend;
  spend.inputTokens = uint64_t(std::max<int64_t>(0, s.integer(0)));
  spend.cachedInputTokens = uint64_t(std::max<int64_t>(0, s.integer(1)));
  spend.cacheWriteInputTokens = uint64_t(std::max<int64_t>(0, s.integer(2)));
  spend.outputTokens = uint64_t(std::max<int64_t>(0, s.integer(3)));
  spend.costUsd = s.real(4);
  spend.unpricedCalls = uint64_t(std::max<int64_t>(0, s.integer(5)));
  return spend;
}

}  // namespace wfc::journal
