#pragma once

#include "driver/Options.h"

#include <string>

namespace wfc {

struct TraceViewOptions {
  std::string trace;     // a --trace file (JSON lines)
  std::string output;    // -o FILE; empty or "-": stdout
  std::string run;       // --run ID: which run, when the trace holds several
  std::string pack;      // --pack PACK: draw its step graph too
  std::string bindings;  // --bindings: the tools' effects, for the graph's plan
};

// `wfc trace view TRACE.jsonl -o timeline.html [--run ID] [--pack PACK]`: the web page of --serve
// for one run of a trace file, offline — one HTML file, its script, style and the run's events
// inside (docs/observability.md "The trace view").
int runTraceView(const TraceViewOptions &view, const CommonOptions &options);

}  // namespace wfc
