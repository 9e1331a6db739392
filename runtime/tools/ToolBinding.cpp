#include "tools/ToolBinding.h"

namespace wfc::tools {
namespace {

class ExecBinding final : public ToolBinding {
 public:
  explicit ExecBinding(ExecSpec spec) : tool_(std::move(spec)) {}
  Value call(const Value &args, const ToolCall &call) const override {
    return tool_.call(args, std::string(call.idempotencyKey), call.cancel);
  }
  std::string describe() const override {
    std::string out = "exec:";
    for (const std::string &a : tool_.spec().argv) out += " " + a;
    if (tool_.spec().timeoutMs > 0) out += " (timeout " + std::to_string(tool_.spec().timeoutMs) + " ms)";
    return out;
  }

 private:
  ExecTool tool_;
};

class MockBinding final : public ToolBinding {
 public:
  explicit MockBinding(MockTool mock) : mock_(std::move(mock)) {}
  Value call(const Value &args, const ToolCall &) const override { return mock_.call(args); }
  std::string describe() const override { return mock_.isTemplate() ? "mock (template)" : "mock"; }

 private:
  MockTool mock_;
};

class BuiltinBinding final : public ToolBinding {
 public:
  BuiltinBinding(std::string name, std::shared_ptr<const BuiltinTools> builtins)
      : name_(std::move(name)), builtins_(std::move(builtins)) {}
  Value call(const Value &args, const ToolCall &call) const override {
    call.cancel.throwIfCancelled();
    return builtins_->call(name_, args);
  }
  std::string describe() const override { return "builtin " + name_; }

 private:
  std::string name_;
  std::shared_ptr<const BuiltinTools> builtins_;
};

class NativeBinding final : public ToolBinding {
 public:
  NativeBinding(std::string name, NativeTool fn) : name_(std::move(name)), fn_(fn) {}
  Value call(const Value &args, const ToolCall &call) const override { return fn_(args, call); }
  std::string describe() const override { return "native " + name_; }

 private:
  std::string name_;
  NativeTool fn_;
};

}  // namespace

std::unique_ptr<ToolBinding> makeExecBinding(ExecSpec spec) { return std::make_unique<ExecBinding>(std::move(spec)); }
std::unique_ptr<ToolBinding> makeMockBinding(MockTool mock) { return std::make_unique<MockBinding>(std::move(mock)); }
std::unique_ptr<ToolBinding> makeBuiltinBinding(std::string name, std::shared_ptr<const BuiltinTools> builtins) {
  return std::make_unique<BuiltinBinding>(std::move(name), std::move(builtins));
}
std::unique_ptr<ToolBinding> makeNativeBinding(std::string name, NativeTool fn) {
  return std::make_unique<NativeBinding>(std::move(name), fn);
}

}  // namespace wfc::tools
