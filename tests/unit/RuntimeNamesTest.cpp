// The names of step kinds, actions and effects (<wfc/names.h>): the IR spells them as the
// runtime does, and code generation writes the runtime's enumerators.
#include "codegen/RuntimeEnumerators.h"

#include <gtest/gtest.h>

namespace wfc::codegen {
namespace {

TEST(RuntimeNamesTest, TheIrSpellsKindsActionsAndEffectsAsTheRuntimeDoes) {
  EXPECT_STREQ(ir::spell(ir::StepKind::Subflow), "wfc.subflow");
  EXPECT_STREQ(ir::spell(ir::StepKind::Block), "block");
  EXPECT_STREQ(ir::spell(ir::ActionKind::ReadFile), "read-file");
  EXPECT_STREQ(ir::spell(ir::Effect::Read), "read");
}

TEST(RuntimeNamesTest, GeneratedCodeNamesTheRuntimesEnumerators) {
  EXPECT_EQ(cppEnumerator(ir::StepKind::Loop), "wfc::StepKind::Loop");
  EXPECT_EQ(cppEnumerator(ir::ActionKind::ParseJson), "wfc::ActionKind::ParseJson");
  EXPECT_EQ(cppEnumerator(ir::Effect::Write), "wfc::Effect::Write");
}

TEST(RuntimeNamesTest, AValueNoEnumeratorHasIsSpelledAsUnknown) {
  EXPECT_STREQ(names::spell(static_cast<wfc::StepKind>(200)), "?");
}

}  // namespace
}  // namespace wfc::codegen
