// Secrets that arrive in the environment (the LLM providers' API keys, the serve token) are read
// once and then forgotten, so that no tool can learn them (docs/bindings.md "Secrets"). Removing
// a variable with unsetenv() is not enough: /proc/PID/environ shows the process's *initial*
// environment block, which unsetenv() does not touch, and a tool can read its parent's.
#pragma once

namespace wfc {

// Removes `name` from the environment and overwrites its value in the initial environment block
// (what /proc/self/environ shows) with NUL bytes. A variable that is not set is left alone.
void forgetEnvironmentVariable(const char *name);

}  // namespace wfc
