// The step graph as text: Graphviz DOT, Mermaid flowchart, JSON. Stable: the same graph prints
// byte-identically (clusters, nodes and edges in the model's order).
#include "graph/StepGraph.h"

#include <nlohmann/json.hpp>

#include <map>

namespace wfc::graph {
namespace {

// A DOT double-quoted string.
std::string quote(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string nodeLabel(const Node &n) {
  std::string label = n.label + "\n" + n.kind;
  if (!n.effect.empty() && n.effect != "none") label += ", " + n.effect;
  if (!n.guard.empty()) label += "\nruns if " + n.guard;
  if (n.group >= 0) label += "\ngroup " + std::to_string(n.group);
  if (n.terminal) label += "\nterminal";
  return label;
}

const char *dotEdgeStyle(const std::string &kind) {
  if (kind == "order") return "color=gray40";
  if (kind == "plan") return "color=gray20, penwidth=1.2";
  if (kind == "depends_on") return "color=black, penwidth=1.5";
  if (kind == "data") return "style=dashed, color=blue";
  if (kind == "then" || kind == "else") return "color=darkgreen";
  if (kind == "on_error") return "style=dotted, color=red";
  if (kind == "calls" || kind == "runs") return "style=dashed, color=purple";
  if (kind == "max_visits") return "style=dashed, color=orange";
  return "color=black";
}

}  // namespace

std::string writeDot(const StepGraph &g) {
  std::map<std::string, std::vector<const Node *>> nodesIn;
  std::map<std::string, std::vector<const Cluster *>> childClusters;
  std::map<std::string, std::string> anchor;  // cluster → its first node, for edges into it
  std::map<std::string, size_t> clusterNumber;
  for (const Node &n : g.nodes) {
    nodesIn[n.cluster].push_back(&n);
    for (std::string c = n.cluster; !c.empty() && !anchor.count(c);) {
      anchor[c] = n.id;
      const Cluster *parent = nullptr;
      for (const Cluster &k : g.clusters)
        if (k.id == c) parent = &k;
      c = parent ? parent->parent : "";
    }
  }
  for (size_t i = 0; i < g.clusters.size(); ++i) {
    childClusters[g.clusters[i].parent].push_back(&g.clusters[i]);
    clusterNumber[g.clusters[i].id] = i;
  }

  std::string out = "digraph " + quote(g.pack) + " {\n  compound=true;\n  rankdir=TB;\n"
                    "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n"
                    "  edge [fontname=\"Helvetica\", fontsize=9];\n";
  auto emitNode = [&](const Node &n, const std::string &indent) {
    std::string attrs = "label=" + quote(nodeLabel(n));
    if (n.kind == "branch") attrs += ", shape=diamond, style=solid";
    else if (n.id.rfind("state:", 0) == 0) attrs += ", shape=ellipse, style=solid";
    if (!n.guard.empty()) attrs += ", style=\"rounded,dashed\"";
    if (n.terminal) attrs += ", peripheries=2";
    if (n.effect == "write") attrs += ", color=firebrick";
    out += indent + quote(n.id) + " [" + attrs + "];\n";
  };
  std::function<void(const Cluster &, const std::string &)> emitCluster = [&](const Cluster &c, const std::string &indent) {
    out += indent + "subgraph " + quote("cluster_" + std::to_string(clusterNumber[c.id])) + " {\n";
    out += indent + "  label=" + quote(c.kind == "composition" ? "composition " + c.label : c.label + " (" + c.kind + ")") + ";\n";
    for (const Node *n : nodesIn[c.id]) emitNode(*n, indent + "  ");
    for (const Cluster *k : childClusters[c.id]) emitCluster(*k, indent + "  ");
    out += indent + "}\n";
  };
  for (const Cluster *c : childClusters[""]) emitCluster(*c, "  ");
  for (const Node *n : nodesIn[""]) emitNode(*n, "  ");
  for (const Edge &e : g.edges) {
    std::string attrs = dotEdgeStyle(e.kind);
    std::string to = e.to;
    if (clusterNumber.count(e.to)) {  // an edge into a composition: to its first step, clipped at the box
      to = anchor.count(e.to) ? anchor[e.to] : e.to;
      attrs += ", lhead=" + quote("cluster_" + std::to_string(clusterNumber[e.to]));
    }
    std::string label = !e.label.empty() ? e.label : (e.kind == "order" || e.kind == "plan" ? "" : e.kind);
    if (!label.empty()) attrs += ", label=" + quote(label);
    out += "  " + quote(e.from) + " -> " + quote(to) + " [" + attrs + "];\n";
  }
  if (!g.entryState.empty()) {
    out += "  \"start\" [shape=point];\n  \"start\" -> " + quote("state:" + g.entryState) + ";\n";
  }
  return out + "}\n";
}

std::string writeMermaid(const StepGraph &g) {
  // Mermaid ids are plain words: n<i> for nodes, c<i> for clusters. A step that contains steps
  // (a parallel, foreach or loop) is drawn as its subgraph alone: Mermaid cannot have a node and
  // a subgraph of one name, and edges may end at a subgraph.
  std::map<std::string, std::string> ids;
  for (size_t i = 0; i < g.nodes.size(); ++i) ids[g.nodes[i].id] = "n" + std::to_string(i);
  for (size_t i = 0; i < g.clusters.size(); ++i) ids[g.clusters[i].id] = "c" + std::to_string(i);
  std::map<std::string, bool> isCluster;
  for (const Cluster &c : g.clusters) isCluster[c.id] = true;
  auto text = [](const std::string &s) {
    std::string out;
    for (char c : s) {
      if (c == '"') out += "#quot;";
      else if (c == '\n') out += "<br/>";
      else out += c;
    }
    return "\"" + out + "\"";
  };
  std::map<std::string, std::vector<const Node *>> nodesIn;
  std::map<std::string, std::vector<const Cluster *>> childClusters;
  for (const Node &n : g.nodes) nodesIn[n.cluster].push_back(&n);
  for (const Cluster &c : g.clusters) childClusters[c.parent].push_back(&c);

  std::string out = "flowchart TD\n";
  auto emitNode = [&](const Node &n, const std::string &indent) {
    if (isCluster.count(n.id)) return;
    std::string label = text(nodeLabel(n));
    if (n.kind == "branch") out += indent + ids[n.id] + "{" + label + "}\n";
    else if (n.id.rfind("state:", 0) == 0) out += indent + ids[n.id] + "([" + label + "])\n";
    else out += indent + ids[n.id] + "[" + label + "]\n";
  };
  std::function<void(const Cluster &, const std::string &)> emitCluster = [&](const Cluster &c, const std::string &indent) {
    out += indent + "subgraph " + ids[c.id] + "[" + text(c.kind == "composition" ? "composition " + c.label : c.label + " (" + c.kind + ")") + "]\n";
    for (const Node *n : nodesIn[c.id]) emitNode(*n, indent + "  ");
    for (const Cluster *k : childClusters[c.id]) emitCluster(*k, indent + "  ");
    out += indent + "end\n";
  };
  for (const Cluster *c : childClusters[""]) emitCluster(*c, "  ");
  for (const Node *n : nodesIn[""]) emitNode(*n, "  ");
  for (const Edge &e : g.edges) {
    std::string label = !e.label.empty() ? e.label : (e.kind == "order" || e.kind == "plan" ? "" : e.kind);
    std::string arrow = e.kind == "data" || e.kind == "calls" || e.kind == "runs" || e.kind == "on_error" ||
                                e.kind == "max_visits"
                            ? (label.empty() ? " -.-> " : " -. " + label + " .-> ")
                            : (label.empty() ? " --> " : " -- " + label + " --> ");
    out += "  " + ids[e.from] + arrow + ids[e.to] + "\n";
  }
  return out;
}

std::string writeJson(const StepGraph &g) {
  using Json = nlohmann::ordered_json;
  Json clusters = Json::array(), nodes = Json::array(), edges = Json::array();
  for (const Cluster &c : g.clusters) {
    Json j = {{"id", c.id}, {"label", c.label}, {"kind", c.kind}};
    if (!c.parent.empty()) j["parent"] = c.parent;
    clusters.push_back(j);
  }
  for (const Node &n : g.nodes) {
    bool state = n.id.rfind("state:", 0) == 0;
    Json j = {{"id", n.id}, {"label", n.label}, {"kind", n.kind}};
    if (!state) j["effect"] = n.effect;
    j["location"] = n.location;
    if (!n.cluster.empty()) j["cluster"] = n.cluster;
    if (!n.guard.empty()) j["guard"] = n.guard;
    if (n.group >= 0) j["group"] = n.group;
    if (state) j["terminal"] = n.terminal;
    nodes.push_back(j);
  }
  for (const Edge &e : g.edges) {
    Json j = {{"from", e.from}, {"to", e.to}, {"kind", e.kind}};
    if (!e.label.empty()) j["label"] = e.label;
    edges.push_back(j);
  }
  Json out = {{"pack", g.pack}};
  if (!g.entryState.empty()) out["entry_state"] = g.entryState;
  out["clusters"] = clusters;
  out["nodes"] = nodes;
  out["edges"] = edges;
  return out.dump(2) + "\n";
}

}  // namespace wfc::graph
