#include "ir/RuntimeEnums.h"

namespace wfc::ir {

wfc::StepKind toRuntime(StepKind kind) {
  switch (kind) {
    case StepKind::Prompt: return wfc::StepKind::Prompt;
    case StepKind::Agent: return wfc::StepKind::Agent;
    case StepKind::Tool: return wfc::StepKind::Tool;
    case StepKind::Branch: return wfc::StepKind::Branch;
    case StepKind::Parallel: return wfc::StepKind::Parallel;
    case StepKind::Subflow: return wfc::StepKind::Subflow;
    case StepKind::Foreach: return wfc::StepKind::Foreach;
    case StepKind::Loop: return wfc::StepKind::Loop;
    case StepKind::Judge: return wfc::StepKind::Judge;
    case StepKind::Action: return wfc::StepKind::Action;
    case StepKind::Block: return wfc::StepKind::Block;
  }
  return wfc::StepKind::Tool;
}

wfc::ActionKind toRuntime(ActionKind action) {
  switch (action) {
    case ActionKind::Shell: return wfc::ActionKind::Shell;
    case ActionKind::ReadFile: return wfc::ActionKind::ReadFile;
    case ActionKind::WriteFile: return wfc::ActionKind::WriteFile;
    case ActionKind::ParseJson: return wfc::ActionKind::ParseJson;
    case ActionKind::Notify: return wfc::ActionKind::Notify;
    case ActionKind::Stop: return wfc::ActionKind::Stop;
    case ActionKind::ReadInput: return wfc::ActionKind::ReadInput;
  }
  return wfc::ActionKind::Shell;
}

wfc::Effect toRuntime(Effect effect) {
  switch (effect) {
    case Effect::None: return wfc::Effect::None;
    case Effect::Read: return wfc::Effect::Read;
    case Effect::Write: return wfc::Effect::Write;
  }
  return wfc::Effect::Write;
}

}  // namespace wfc::ir
