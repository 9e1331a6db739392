// What an LLM exchange cost, as the run reports it and the journal keeps it beside the reply
// (docs/cost.md "Spend"; the journal sums it back: journal/SpendColumns.h), so that a resumed run
// goes on against what its budget has left.
#pragma once

#include "common/BindingsFile.h"
#include "core/cost/SpendBudget.h"
#include "core/llm/Provider.h"

#include <string>

namespace wfc::cost {

// One reply's spend: its usage, priced at `price` (null: unpriced, counted in unpricedCalls).
Spend spendOf(const llm::Usage &usage, const PriceSettings *price);

// {"input_tokens", "cached_input_tokens", "output_tokens", "cost_usd"?}: cost only when priced.
llm::Json spendToJson(const Spend &spend);

// The spend as the report, the run_end trace line and the serve API show it: tokens, and dollars
// when every call was priced ("cost_usd"); else how many were not ("unpriced_calls") and the
// priced part ("priced_cost_usd").
llm::Json spendReport(const Spend &spend);

// "spent 1234 tokens (1000 in, 234 out), $0.01234": one line for a person at a terminal; the
// dollars when every call was priced, else how many calls were not.
std::string spendSummary(const Spend &spend);

}  // namespace wfc::cost
