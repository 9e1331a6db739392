#pragma once

#include "driver/Options.h"

#include <string>
#include <vector>

namespace wfc {

// `wfc check FILE… [--bindings FILE]`: parse and check only (and the bindings file, when given,
// against each pack). Exit 0 clean, 1 errors in a pack, 2 a bad bindings file.
int runCheck(const std::vector<std::string> &files, const std::string &bindings, const CommonOptions &options);

}  // namespace wfc
