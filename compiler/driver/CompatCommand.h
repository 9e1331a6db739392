// `wfc compat OLD NEW [--journal FILE]` (docs/cli.md "wfc compat"): what changed between two
// versions of a pack, step by step, and — given a journal — whether each of its runs resumes under
// NEW, needs OLD's executable, or is finished: for a release pipeline to gate a deploy on. The
// rule is the executable's own (common/StepVersions.h; docs/journal.md "Versions").
//
// Exit codes: 0 every unfinished run of the journal resumes under NEW (or none was given), 1 some
// run needs OLD (or a pack has errors), 2 bad usage (a file that cannot be read, not a journal).
#pragma once

#include "driver/Options.h"

#include <string>

namespace wfc {

struct CompatOptions {
  std::string oldPack, newPack;
  std::string journal;   // --journal FILE, or empty
  std::string bindings;  // --bindings: the bindings NEW is compiled with, or empty (not compared)
  bool json = false;     // --format=json
};

int runCompat(const CompatOptions &compat, const CommonOptions &options);

}  // namespace wfc
