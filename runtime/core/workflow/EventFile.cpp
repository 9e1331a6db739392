#include "core/workflow/EventFile.h"

#include "support/Limits.h"
#include "wfc/error.h"

#include <fstream>

namespace wfc::workflow {
namespace {

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

}  // namespace

EventFile EventFile::load(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorKind::Usage, "cannot read events file '" + path + "'");
  EventFile file;
  file.path_ = path;
  std::string raw;
  for (unsigned line = 1;
       limits::readLineAtMost(in, raw, limits::kMaxFileLineBytes, path + ":" + std::to_string(line)); ++line) {
    std::string text = trim(raw);
    if (text.empty() || text[0] == '#') continue;
    ExternalEvent e;
    e.line = line;
    size_t space = text.find_first_of(" \t");
    e.event = text.substr(0, space);
    if (space != std::string::npos) {
      std::string context = trim(text.substr(space));
      try {
        e.context = Value::parse(context);
      } catch (const Error &err) {
        throw Error(ErrorKind::Usage, "events file '" + path + "' line " + std::to_string(line) +
                                          ": after the event name comes an optional JSON context, and '" + context +
                                          "' is not JSON (" + err.what() + "); write 'EVENT' or 'EVENT {\"key\": …}'");
      }
    }
    file.events_.push_back(std::move(e));
  }
  return file;
}

EventFile EventFile::none(std::string origin) {
  EventFile file;
  file.path_ = std::move(origin);
  return file;
}

void EventFile::prepend(ExternalEvent event) {
  events_.insert(events_.begin() + std::ptrdiff_t(next_), std::move(event));
}

std::optional<ExternalEvent> EventFile::next() {
  if (next_ >= events_.size()) return std::nullopt;
  return events_[next_++];
}

}  // namespace wfc::workflow
