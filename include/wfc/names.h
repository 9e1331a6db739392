// The names of the step kinds, effects and built-in actions of <wfc/program.h>, written once for
// the compiler and the runtime alike: the spelling packs, traces, reports and the IR printer use
// ("wfc.loop", "read", "read-file"), and the C++ name generated code writes ("StepKind::Loop").
// Before this header each side spelled them on its own and nothing kept the two in step.
//
// One table per enumeration, a row per enumerator in declaration order, so a lookup is an index.
// The checks at the end hold each table to its enumeration: rows in order, and one for the last
// enumerator (a kind added to <wfc/program.h> needs its row here too).
#pragma once

#include "wfc/program.h"

#include <cstddef>
#include <iterator>

namespace wfc::names {

// The names of one enumerator.
template <typename Enum>
struct Enumerator {
  Enum value;
  const char *spelling;  // as packs and traces write it: "wfc.loop"
  const char *cppName;   // as C++ names it inside namespace wfc: "StepKind::Loop"
};

// A row whose C++ name is made from the enumerator itself, so the two cannot disagree.
#define WFC_ENUMERATOR(Enum, Name, spelling) \
  Enumerator<Enum> { Enum::Name, spelling, #Enum "::" #Name }

// The step kinds (docs/language/promptpack.md; `action` and `block` are AWL's, docs/awl.md).
inline constexpr Enumerator<StepKind> kStepKinds[] = {
    WFC_ENUMERATOR(StepKind, Tool, "tool"),           WFC_ENUMERATOR(StepKind, Branch, "branch"),
    WFC_ENUMERATOR(StepKind, Parallel, "parallel"),   WFC_ENUMERATOR(StepKind, Subflow, "wfc.subflow"),
    WFC_ENUMERATOR(StepKind, Prompt, "prompt"),       WFC_ENUMERATOR(StepKind, Agent, "agent"),
    WFC_ENUMERATOR(StepKind, Foreach, "wfc.foreach"), WFC_ENUMERATOR(StepKind, Loop, "wfc.loop"),
    WFC_ENUMERATOR(StepKind, Judge, "wfc.judge"),     WFC_ENUMERATOR(StepKind, Action, "action"),
    WFC_ENUMERATOR(StepKind, Block, "block"),
};

// The built-in actions, as AWL spells them (docs/awl.md "Actions").
inline constexpr Enumerator<ActionKind> kActions[] = {
    WFC_ENUMERATOR(ActionKind, Shell, "shell"),          WFC_ENUMERATOR(ActionKind, ReadFile, "read-file"),
    WFC_ENUMERATOR(ActionKind, WriteFile, "write-file"), WFC_ENUMERATOR(ActionKind, ParseJson, "parse-json"),
    WFC_ENUMERATOR(ActionKind, Notify, "notify"),        WFC_ENUMERATOR(ActionKind, Stop, "stop"),
    WFC_ENUMERATOR(ActionKind, ReadInput, "read-input"),
};

// The effects, as a tool's `effect` spells them (docs/language/promptpack.md).
inline constexpr Enumerator<Effect> kEffects[] = {
    WFC_ENUMERATOR(Effect, None, "none"),
    WFC_ENUMERATOR(Effect, Read, "read"),
    WFC_ENUMERATOR(Effect, Write, "write"),
};

#undef WFC_ENUMERATOR

// The names of a value no enumerator has (read from a damaged table).
template <typename Enum>
inline constexpr Enumerator<Enum> kUnknown{Enum{}, "?", "?"};

// The row of `value` in its enumeration's table.
template <typename Enum, std::size_t N>
constexpr const Enumerator<Enum> &rowOf(const Enumerator<Enum> (&table)[N], Enum value) {
  const auto index = static_cast<std::size_t>(value);
  return index < N ? table[index] : kUnknown<Enum>;
}

constexpr const char *spell(StepKind kind) { return rowOf(kStepKinds, kind).spelling; }
constexpr const char *spell(ActionKind action) { return rowOf(kActions, action).spelling; }
constexpr const char *spell(Effect effect) { return rowOf(kEffects, effect).spelling; }

constexpr const char *cppName(StepKind kind) { return rowOf(kStepKinds, kind).cppName; }
constexpr const char *cppName(ActionKind action) { return rowOf(kActions, action).cppName; }
constexpr const char *cppName(Effect effect) { return rowOf(kEffects, effect).cppName; }

// Whether row i of `table` is enumerator i, for every row, and the last row is `last`.
template <typename Enum, std::size_t N>
constexpr bool namesEveryEnumerator(const Enumerator<Enum> (&table)[N], Enum last) {
  for (std::size_t i = 0; i < N; ++i)
    if (static_cast<std::size_t>(table[i].value) != i) return false;
  return static_cast<std::size_t>(last) == N - 1;
}

static_assert(namesEveryEnumerator(kStepKinds, StepKind::Block),
              "kStepKinds: one row per StepKind, in declaration order (Block is the last)");
static_assert(namesEveryEnumerator(kActions, ActionKind::ReadInput),
              "kActions: one row per ActionKind, in declaration order (ReadInput is the last)");
static_assert(namesEveryEnumerator(kEffects, Effect::Write),
              "kEffects: one row per Effect, in declaration order (Write is the last)");

}  // namespace wfc::names
