// US dollars as wfc writes them (docs/cost.md): cents above a dollar, about four significant
// digits below ("$0.005537", "$0.000002500"), "$0" for nothing. The compiler's cost bound and the
// executable's budgets say amounts the same way.
#pragma once

#include <string>

namespace wfc {

std::string formatUsd(double usd);

}  // namespace wfc
