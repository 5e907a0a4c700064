//===- Graph.h - The visualizer's entry points ----------------------------===//
//
// What the CLI and the language server call: the control-flow graph of one
// function of an AnalysisResult, as DOT, SVG or PNG bytes. `input` graphs
// draw the user's document; stage graphs draw the analysis of a rewritten
// module (classic plan, ownership pass, pipeline) with every range mapped
// back into the user's document through an OriginMap.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_VIZ_GRAPH_H
#define BUFFERLENS_VIZ_GRAPH_H

#include "analysis/model/Model.h"
#include "viz/FunctionGraph.h"
#include "viz/Origins.h"
#include "viz/Render.h"

#include <string>
#include <string_view>

namespace bufferlens::viz {

/// The function named `name` (without @), or kNone.
FunctionId findFunction(const AnalysisResult &result, std::string_view name);

/// Function `fn` of the user's document.
Rendered renderGraph(const AnalysisResult &result, FunctionId fn,
                     GraphFormat format, const GraphOptions &options = {});

/// Function `fn` of a rewritten document, linked to the user's ranges.
Rendered renderStageGraph(const AnalysisResult &rewritten, FunctionId fn,
                          const OriginMap &origins, GraphFormat format,
                          const GraphOptions &options);

} // namespace bufferlens::viz

#endif // BUFFERLENS_VIZ_GRAPH_H
