//===- AliasClosure.cpp - Questions about whole alias sets, linear --------===//
//
// The components come from Tarjan's algorithm, iterative (a chain of
// 66,666 selects is a path as deep), over the analysis's public
// `dependencies` map (BufferViewFlowAnalysis::begin/end): a value and its
// immediate dependencies, after any `remove` (the critical aliases the
// classic plan takes out, CriticalAliases.cpp), exactly the edges resolve
// follows.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/AliasClosure.h"

using namespace bufferlens::classic;
using namespace mlir;

BufferViewFlowAnalysis::ValueSetT AliasClosure::resolve(Value value) {
  BufferViewFlowAnalysis::ValueSetT set = flow.resolve(value);
  visited += set.size();
  return set;
}

unsigned AliasClosure::componentOf(Value value) {
  if (!built)
    build();
  auto [it, inserted] = component.try_emplace(value, components.size());
  if (inserted) {
    // Neither a key nor a dependency of the analysis: resolve gives the
    // value alone.
    components.emplace_back();
    components.back().members.push_back(value);
  }
  return it->second;
}

void AliasClosure::usersChanged(Value value) {
  if (!built)
    return; // Nothing answered yet.
  auto it = component.find(value);
  if (it == component.end())
    return;
  SmallVector<unsigned> work{it->second};
  while (!work.empty()) {
    Component &c = components[work.pop_back_val()];
    if (!c.answered)
      continue;
    c.answered = false;
    ++c.epoch;
    work.append(c.predecessors.begin(), c.predecessors.end());
  }
}

void AliasClosure::build() {
  built = true;
  // Number the values: the keys, then the dependencies not keys.
  std::vector<Value> values;
  llvm::DenseMap<Value, unsigned> number;
  auto numberOf = [&](Value v) {
    auto [it, inserted] = number.try_emplace(v, values.size());
    if (inserted)
      values.push_back(v);
    return it->second;
  };
  for (const auto &entry : flow)
    numberOf(entry.first);
  std::vector<SmallVector<unsigned, 2>> edges(values.size());
  for (const auto &entry : flow) {
    unsigned from = number.lookup(entry.first);
    for (Value to : entry.second)
      edges[from].push_back(numberOf(to));
  }
  edges.resize(values.size());
  visited += values.size();

  // Tarjan: components come out successors first.
  constexpr unsigned kUnvisited = ~0u;
  std::vector<unsigned> indexOf(values.size(), kUnvisited), low(values.size());
  std::vector<unsigned> componentOfNode(values.size(), kUnvisited);
  std::vector<unsigned> onStack;
  std::vector<bool> stacked(values.size(), false);
  std::vector<std::pair<unsigned, unsigned>> calls; // (node, next edge)
  unsigned counter = 0;
  for (unsigned start = 0; start < values.size(); ++start) {
    if (indexOf[start] != kUnvisited)
      continue;
    calls.push_back({start, 0});
    while (!calls.empty()) {
      auto [node, next] = calls.back();
      if (next == 0 && indexOf[node] == kUnvisited) {
        indexOf[node] = low[node] = counter++;
        onStack.push_back(node);
        stacked[node] = true;
      }
      if (next < edges[node].size()) {
        calls.back().second = next + 1;
        unsigned target = edges[node][next];
        if (indexOf[target] == kUnvisited)
          calls.push_back({target, 0});
        else if (stacked[target])
          low[node] = std::min(low[node], indexOf[target]);
        continue;
      }
      calls.pop_back();
      if (!calls.empty())
        low[calls.back().first] = std::min(low[calls.back().first], low[node]);
      if (low[node] != indexOf[node])
        continue;
      unsigned id = components.size();
      components.emplace_back();
      unsigned member;
      do {
        member = onStack.back();
        onStack.pop_back();
        stacked[member] = false;
        componentOfNode[member] = id;
        components[id].members.push_back(values[member]);
        component[values[member]] = id;
      } while (member != node);
    }
  }
  // The edges between components, each once: a component's nodes are
  // visited together, and `lastFrom` says which one last linked to each.
  std::vector<std::vector<unsigned>> nodesOf(components.size());
  for (unsigned node = 0; node < values.size(); ++node)
    nodesOf[componentOfNode[node]].push_back(node);
  std::vector<unsigned> lastFrom(components.size(), kUnvisited);
  for (unsigned a = 0; a < nodesOf.size(); ++a)
    for (unsigned node : nodesOf[a])
      for (unsigned target : edges[node]) {
        unsigned b = componentOfNode[target];
        if (a == b || lastFrom[b] == a)
          continue;
        lastFrom[b] = a;
        components[a].successors.push_back(b);
        components[b].predecessors.push_back(a);
      }
}
