#include "codegen/RegistryEmitter.h"

#include "codegen/CppNames.h"
#include "codegen/Printer.h"
#include "codegen/RegistryDeclMirrors.h"

#include <llvm/ADT/StringExtras.h>

#include <map>

namespace wfc::codegen {
namespace {

class Emitter {
 public:
  Emitter(const ir::Registry &registry, const RegistryCodegenOptions &options,
          const std::function<std::string(llvm::SMLoc)> &location)
      : r_(registry), options_(options), location_(location) {
    for (size_t i = 0; i < r_.workflows.size(); ++i) workflow_[r_.workflows[i].id] = int(i);
    for (size_t i = 0; i < r_.transitions.size(); ++i) transition_[r_.transitions[i].id] = int(i);
    for (size_t i = 0; i < r_.sequences.size(); ++i) sequence_[r_.sequences[i].id] = int(i);
  }

  void emitTables(Printer &p, const std::vector<RegistryMember> &members) {
    p.emit(R"cc(
      // =============================================================================================
      // The registry: its workflows and their prerequisites, sequences, transitions, entrypoints.

      namespace {

    )cc");
    if (options_.bindingsJson)
      p.emit({{"text", rawString(*options_.bindingsJson, "json")}}, R"cc(
        // The bindings given to wfc at compile time, for every workflow: defaults that --bindings overrides.
        const char kBindings[] = $text$;

      )cc");
    std::map<std::string, std::string> namespaces;
    for (const RegistryMember &m : members) namespaces[m.workflow] = m.ns;
    std::vector<RegistryWorkflowDeclFields> workflows;
    for (const ir::RegistryWorkflow &w : r_.workflows) {
      RegistryWorkflowDeclFields row;
      row.id = cppString(w.id);
      row.program = "&" + namespaces.at(w.id) + "::kProgram";
      row.location = cppString(location_(w.loc));
      if (!w.description.empty()) row.description = cppString(w.description);
      if (!w.dependencies.empty()) {
        std::vector<RegistryDependencyDeclFields> rows;
        for (const ir::RegistryDependency &d : w.dependencies) {
          RegistryDependencyDeclFields dependency;
          dependency.workflow = {std::to_string(workflow_.at(d.workflow)), d.workflow};
          if (!d.required) dependency.required = "false";
          if (d.userScope) dependency.userScope = "true";
          if (!d.reason.empty()) dependency.reason = cppString(d.reason);
          rows.push_back(std::move(dependency));
        }
        std::string table = "kDependencies_" + namespaces.at(w.id);
        emitInitializerTable(p, table, rows);
        row.dependencies = table;
      }
      if (w.startupMode == "BackendOnly") row.backendOnly = "true";
      workflows.push_back(std::move(row));
    }
    emitInitializerTable(p, "kWorkflows", workflows);
    p.blankLine();

    std::vector<RegistryTransitionDeclFields> transitions;
    for (size_t i = 0; i < r_.transitions.size(); ++i) {
      const ir::RegistryTransition &t = r_.transitions[i];
      std::string name = "kTransition" + std::to_string(i);
      RegistryTransitionDeclFields row;
      row.id = cppString(t.id);
      row.type = cppString(t.type);
      row.kind = kind(t);
      if (!t.options.empty()) {
        std::vector<RegistryOptionDeclFields> options;
        for (const ir::TransitionOption &o : t.options) {
          RegistryOptionDeclFields option;
          option.id = cppString(o.id);
          option.route = route(o.routeTo, o.sequence.empty() ? t.sequence : o.sequence);
          if (!o.contextVariables.empty()) option.contextVariables = cppString(o.contextVariables.dump());
          options.push_back(std::move(option));
        }
        emitInitializerTable(p, name + "_options", options);
        row.options = name + "_options";
      }
      if (!t.routeTo.empty()) row.route = {route(t.routeTo, t.sequence), "route_to"};
      if (!t.contextKey.empty()) row.contextKey = cppString(t.contextKey);
      if (!t.routes.empty()) {
        std::vector<RegistryConditionDeclFields> routes;
        for (const ir::ConditionRoute &c : t.routes) {
          RegistryConditionDeclFields condition;
          condition.match = cppString(c.match.dump());
          condition.route = route(c.routeTo, c.sequence.empty() ? t.sequence : c.sequence);
          routes.push_back(std::move(condition));
        }
        emitInitializerTable(p, name + "_routes", routes);
        row.routes = name + "_routes";
      }
      if (!t.defaultRoute.empty()) row.defaultRoute = route(t.defaultRoute, t.sequence);
      if (!t.confirmRoute.empty()) row.confirmRoute = route(t.confirmRoute, t.sequence);
      if (!t.cancelRoute.empty()) row.cancelRoute = route(t.cancelRoute, t.sequence);
      transitions.push_back(std::move(row));
    }
    if (!transitions.empty()) {
      emitInitializerTable(p, "kTransitions", transitions);
      p.blankLine();
    }

    std::vector<RegistrySequenceDeclFields> sequences;
    for (size_t i = 0; i < r_.sequences.size(); ++i) {
      const ir::Sequence &q = r_.sequences[i];
      std::vector<RegistryStepDeclFields> steps;
      for (const ir::SequenceStep &s : q.steps) {
        RegistryStepDeclFields step;
        if (!s.transition.empty()) {
          step.transition = {std::to_string(transition_.at(s.transition)), s.transition};
        } else {
          std::vector<std::string> ids;
          for (const std::string &w : s.workflows) ids.push_back(std::to_string(workflow_.at(w)));
          step.workflows = {"{" + llvm::join(ids, ", ") + "}", llvm::join(s.workflows, ", ")};
        }
        steps.push_back(std::move(step));
      }
      std::string table = "kSequence" + std::to_string(i) + "_steps";
      emitInitializerTable(p, table, steps);
      RegistrySequenceDeclFields row;
      row.id = cppString(q.id);
      if (!q.description.empty()) row.description = cppString(q.description);
      row.steps = table;
      sequences.push_back(std::move(row));
    }
    if (!sequences.empty()) {
      emitInitializerTable(p, "kSequences", sequences);
      p.blankLine();
    }

    std::vector<RegistryEntrypointDeclFields> entrypoints;
    for (const ir::Entrypoint &e : r_.entrypoints) {
      RegistryEntrypointDeclFields row;
      row.id = cppString(e.id);
      row.path = cppString(e.path);
      if (!e.label.empty()) row.label = cppString(e.label);
      if (!e.workflow.empty()) row.workflow = {std::to_string(workflow_.at(e.workflow)), e.workflow};
      if (!e.transition.empty()) row.transition = {std::to_string(transition_.at(e.transition)), e.transition};
      if (!e.sequence.empty()) row.sequence = {std::to_string(sequence_.at(e.sequence)), e.sequence};
      entrypoints.push_back(std::move(row));
    }
    if (!entrypoints.empty()) {
      emitInitializerTable(p, "kEntrypoints", entrypoints);
      p.blankLine();
    }

    if (!options_.natives.empty()) {
      p.emit("const wfc::NativeToolEntry kNatives[] = {\n");
      {
        auto indent = p.bracedListIndent();
        for (const std::string &n : options_.natives)
          p.emit({{"name", cppString(n)}, {"fn", n}}, "{$name$, &::$fn$},\n");
      }
      p.emit("};\n");
      p.blankLine();
    }
    RegistryDeclFields fields;
    fields.name = cppString(r_.packName);
    fields.source = cppString(options_.sourcePath);
    fields.description = cppString(r_.description);
    fields.wfcVersion = cppString(options_.wfcVersion);
    fields.workflows = "kWorkflows";
    if (!sequences.empty()) fields.sequences = "kSequences";
    if (!transitions.empty()) fields.transitions = "kTransitions";
    if (!entrypoints.empty()) fields.entrypoints = "kEntrypoints";
    fields.bindings = options_.bindingsJson ? "kBindings" : "nullptr";
    if (!options_.natives.empty()) fields.natives = "kNatives";
    if (options_.allowUnbound) fields.allowUnbound = "true";
    emitInitializer(p, "kRegistry", fields);
    p.emit(R"cc(

      }  // namespace

      int main(int argc, char **argv) { return wfc::runRegistryMain(argc, argv, kRegistry); }
    )cc");
  }

 private:
  static std::string kind(const ir::RegistryTransition &t) {
    if (t.type == "confirm") return "wfc::TransitionKind::Confirm";
    if (t.awaitsChoice()) return "wfc::TransitionKind::Choice";
    if (t.type == "condition") return "wfc::TransitionKind::Condition";
    if (t.type == "workflow_complete" && t.routeTo.empty()) return "wfc::TransitionKind::Complete";
    return "wfc::TransitionKind::Direct";
  }

  // {.workflow = N} or {.transition = N}, with {.sequence = N} when it switches sequences.
  std::string route(const std::string &target, const std::string &sequence) const {
    RegistryRouteDeclFields route;
    if (auto w = workflow_.find(target); w != workflow_.end()) route.workflow = std::to_string(w->second);
    else if (auto t = transition_.find(target); t != transition_.end()) route.transition = std::to_string(t->second);
    if (auto q = sequence_.find(sequence); !sequence.empty() && q != sequence_.end())
      route.sequence = std::to_string(q->second);
    return inlineInitializer(route);
  }

  const ir::Registry &r_;
  const RegistryCodegenOptions &options_;
  const std::function<std::string(llvm::SMLoc)> &location_;
  std::map<std::string, int> workflow_, transition_, sequence_;
};

}  // namespace

std::string memberNamespace(const std::string &id) {
  NameTable names;
  return names.add("workflow_" + id);
}

std::string emitRegistry(const ir::Registry &registry, const std::vector<RegistryMember> &members,
                         const RegistryCodegenOptions &options, const std::function<std::string(llvm::SMLoc)> &location) {
  std::string out;
  Printer p(out);
  std::vector<std::string> ids;
  for (const ir::RegistryWorkflow &w : registry.workflows) ids.push_back(w.id);
  p.emit({{"version", options.wfcVersion}, {"source", options.sourcePath}, {"name", registry.packName},
          {"workflows", llvm::join(ids, ", ")}},
         R"cc(
           // Generated by wfc $version$ from $source$. DO NOT EDIT.
           //
           // Workflow registry '$name$': workflows $workflows$. Each workflow's program is in a
           // namespace of its own; the registry's tables at the end say how runs of them are gated,
           // grouped into sequences and routed (docs/registry.md), for wfc::runRegistryMain.

           #include <wfc/program.h>
           #include <wfc/registry.h>

         )cc");
  if (!options.natives.empty()) {
    p.emit("// Native tools, defined in sources linked into this executable (see <wfc/tool.h>).\n");
    for (const std::string &n : options.natives)
      p.emit({{"name", n}}, "wfc::Value $name$(const wfc::Value &args, const wfc::ToolCall &call);\n");
    p.blankLine();
  }
  for (const RegistryMember &m : members) out += m.source;
  Emitter(registry, options, location).emitTables(p, members);
  return out;
}

}  // namespace wfc::codegen
