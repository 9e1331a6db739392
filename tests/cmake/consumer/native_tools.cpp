// The greeter's native tool: a plain function with the signature of <wfc/tool.h>.
#include <wfc/tool.h>

#include <string>

wfc::Value greet(const wfc::Value &args, const wfc::ToolCall &) {
  return wfc::Value::object({{"greeting", wfc::Value::string("Hello, " + args.get("name")->asString() + "!")}});
}
