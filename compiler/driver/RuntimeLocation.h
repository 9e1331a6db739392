// Where `wfc compile` finds the runtime's libraries and headers: next to an installed wfc
// (<prefix>/bin/wfc → <prefix>/lib/libwfc_runtime_host.a and the layers below it,
// <prefix>/include), else the build tree wfc was built in.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace wfc {

struct RuntimeLocation {
  std::string includeDir;
  // The runtime's archives in link order: host, core, support, common (docs/development.md
  // "Architecture").
  std::vector<std::string> libraries;
  std::vector<std::string> linkLibraries;  // what the runtime itself links against
  // The build tree's directory of precompiled headers (wfc/program.h.gch, wfc/tool.h.gch, and the
  // headers), searched before includeDir; empty for an installed wfc, whose precompiled headers
  // sit beside the headers, and for a build by a compiler other than GCC
  // (cmake/PrecompiledHeaders.cmake).
  std::string precompiledDir;
};

// `argv0` locates the running wfc. nullopt when neither layout has the runtime.
std::optional<RuntimeLocation> findRuntime(const char *argv0);

}  // namespace wfc
