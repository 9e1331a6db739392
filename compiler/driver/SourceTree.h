// Where `wfc deploy` finds wfc's own source, which it copies into the container's build context
// (docs/deploy.md "The image"): an installed wfc's <prefix>/share/wfc/source (installed with it:
// cmake/WfcPackage.cmake), else the source tree this wfc was built from.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace wfc {

// What building wfc needs, relative to the source root: the top-level CMakeLists.txt and the
// directories it always reads (tests, examples and the benchmark are switched off). The install
// rule in cmake/WfcPackage.cmake installs the same list.
const std::vector<std::string> &wfcSourceParts();

// The source root, or nullopt when neither layout has it. `argv0` locates the running wfc.
std::optional<std::string> findWfcSource(const char *argv0);

}  // namespace wfc
