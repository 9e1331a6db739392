// --help of a compiled program's executable (docs/executable.md): what it runs, its input fields
// (from the input_schema) and the options. A chat program's help is host/chat/ChatMain.h's.
#pragma once

#include "host/session/CommandLine.h"
#include "wfc/program.h"

namespace wfc {

void printHelp(const CommandLine &cl, const ProgramDecl &program);

}  // namespace wfc
