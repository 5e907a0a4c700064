//===- TensorOverlay.h - One-Shot Bufferize's decisions on a graph --------===//
//
// A function still on tensors is drawn with what the tensor view
// (analysis/tensor/, model/TensorModel.h) says bufferization does at each
// op: where it allocates, what it copies and why, which results reuse an
// operand's buffer, where the deallocation after it frees each buffer or
// hands it to the caller, and where the pass fails. Each decision is a
// RowEffect under its op's row, with the marker vocabulary of the memref
// graphs (an allocation is `alloc`, a free `free` or `free?`, a clone
// `clone`) and a few of its own (`copy`, `in place`, `ret`, `fails`).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_VIZ_TENSOROVERLAY_H
#define BUFFERLENS_VIZ_TENSOROVERLAY_H

#include "analysis/model/Model.h"
#include "viz/FunctionGraph.h"

#include <string>

namespace bufferlens::viz {

/// The graph's title after the function's name: what it shows, and the
/// counts the code lens gives (`1 allocation · 1 copy`).
std::string describeTensorPlan(const TensorPlan &plan);

/// Adds the plan's decisions to the rows of `graph` (a graph of the
/// plan's function drawn from `result` itself, not from a rewrite), sets
/// each row's marker to its weightiest decision, and says in the notes
/// what the graph cannot show.
void addTensorView(const AnalysisResult &result, const TensorPlan &plan,
                   FunctionGraph &graph);

} // namespace bufferlens::viz

#endif // BUFFERLENS_VIZ_TENSOROVERLAY_H
