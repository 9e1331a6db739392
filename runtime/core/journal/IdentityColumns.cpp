#include "core/journal/IdentityColumns.h"

namespace wfc::journal {

ProgramIdentity readIdentity(const sqlite::Statement &s, int first) {
  ProgramIdentity identity;
  identity.pack = s.text(first);
  identity.packVersion = s.text(first + 1);
  identity.program = s.text(first + 2);
  identity.bindings = ProgramIdentity::parseBindings(s.text(first + 3));
  identity.wfcVersion = s.text(first + 4);
  return identity;
}

void bindIdentity(sqlite::Statement &s, int first, const ProgramIdentity &identity) {
  s.bind(first, std::string_view(identity.pack)).bind(first + 1, std::string_view(identity.packVersion));
  s.bind(first + 2, std::string_view(identity.program)).bind(first + 3, std::string_view(identity.bindingsJson()));
  s.bind(first + 4, std::string_view(identity.wfcVersion));
}

}  // namespace wfc::journal
