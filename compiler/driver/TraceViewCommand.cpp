#include "driver/TraceViewCommand.h"

#include "driver/BuildCommand.h"
#include "driver/GraphCommand.h"
#include "graph/StepGraph.h"

#include "WebPageFiles.h"  // runtime/serve/web/, as --serve's page (runtime/CMakeLists.txt)

#include <llvm/Support/WithColor.h>
#include <llvm/Support/raw_ostream.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace wfc {
namespace {

using Json = nlohmann::ordered_json;

int fail(const std::string &message) {
  llvm::WithColor::error(llvm::errs(), "wfc") << message << "\n";
  return 1;
}

// JSON inside <script>: "</" would end the element early.
std::string scriptSafe(const std::string &json) {
  std::string out;
  for (size_t i = 0; i < json.size(); ++i) {
    out += json[i];
    if (json[i] == '<' && i + 1 < json.size() && json[i + 1] == '/') out += '\\';
  }
  return out;
}

// The events of run `root` (its run_start's span): those whose span or parent span descends from
// it, in the file's order.
std::vector<Json> eventsOfRun(const std::vector<Json> &events, const std::string &root) {
  std::map<std::string, std::string> parentOf;
  for (const Json &e : events)
    if (e.contains("span_id") && e["span_id"].is_string() && e.contains("parent_span_id") && e["parent_span_id"].is_string())
      parentOf.emplace(e["span_id"], e["parent_span_id"]);
  auto descends = [&](std::string span) {
    for (int depth = 0; depth < 1000 && !span.empty(); ++depth) {
      if (span == root) return true;
      auto it = parentOf.find(span);
      if (it == parentOf.end()) return false;
      span = it->second;
    }
    return false;
  };
  std::vector<Json> out;
  for (const Json &e : events) {
    std::string span = e.value("span_id", ""), parent = e.value("parent_span_id", "");
    if ((!span.empty() && descends(span)) || (!parent.empty() && descends(parent))) out.push_back(e);
  }
  return out;
}

std::string htmlText(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

}  // namespace

int runTraceView(const TraceViewOptions &view, const CommonOptions &options) {
  std::ifstream in(view.trace, std::ios::binary);
  if (!in) return fail("cannot read trace file '" + view.trace + "'");
  std::vector<Json> events;
  std::string line;
  for (unsigned number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    Json event = Json::parse(line, nullptr, false);
    if (event.is_discarded() || !event.is_object() || !event.contains("event"))
      return fail(view.trace + ":" + std::to_string(number) +
                  ": not a trace event (a JSON object with \"event\"); is this a --trace file?");
    events.push_back(std::move(event));
  }
  std::vector<const Json *> starts;
  for (const Json &e : events)
    if (e["event"] == "run_start") starts.push_back(&e);
  if (starts.empty()) return fail("trace file '" + view.trace + "' has no run_start: no run to show");
  // Several runs (an --mcp or --serve process's trace): one, by --run.
  std::set<std::string> ids;
  for (const Json *s : starts) ids.insert(s->value("run_id", ""));
  std::vector<Json> shown = events;
  std::string runId = *ids.begin();
  if (ids.size() > 1 || !view.run.empty()) {
    if (view.run.empty()) {
      std::string list;
      for (const std::string &id : ids) list += (list.empty() ? "" : ", ") + id;
      return fail("trace file '" + view.trace + "' holds " + std::to_string(ids.size()) + " runs (" + list +
                  "): choose one with --run ID");
    }
    if (!ids.count(view.run)) return fail("trace file '" + view.trace + "' has no run '" + view.run + "'");
    runId = view.run;
    shown.clear();
    for (const Json *s : starts) {
      if (s->value("run_id", "") != view.run) continue;
      std::vector<Json> segment = eventsOfRun(events, s->value("span_id", ""));
      shown.insert(shown.end(), segment.begin(), segment.end());  // a resumed run's segments, in order
    }
  }
  Json graphJson;  // null: no graph
  if (!view.pack.empty()) {
    int status = 0;
    std::optional<graph::StepGraph> drawn = drawStepGraph(view.pack, view.bindings, true, options, status);
    if (!drawn) return status ? status : 1;
    graphJson = Json::parse(graph::writeJson(*drawn));
  }
  std::string workflow = starts.front()->value("workflow", "");
  Json offline = {{"title", workflow.empty() ? "wfc trace" : workflow + " — run " + runId},
                  {"trace", shown},
                  {"graph", graphJson}};
  std::string html = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
                     htmlText(workflow.empty() ? "wfc trace" : workflow) + " — run " + htmlText(runId) +
                     "</title>\n<style>\n" +
                     std::string(serve::web::style_css) + "</style>\n</head>\n<body>\n"
                     "<header><a href=\"#\" id=\"title\">wfc</a> <span id=\"subtitle\">" + htmlText(view.trace) +
                     "</span></header>\n<main id=\"app\"></main>\n<script>window.WFC_OFFLINE = " +
                     scriptSafe(offline.dump(-1, ' ', false, Json::error_handler_t::replace)) + ";</script>\n<script>\n" +
                     std::string(serve::web::app_js) + "</script>\n</body>\n</html>\n";
  if (view.output.empty() || view.output == "-") {
    llvm::outs() << html;
    return 0;
  }
  return writeIfChanged(view.output, html) ? 0 : 1;
}

}  // namespace wfc
