// Which process runs a run (docs/journal.md): "PID:START", START being the process's start time
// in clock ticks since boot (/proc/PID/stat), so a reused pid is not mistaken for the owner.
// --resume refuses a run whose owner still runs it; a crashed or killed owner is gone.
#pragma once

#include <string>

namespace wfc::journal {

std::string thisProcessOwner();
// Whether the process `owner` names is still running (false for a malformed owner).
bool ownerAlive(const std::string &owner);

}  // namespace wfc::journal
