#include "core/tools/MockTool.h"

#include "common/MockTemplate.h"

#include <utility>

namespace wfc::tools {

MockTool MockTool::fixed(Value result) { return MockTool(std::move(result), false); }

MockTool MockTool::fromTemplate(Value templ) {
  validateMockTemplate(templ);
  return MockTool(std::move(templ), true);
}

Value MockTool::call(const Value &args) const {
  if (!isTemplate_) return value_;
  return renderMockTemplate(value_, args);
}

}  // namespace wfc::tools
