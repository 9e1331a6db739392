// The golden chat pack, its main renamed: the target has libFuzzer's (or ReplayMain's).
#include "ServePrograms.h"

#define main wfc_golden_chat_assistant_main
#include "../golden/cpp/chat-assistant.wfc.cpp"
#undef main

const wfc::ProgramDecl &wfc::fuzz::chatProgram() { return kProgram; }
