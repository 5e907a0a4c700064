//===- Graph.cpp - bufferlens/graph: one function's graph, drawn by viz/ --===//
//
// The `input` stage draws the stored analysis. The `ownership`, `pipeline`
// and `classic` stages draw the analysis of the rewritten text, linked
// back to the user's ranges (viz::OriginMap) where the rewrite kept
// locations (the classic rewrite keeps none): the rewrite is made from the
// text the function's snapshot part was analysed on, so its locations agree
// with that part; viz/ writes the links through a mapping that moves them
// by the part's delta into this version's text and the session's columns.
//
//===----------------------------------------------------------------------===//

#include "viz/Graph.h"
#include "analysis/rewrite/StageRewrite.h"
#include "server/CrashIsolation.h"
#include "server/Features.h"

#include <algorithm>

using namespace bufferlens;

std::vector<std::string> bufferlens::functionNames(const Snapshot &snapshot) {
  std::vector<std::pair<uint32_t, std::string>> found;
  for (size_t p = 0; p < snapshot.parts().size(); ++p) {
    const SnapshotPart &part = snapshot.parts()[p];
    for (const FunctionEntry &fn : part.result->functions)
      if (part.owns(fn.fullRange, snapshot.isLastPart(p)))
        found.push_back({part.toCurrent(fn.fullRange.begin), fn.name});
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> names;
  for (auto &entry : found)
    names.push_back(std::move(entry.second));
  return names;
}

GraphAnswer bufferlens::graphOf(const Snapshot &snapshot,
                                const GraphQuery &query,
                                const std::string &bufferName,
                                const AnalysisOptions &options) {
  GraphAnswer answer;
  answer.functions = functionNames(snapshot);
  // The part and function asked for.
  const SnapshotPart *part = nullptr;
  FunctionId fn = kNone;
  for (size_t p = 0; p < snapshot.parts().size() && fn == kNone; ++p) {
    const SnapshotPart &candidate = snapshot.parts()[p];
    const AnalysisResult &result = *candidate.result;
    for (size_t f = 0; f < result.functions.size(); ++f) {
      const FunctionEntry &entry = result.functions[f];
      if (!candidate.owns(entry.fullRange, snapshot.isLastPart(p)))
        continue;
      bool match =
          query.function
              ? entry.name == *query.function
              : query.offset &&
                    candidate.toCurrent(entry.fullRange.begin) <=
                        *query.offset &&
                    *query.offset <= candidate.toCurrent(entry.fullRange.end);
      if (match) {
        part = &candidate;
        fn = f;
        break;
      }
    }
  }
  if (fn == kNone) {
    answer.error = query.function ? "no function @" + *query.function
                                  : "no function at the cursor";
    return answer;
  }
  answer.function = part->result->functions[fn].name;

  viz::GraphOptions graphOptions;
  graphOptions.stage = query.stage;
  // The drawing's ranges are in the offsets of the part's text; its links
  // are in this version's lines and the session's columns.
  graphOptions.positionOf = [&](uint32_t offset) {
    uint32_t current = part->toCurrent(offset);
    return query.utf8Columns ? snapshot.lines().toByteColumn(current)
                             : snapshot.lines().toUtf16Column(current);
  };
  viz::Rendered rendered;
  int retCode = 0;
  bool ok = runIsolated(
      [&] {
        if (query.stage == "input") {
          rendered =
              viz::renderGraph(*part->result, fn, query.format, graphOptions);
          return;
        }
        StageRewrite stage =
            rewriteForStage(*parseViewStage(query.stage), part->result->text(),
                            bufferName, options,
                            /*keepRejectedFunctions=*/true);
        if (!stage.succeeded) {
          rendered.error = stage.error;
          return;
        }
        // Other functions may be left as written; this one must not be.
        if (std::find(stage.keptAsWritten.begin(), stage.keptAsWritten.end(),
                      answer.function) != stage.keptAsWritten.end()) {
          rendered.error = "the " + query.stage +
                           " rewrite failed: the deallocation passes reject @" +
                           answer.function +
                           " (it already frees memory, or breaks a "
                           "precondition)";
          return;
        }
        const AnalysisResult &rewritten = stage.result;
        viz::OriginMap origins(*part->result, bufferName, rewritten);
        FunctionId target = viz::findFunction(rewritten, answer.function);
        if (target == kNone) {
          rendered.error = "@" + answer.function + " is not in the rewrite";
          return;
        }
        rendered = viz::renderStageGraph(rewritten, target, origins,
                                         query.format, graphOptions);
      },
      retCode);
  if (!ok) {
    answer.error = "drawing the graph crashed (" + describeCrash(retCode) + ")";
    return answer;
  }
  if (!rendered.ok()) {
    answer.error = rendered.error;
    return answer;
  }
  answer.content = std::move(rendered.bytes);
  return answer;
}
