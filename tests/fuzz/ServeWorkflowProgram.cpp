// The golden support-triage pack, its main renamed: the target has libFuzzer's (or ReplayMain's).
#include "ServePrograms.h"

#define main wfc_golden_support_triage_main
#include "../golden/cpp/support-triage.wfc.cpp"
#undef main

const wfc::ProgramDecl &wfc::fuzz::workflowProgram() { return kProgram; }
