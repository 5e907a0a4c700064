//===- AliasClosure.cpp - Questions about whole alias sets, linear --------===//
//
// The graph (ViewFlowGraph) is upstream's `dependencies` map, built from
// the IR or copied from an analysis: a value and its immediate
// dependencies, after any `remove` (the critical aliases the classic plan
// takes out, CriticalAliases.cpp), exactly the edges upstream's resolve
// follows (resolveValues in
// mlir/lib/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.cpp),
// kept in each set's iteration order so that resolve below inserts the same
// values in the same order into the same kind of set. The components come
// from Tarjan's algorithm, iterative (a chain of 66,666 selects is a path
// as deep).
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/AliasClosure.h"

using namespace bufferlens::classic;
using namespace mlir;

BufferViewFlowAnalysis::ValueSetT AliasClosure::resolve(Value value) {
  if (flow)
    copyGraph();
  // Upstream's walk, step for step: a SmallPtrSet's iteration order
  // follows from the values inserted and their order.
  BufferViewFlowAnalysis::ValueSetT set;
  SmallVector<Value, 8> queue{value};
  while (!queue.empty()) {
    Value current = queue.pop_back_val();
    if (!set.insert(current).second)
      continue;
    std::optional<unsigned> at = graph.find(current);
    if (!at)
      continue;
    for (unsigned target : graph.dependencies(*at))
      queue.push_back(graph.value(target));
  }
  visited += set.size();
  return set;
}

void AliasClosure::copyGraph() {
  graph = ViewFlowGraph::copyOf(*flow);
  flow = nullptr;
}

unsigned AliasClosure::componentOf(Value value) {
  if (!componentsBuilt)
    buildComponents();
  unsigned n = graph.nodeOf(value);
  if (n == componentOfNode.size()) {
    // Neither a key nor a dependency of the analysis: resolve gives the
    // value alone.
    componentOfNode.push_back(epochs.size());
    memberValues.push_back(value);
    memberBegin.push_back(memberValues.size());
    successorBegin.push_back(successorIds.size());
    predecessorBegin.push_back(predecessorIds.size());
    epochs.push_back(0);
    answeredNow.push_back(false);
  }
  return componentOfNode[n];
}

void AliasClosure::usersChanged(Value value) {
  if (!componentsBuilt)
    return; // Nothing answered yet.
  std::optional<unsigned> at = graph.find(value);
  if (!at)
    return;
  SmallVector<unsigned> work{componentOfNode[*at]};
  while (!work.empty()) {
    unsigned c = work.pop_back_val();
    if (!answeredNow[c])
      continue;
    answeredNow[c] = false;
    ++epochs[c];
    llvm::append_range(work, slice(predecessorIds, predecessorBegin, c));
  }
}

void AliasClosure::buildComponents() {
  if (flow)
    copyGraph();
  componentsBuilt = true;
  unsigned nodes = graph.size();
  visited += nodes;

  // Tarjan: components come out successors first.
  constexpr unsigned kUnvisited = ~0u;
  std::vector<unsigned> indexOf(nodes, kUnvisited), low(nodes);
  componentOfNode.assign(nodes, kUnvisited);
  memberValues.reserve(nodes);
  std::vector<unsigned> onStack;
  std::vector<bool> stacked(nodes, false);
  std::vector<std::pair<unsigned, unsigned>> calls; // (node, next edge)
  unsigned counter = 0, componentCount = 0;
  for (unsigned start = 0; start < nodes; ++start) {
    if (indexOf[start] != kUnvisited)
      continue;
    calls.push_back({start, 0});
    while (!calls.empty()) {
      auto [at, next] = calls.back();
      if (indexOf[at] == kUnvisited) {
        indexOf[at] = low[at] = counter++;
        onStack.push_back(at);
        stacked[at] = true;
      }
      llvm::ArrayRef<unsigned> edges = graph.dependencies(at);
      if (next < edges.size()) {
        calls.back().second = next + 1;
        unsigned target = edges[next];
        if (indexOf[target] == kUnvisited)
          calls.push_back({target, 0});
        else if (stacked[target])
          low[at] = std::min(low[at], indexOf[target]);
        continue;
      }
      calls.pop_back();
      if (!calls.empty())
        low[calls.back().first] = std::min(low[calls.back().first], low[at]);
      if (low[at] != indexOf[at])
        continue;
      unsigned id = componentCount++;
      unsigned member;
      do {
        member = onStack.back();
        onStack.pop_back();
        stacked[member] = false;
        componentOfNode[member] = id;
        memberValues.push_back(graph.value(member));
      } while (member != at);
      memberBegin.push_back(memberValues.size());
    }
  }
  epochs.assign(componentCount, 0);
  answeredNow.assign(componentCount, false);

  // The edges between components, each once, in the order of the
  // components, then of their nodes, then of the nodes' edges: the nodes
  // of one component are visited together, and `lastFrom` says which
  // component last linked to each.
  std::vector<unsigned> nodeBegin(componentCount + 1, 0), nodesByComponent;
  for (unsigned n = 0; n < nodes; ++n)
    ++nodeBegin[componentOfNode[n] + 1];
  for (unsigned c = 0; c < componentCount; ++c)
    nodeBegin[c + 1] += nodeBegin[c];
  nodesByComponent.resize(nodes);
  {
    std::vector<unsigned> fill(nodeBegin.begin(), nodeBegin.end() - 1);
    for (unsigned n = 0; n < nodes; ++n)
      nodesByComponent[fill[componentOfNode[n]]++] = n;
  }
  std::vector<unsigned> lastFrom(componentCount, kUnvisited);
  std::vector<unsigned> predecessorCount(componentCount + 1, 0);
  for (unsigned a = 0; a < componentCount; ++a) {
    for (unsigned i = nodeBegin[a]; i < nodeBegin[a + 1]; ++i) {
      unsigned from = nodesByComponent[i];
      for (unsigned target : graph.dependencies(from)) {
        unsigned b = componentOfNode[target];
        if (a == b || lastFrom[b] == a)
          continue;
        lastFrom[b] = a;
        successorIds.push_back(b);
        ++predecessorCount[b + 1];
      }
    }
    successorBegin.push_back(successorIds.size());
  }
  // Predecessors in increasing order of component, as the successors
  // lists are read.
  for (unsigned c = 0; c < componentCount; ++c)
    predecessorCount[c + 1] += predecessorCount[c];
  predecessorBegin.assign(predecessorCount.begin(), predecessorCount.end());
  predecessorIds.resize(successorIds.size());
  for (unsigned a = 0; a < componentCount; ++a)
    for (unsigned b : slice(successorIds, successorBegin, a))
      predecessorIds[predecessorCount[b]++] = a;
}
