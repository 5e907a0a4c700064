//===- Graph.cpp ----------------------------------------------------------===//

#include "viz/Graph.h"
#include "viz/DotWriter.h"

using namespace bufferlens;
using namespace bufferlens::viz;

FunctionId viz::findFunction(const AnalysisResult &result,
                             std::string_view name) {
  for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn)
    if (result.functions[fn].name == name)
      return fn;
  return kNone;
}

static Rendered render(const AnalysisResult &result, FunctionId fn,
                       const OriginMap *origins, GraphFormat format,
                       const GraphOptions &options) {
  if (fn < 0 || fn >= (FunctionId)result.functions.size())
    return {"", "no such function"};
  return renderDot(writeDot(buildFunctionGraph(result, fn, options, origins)),
                   format);
}

Rendered viz::renderGraph(const AnalysisResult &result, FunctionId fn,
                          GraphFormat format, const GraphOptions &options) {
  return render(result, fn, nullptr, format, options);
}

Rendered viz::renderStageGraph(const AnalysisResult &rewritten, FunctionId fn,
                               const OriginMap &origins, GraphFormat format,
                               const GraphOptions &options) {
  return render(rewritten, fn, &origins, format, options);
}
