// Programs on a pseudo-terminal, for tests of what an executable shows a user at a terminal (a
// batch's progress bar, a run's spend line): it decides by isatty, so a pipe would not do.
#pragma once

#include <string>
#include <vector>

namespace wfc::test {

// Whether this machine can open a pseudo-terminal (a chroot without /dev/pts cannot); `why` says
// what failed.
bool canOpenTerminal(std::string &why);

// Runs `argv` (argv[0] a path) with standard input, output and error on a pseudo-terminal, as on
// a user's terminal; returns what it wrote there, and its wait status in `status` (killed after
// `timeoutSeconds`).
std::string runOnTerminal(const std::vector<std::string> &argv, int &status, double timeoutSeconds = 60);

}  // namespace wfc::test
