// Where the end-to-end packs' executables are: build/tests/e2e/exe (compiled at -O1) or, when the
// suite runs again as the optimizer's differential test, the directory WFC_E2E_EXE_DIR names
// (exe-O0: the same packs at -O0). Same tests, same expectations, both levels.
#pragma once

#include <cstdlib>
#include <string>

inline std::string e2eExeDir() {
  const char *dir = std::getenv("WFC_E2E_EXE_DIR");
  return dir && *dir ? dir : WFC_E2E_EXE_DIR;
}
