#include "core/tools/ToolBinding.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

namespace wfc::tools {
namespace {

// An argument as a shell would need it, so that a plan shows where each one ends.
std::string shellWord(const std::string &s) {
  bool plain = !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) {
    return std::isalnum(c) || std::string_view("@%+=:,./_-").find(char(c)) != std::string_view::npos;
  });
  if (plain) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

class ExecBinding final : public ToolBinding {
 public:
  explicit ExecBinding(ExecSpec spec) : tool_(std::move(spec)) {}
  Value call(const Value &args, const ToolCall &call) const override {
    return tool_.call(args, std::string(call.idempotencyKey), call.cancel, call.workingDir);
  }
  std::string describe() const override {
    const ExecSpec &spec = tool_.spec();
    std::string out = "exec:";
    for (const std::string &a : spec.argv) out += " " + shellWord(a);
    std::vector<std::string> notes;
    if (!spec.cwd.empty()) notes.push_back("in " + shellWord(spec.cwd));
    if (spec.timeoutMs > 0) notes.push_back("timeout " + std::to_string(spec.timeoutMs) + " ms");
    for (size_t i = 0; i < notes.size(); ++i) out += (i == 0 ? " (" : ", ") + notes[i];
    return notes.empty() ? out : out + ")";
  }

 private:
  ExecTool tool_;
};

class MockBinding final : public ToolBinding {
 public:
  explicit MockBinding(MockTool mock) : mock_(std::move(mock)) {}
  Value call(const Value &args, const ToolCall &call) const override {
    call.cancel.throwIfCancelled();
    return mock_.call(args);
  }
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
    // A step that works in a directory of its own (AWL's prompt-agent working-dir) confines the
    // file builtins to it instead of the workspace (docs/bindings.md "builtin").
    if (!call.workingDir.empty() && name_ != "parse_json" && name_ != "now") {
      std::optional<BuiltinTools> here;
      try {
        here.emplace(std::filesystem::path(std::string(call.workingDir)));
      } catch (const Error &e) {
        throw Error(ErrorKind::StepFailed, name_ + ": the step's working directory: " + e.what());
      }
      return here->call(name_, args);
    }
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

ToolBinding::~ToolBinding() = default;

std::unique_ptr<ToolBinding> makeExecBinding(ExecSpec spec) { return std::make_unique<ExecBinding>(std::move(spec)); }
std::unique_ptr<ToolBinding> makeMockBinding(MockTool mock) { return std::make_unique<MockBinding>(std::move(mock)); }
std::unique_ptr<ToolBinding> makeBuiltinBinding(std::string name, std::shared_ptr<const BuiltinTools> builtins) {
  return std::make_unique<BuiltinBinding>(std::move(name), std::move(builtins));
}
std::unique_ptr<ToolBinding> makeNativeBinding(std::string name, NativeTool fn) {
  return std::make_unique<NativeBinding>(std::move(name), fn);
}

}  // namespace wfc::tools
