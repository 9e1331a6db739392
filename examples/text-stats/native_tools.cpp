// Native tools of the text-stats example: plain C++ functions with the signature of
// <wfc/tool.h>, linked into the executable (wfc compile --native native_tools.cpp).
#include <wfc/tool.h>

#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> words(const std::string &text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

wfc::Value count_words(const wfc::Value &args, const wfc::ToolCall &) {
  return wfc::Value::object({{"count", wfc::Value::integer(int64_t(words(args.get("text")->asString()).size()))}});
}

wfc::Value markdown_headings(const wfc::Value &args, const wfc::ToolCall &) {
  std::istringstream in(args.get("text")->asString());
  std::vector<wfc::Value> headings;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("#", 0) == 0) headings.push_back(wfc::Value::string(line.substr(line.find_first_not_of("# "))));
  return wfc::Value::object({{"headings", wfc::Value::array(std::move(headings))}});
}

wfc::Value excerpt(const wfc::Value &args, const wfc::ToolCall &) {
  std::vector<std::string> all = words(args.get("text")->asString());
  size_t n = size_t(args.get("words")->asInteger());
  std::string out;
  for (size_t i = 0; i < all.size() && i < n; ++i) out += (i ? " " : "") + all[i];
  if (all.size() > n) out += " …";
  return wfc::Value::object({{"text", wfc::Value::string(out)}});
}
