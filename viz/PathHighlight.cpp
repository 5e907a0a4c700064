//===- PathHighlight.cpp - A finding's path on its function's graph -------===//

#include "viz/PathHighlight.h"

using namespace bufferlens;
using namespace bufferlens::viz;

static GraphEdge *edgeBetween(FunctionGraph &graph, BlockId from, BlockId to) {
  for (GraphEdge &edge : graph.edges)
    if (edge.from == from && edge.to == to)
      return &edge;
  return nullptr;
}

static GraphEdge *yieldFrom(FunctionGraph &graph, BlockId from) {
  for (GraphEdge &edge : graph.edges)
    if (edge.from == from && edge.kind == EdgeKind::RegionYield)
      return &edge;
  return nullptr;
}

static void markBlock(FunctionGraph &graph, BlockId id) {
  for (GraphBlock &block : graph.blocks)
    if (block.block == id)
      block.onPath = true;
}

void viz::markPath(FunctionGraph &graph, const std::vector<BlockId> &blocks) {
  graph.showsPath = true;
  int step = 0;
  for (size_t i = 0; i < blocks.size(); ++i) {
    markBlock(graph, blocks[i]);
    if (i == 0)
      continue;
    BlockId from = blocks[i - 1], to = blocks[i];
    // Out of finished regions (through their yields) until the next block
    // is a successor of, or a region entered from, the block the path is
    // back in. Nesting bounds the walk; the guard bounds a malformed path.
    for (size_t guard = 0; guard <= graph.blocks.size(); ++guard) {
      if (GraphEdge *edge = edgeBetween(graph, from, to)) {
        edge->pathSteps.push_back(++step);
        break;
      }
      GraphEdge *yield = yieldFrom(graph, from);
      if (!yield)
        break;
      yield->pathSteps.push_back(++step);
      from = yield->to;
      markBlock(graph, from);
    }
  }
}
