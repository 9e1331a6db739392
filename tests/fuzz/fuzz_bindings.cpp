// The bindings-file parser (docs/bindings.md; common/BindingsFile.h): BindingsFile::parse in its
// collecting form, the one `wfc check --bindings` uses (every problem located, malformed entries
// left out), then what the compiler and the executable do with a file that parsed cleanly: bake
// it into generated code as JSON (toJsonText) and bind the tools it names (ToolTable; no
// process is started until a tool is called).
//
// Invariants checked besides crashes: every problem has a message and a place inside the file;
// toJsonText of a clean file reads back (fromJsonText), cleanly, into an equal file (Bindings.h promises it,
// and compiled-in bindings depend on it).
#include "FuzzTarget.h"

#include "core/tools/ToolTable.h"
#include "wfc/error.h"

#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text = wfc::fuzz::asText(data, size);
  std::vector<wfc::BindingsProblem> problems;
  wfc::BindingsFile file = wfc::BindingsFile::parse(text, "fuzz.yaml", problems);
  // An upper bound on the lines yaml-cpp can count: every byte that may end a line (\n, \r, and
  // the last bytes of NEL, LS and PS, which YAML 1.1 counts as line breaks) ends one.
  int lines = 1;
  for (char c : text) lines += c == '\n' || c == '\r' || c == '\x85' || c == '\xA8' || c == '\xA9';
  for (const wfc::BindingsProblem &p : problems) {
    if (p.message.empty()) wfc::fuzz::fail("a bindings problem without a message");
    if (p.line < 0 || p.line > lines || p.column < 0 || (p.line > 0 && p.column == 0))
      wfc::fuzz::fail("a bindings problem placed outside the file: " + std::to_string(p.line) + ":" +
                      std::to_string(p.column) + ": " + p.message);
  }
  if (!problems.empty()) return 0;

  std::string json = wfc::toJsonText(file);
  wfc::BindingsFile reparsed;
  try {
    reparsed = wfc::BindingsFile::fromJsonText(json, "<compiled-in bindings>");
  } catch (const wfc::Error &e) {
    wfc::fuzz::fail(std::string("the compiled-in JSON of a clean bindings file has problems: ") + e.what() + "\n" + json);
  }
  if (!(reparsed == file)) wfc::fuzz::fail("the compiled-in JSON of a bindings file reads back differently:\n" + json);

  std::vector<std::string> declared;
  for (const wfc::BindingsFile::Entry &e : file.entries()) declared.push_back(e.tool);
  try {
    wfc::ToolTable table(declared, &file, nullptr, wfc::ToolTable::Options{});
  } catch (const wfc::Error &) {
    // A native binding names a function this binary does not link: a usage error, as in a run.
  }
  return 0;
}
