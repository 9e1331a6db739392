#include "host/session/Fork.h"

#include "common/DidYouMean.h"
#include "core/journal/RunOwner.h"
#include "core/trace/Trace.h"
#include "host/session/Resume.h"
#include "wfc/error.h"
#include "wfc/program.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <span>
#include <string_view>

namespace wfc::journal {
namespace {

bool opensFrame(const StepDecl &d) {
  return d.kind == StepKind::Foreach || d.kind == StepKind::Loop || d.kind == StepKind::Block;
}

// The steps of one composition and how they nest.
class StepTree {
 public:
  explicit StepTree(const CompositionDecl &c) : steps_(c.steps), frames_(c.steps.size()) {
    for (size_t i = 0; i < steps_.size(); ++i) {
      int frame = -1;
      for (int p = steps_[i].parent; p >= 0 && frame < 0; p = steps_[size_t(p)].parent)
        if (opensFrame(steps_[size_t(p)])) frame = p;
      frames_[i] = frame;
      byFrame_[{frame, steps_[i].id}] = int(i);
    }
  }

  size_t size() const { return steps_.size(); }
  const StepDecl &at(size_t i) const { return steps_[i]; }

  // The step a recorded path belongs to: its frames walked from the top ("each[3]__summarize":
  // step summarize of foreach each), a called composition's steps counted as the call's
  // ("call__inner": the subflow step call). -1 when the path names no step of this composition.
  // Ids may hold "__" themselves (an inlined call's "call__a"): the longest that names a step of
  // the frame wins.
  // `entered(frame, index)` is told each foreach or loop item the path goes through.
  template <typename Entered>
  int stepOfPath(std::string_view path, Entered &&entered) const {
    int frame = -1;
    while (true) {
      int best = -1;
      size_t bestEnd = 0;
      for (size_t end = path.size();; --end) {
        const bool boundary = end == path.size() || path[end] == '[' || path.substr(end).starts_with("__");
        if (boundary) {
          auto it = byFrame_.find({frame, std::string(path.substr(0, end))});
          if (it != byFrame_.end()) {
            best = it->second, bestEnd = end;
            break;
          }
        }
        if (end == 0) break;
      }
      if (best < 0) return -1;
      std::string_view rest = path.substr(bestEnd);
      if (rest.empty() || !opensFrame(steps_[size_t(best)])) return best;  // the step itself, or inside a call
      if (rest.starts_with("[")) {
        size_t close = rest.find("]__");
        if (close == std::string_view::npos) return best;
        entered(best, std::strtoll(std::string(rest.substr(1, close - 1)).c_str(), nullptr, 10));
        rest = rest.substr(close + 3);
      } else {
        rest = rest.substr(2);
      }
      path = rest;
      frame = best;
    }
  }

 private:
  std::span<const StepDecl> steps_;
  std::vector<int> frames_;                          // the step opening each step's frame, or -1
  std::map<std::pair<int, std::string>, int> byFrame_;  // (frame, id) → step
};

}  // namespace

ForkPlan planFork(JournalFile &file, const RunRow &source, const ProgramDecl &program, const std::string &from) {
  if (program.workflow || program.compositions.empty())
    throw Error(ErrorKind::Usage, std::string("--fork re-runs a composition's steps; pack '") + program.name +
                                      "' runs " + (program.workflow ? "a workflow's states" : "chat turns") +
                                      ", which a fork does not start from (resume the run with --resume instead)");
  StepTree tree(program.compositions[0]);
  // STEP is a step's id; else the id the pack declares (a step an inlined call renamed), when
  // only one step has it.
  int start = -1;
  std::vector<std::string> ids, declared;
  for (size_t i = 0; i < tree.size(); ++i) {
    const StepDecl &d = tree.at(i);
    ids.push_back(d.id);
    if (from == d.id) start = int(i);
  }
  if (start < 0)
    for (size_t i = 0; i < tree.size(); ++i)
      if (const StepDecl &d = tree.at(i); d.key && from == d.key) {
        declared.push_back(d.id);
        start = int(i);
      }
  if (declared.size() > 1) {
    std::string list;
    for (size_t i = 0; i < declared.size(); ++i) list += (i ? ", '" : "'") + declared[i] + "'";
    throw Error(ErrorKind::Usage, "--from '" + from + "' names " + std::to_string(declared.size()) +
                                      " steps (inlined calls of one composition): " + list + "; give one of these ids");
  }
  if (start < 0)
    throw Error(ErrorKind::Usage, "--from '" + from + "' names no step of composition '" +
                                      program.compositions[0].name + "'" + didYouMean(from, ids) +
                                      " (give a step's id as the pack declares it)");
  // Run again, whole: the start and what waits for it, with everything inside them. Partly: the
  // steps that contain one of those (their other inner steps' records are kept).
  std::vector<bool> whole(tree.size(), false), partly(tree.size(), false);
  whole[size_t(start)] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < tree.size(); ++i) {
      if (whole[i]) continue;
      const StepDecl &d = tree.at(i);
      bool depends = d.guardedBy >= 0 && (whole[size_t(d.guardedBy)] || partly[size_t(d.guardedBy)]);
      for (int a : d.after) depends |= whole[size_t(a)] || partly[size_t(a)];
      for (int a : d.needs) depends |= whole[size_t(a)] || partly[size_t(a)];
      for (int p = d.parent; p >= 0 && !depends; p = tree.at(size_t(p)).parent) depends |= whole[size_t(p)];
      if (depends) whole[i] = grew = true;
    }
    for (size_t i = 0; i < tree.size(); ++i)
      if (whole[i] || partly[i])
        for (int p = tree.at(i).parent; p >= 0; p = tree.at(size_t(p)).parent)
          if (!whole[size_t(p)] && !partly[size_t(p)]) partly[size_t(p)] = grew = true;
  }
  ForkPlan plan;
  for (size_t i = 0; i < tree.size(); ++i) plan.rerun += whole[i] || partly[i];
  for (const std::string &path : file.runs().recordedPaths(source.seq)) {
    bool laterIteration = false;  // of a loop that runs again: it reads the iteration before
    int step = tree.stepOfPath(path, [&](int frame, int64_t index) {
      laterIteration |= index > 0 && tree.at(size_t(frame)).kind == StepKind::Loop && partly[size_t(frame)];
    });
    if (step < 0 || whole[size_t(step)] || laterIteration) continue;
    // A step run again in part keeps the records of the steps inside it, not its own.
    if (partly[size_t(step)]) continue;
    plan.reused.push_back(path);
  }
  return plan;
}

RunRow recordFork(JournalFile &file, const RunRow &source, const ForkPlan &plan, const ProgramIdentity &identity,
                  const std::optional<Value> &input) {
  std::mt19937_64 random(std::random_device{}());
  std::string id = randomHex(random, 16);
  int64_t seq = file.runs().create(id, identity, input ? input->dump() : source.input, nowMs(), thisProcessOwner());
  file.runs().copyRows(source.seq, seq, plan.reused);
  std::optional<RunRow> row = file.runs().find(id);
  if (!row) throw Error(ErrorKind::StepFailed, "cannot read back forked run '" + id + "' of journal '" + file.path() + "'");
  return *row;
}

}  // namespace wfc::journal
