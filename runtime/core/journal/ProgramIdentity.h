// What identifies the program that wrote a run (docs/journal.md): the pack (id and version), the
// generated program (a hash codegen emits of the checked and optimized program), each tool's
// binding (a hash of the binding in effect: compiled-in, or --bindings), and the wfc version.
// A run is resumed only by the same program; otherwise difference() names what differs.
#pragma once

#include <map>
#include <string>

namespace wfc {
struct ProgramDecl;
class BindingsFile;
}  // namespace wfc

namespace wfc::journal {

struct ProgramIdentity {
  std::string pack;         // the pack's id
  std::string packVersion;  // the pack's version
  std::string program;      // ProgramDecl::identity
  std::string wfcVersion;
  std::map<std::string, std::string> bindings;  // tool → hash of its binding ("unbound")
  // This executable's step table (ProgramDecl::stepTable), which a run it starts records once per
  // program: what a later version of the program resumes the run by (docs/journal.md "Versions").
  // Null when read from the journal.
  const char *stepTable = nullptr;

  // The bindings as one JSON object text, as the journal stores them, and back.
  std::string bindingsJson() const;
  static std::map<std::string, std::string> parseBindings(const std::string &json);
  // One hash of all the bindings: part of a wfc.cache key for steps that may call any tool.
  std::string bindingsDigest() const;
};

// The identity of `program` run with these bindings (either may be null).
ProgramIdentity identify(const ProgramDecl &program, const BindingsFile *defaults, const BindingsFile *overrides);

// "" when `journal` (what wrote the run) and `self` (this executable) are the same program;
// otherwise what differs, for a message: "its pack version is 1.0.0, this executable's 1.1.0;
// the binding of tool 'store' differs".
std::string difference(const ProgramIdentity &journal, const ProgramIdentity &self);

}  // namespace wfc::journal
