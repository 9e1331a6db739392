// The benchmark's native tools (native_tools.cpp says what each does).
#pragma once

#include <wfc/tool.h>

#include <chrono>

wfc::Value noop(const wfc::Value &args, const wfc::ToolCall &call);
wfc::Value wait_20ms(const wfc::Value &args, const wfc::ToolCall &call);
wfc::Value stamp(const wfc::Value &args, const wfc::ToolCall &call);
