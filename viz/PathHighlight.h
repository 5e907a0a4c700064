//===- PathHighlight.h - A finding's path on its function's graph ---------===//
//
// `bufferlens graph --finding LINE:COL` draws the function of a finding with
// the path it happens on: the blocks the path enters and the edges it takes
// are highlighted, the edges numbered in the order the path takes them,
// and the rest is faded (DotWriter.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_VIZ_PATHHIGHLIGHT_H
#define BUFFERLENS_VIZ_PATHHIGHLIGHT_H

#include "viz/FunctionGraph.h"

#include <vector>

namespace bufferlens::viz {

/// Marks on `graph` the path that enters `blocks` in order (a finding's
/// `pathBlocks`, blocks of the result the graph was built from): between
/// two blocks the path takes the edge from one to the other, or leaves a
/// region through its yield edge first.
void markPath(FunctionGraph &graph, const std::vector<BlockId> &blocks);

} // namespace bufferlens::viz

#endif // BUFFERLENS_VIZ_PATHHIGHLIGHT_H
