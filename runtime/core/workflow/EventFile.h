// The events of external states (docs/workflows.md, docs/executable.md `--events FILE`): one per line, taken in
// order as external states ask for their next event.
//
// A line is `EVENT` or `EVENT CONTEXT`, CONTEXT being a JSON value that becomes the workflow
// context (without one, the context is the state's reply). Blank lines and lines starting with
// `#` are skipped; surrounding whitespace is trimmed.
#pragma once

#include "wfc/value.h"

#include <optional>
#include <string>
#include <vector>

namespace wfc::workflow {

struct ExternalEvent {
  std::string event;
  std::optional<Value> context;
  unsigned line = 0;  // in the file, for messages
};

class EventFile {
 public:
  // Reads and checks the whole file up front, so a malformed line is exit 2 before any work.
  static EventFile load(const std::string &path);
  // No events; `origin` names where events would have come from, in messages.
  static EventFile none(std::string origin);
  // The next event, or nullopt when none is left.
  std::optional<ExternalEvent> next();
  // An event to take before those left (--event, on a resume: docs/journal.md).
  void prepend(ExternalEvent event);
  const std::string &path() const { return path_; }

 private:
  std::string path_;
  std::vector<ExternalEvent> events_;
  size_t next_ = 0;
};

}  // namespace wfc::workflow
