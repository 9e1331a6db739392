#pragma once

#include "driver/Options.h"

#include <string>
#include <vector>

namespace wfc {

// `wfc check FILE…`: parse and check only. Exit 0 clean, 1 errors.
int runCheck(const std::vector<std::string> &files, const CommonOptions &options);

}  // namespace wfc
