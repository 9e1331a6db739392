// Two compiled programs for the serve_requests target: the golden tests' chat pack and support
// triage (a composition whose input has a schema), as wfc generates them — the golden files,
// which tests/golden keeps current — so that requests are read against real programs.
#pragma once

#include <wfc/program.h>

namespace wfc::fuzz {

const ProgramDecl &chatProgram();      // tests/golden/cpp/chat-assistant.wfc.cpp
const ProgramDecl &workflowProgram();  // tests/golden/cpp/support-triage.wfc.cpp

}  // namespace wfc::fuzz
