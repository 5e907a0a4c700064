//===- DotWriter.h - A FunctionGraph as Graphviz DOT text -----------------===//
//
// HTML-like labels with one row per op; every block node and op row carries
// its source range as a `#range=L1:C1-L2:C2` link and an id starting with
// `bl-` (`bl-block-3`, `bl-op-17`), which the editor's graph panel follows.
// The output depends only on the graph: same graph, same bytes.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_VIZ_DOTWRITER_H
#define BUFFERLENS_VIZ_DOTWRITER_H

#include "viz/FunctionGraph.h"

#include <string>

namespace bufferlens::viz {

/// Blocks past which the layout's effort is bounded (and the graph says so).
constexpr size_t kLargeGraphBlocks = 200;
/// In a large graph, the block distance past which an edge is written as
/// text on its branch's row rather than drawn.
constexpr size_t kLongEdgeSpan = 8;

std::string writeDot(const FunctionGraph &graph);

} // namespace bufferlens::viz

#endif // BUFFERLENS_VIZ_DOTWRITER_H
