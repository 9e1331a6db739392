// The five columns that say which program wrote a row — pack, pack_version, program, bindings,
// wfc_version — as the runs and batches tables both hold them (docs/journal.md "What is stored").
#pragma once

#include "core/journal/ProgramIdentity.h"
#include "support/sqlite/Sqlite.h"

namespace wfc::journal {

// Reads them from result columns first … first+4.
ProgramIdentity readIdentity(const sqlite::Statement &s, int first);
// Binds them to parameters first … first+4 (1-based, as SQLite counts).
void bindIdentity(sqlite::Statement &s, int first, const ProgramIdentity &identity);

}  // namespace wfc::journal
