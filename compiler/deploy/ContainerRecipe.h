// The container recipe `wfc deploy` writes (docs/deploy.md "The image"): a two-stage Containerfile
// — a Debian 12 stage that builds wfc from the source copied beside it and the pack's executable
// with wfc_add_workflow(... STATIC), and a debian:12-slim stage holding that executable and the
// libraries it loads at run time, and no compiler — plus the CMake project the first stage builds.
#pragma once

#include "deploy/DeployPlan.h"

#include <string>
#include <vector>

namespace wfc::deploy {

// Where the build context holds wfc's source and the pack's project, relative to the output
// directory (the Containerfile COPYs them).
inline constexpr const char *kWfcSourceDir = "wfc";
inline constexpr const char *kProjectDir = "project";

// The Debian packages the build stage installs: what building wfc needs (scripts/setup.sh's
// compiler and runtime libraries, --serve's and AWL's headers, valijson), without the test
// suites' packages. tests/deploy/ImageStages.cmake checks it against scripts/setup.sh.
const std::vector<std::string> &buildPackages();
// The Debian packages the image has beside the executable: what the runtime loads with dlopen()
// (libcurl for HTTP, with the CA certificates; SQLite for the journal — docs/cmake.md).
const std::vector<std::string> &runtimePackages();

std::string containerfileText(const DeployPlan &plan);

// project/CMakeLists.txt: find_package(wfc) and one wfc_add_workflow(... STATIC).
std::string projectCMakeText(const DeployPlan &plan);

}  // namespace wfc::deploy
