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
#include "ide/CrashIsolation.h"
#include "ide/Features.h"

#include <algorithm>
#include <map>

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

namespace {
/// A function of the snapshot: its part and its id there.
struct Located {
  const SnapshotPart *part = nullptr;
  FunctionId fn = kNone;
};
} // namespace

/// The function `match` accepts, in the part that owns it.
template <typename Match>
static Located locate(const Snapshot &snapshot, Match match) {
  for (size_t p = 0; p < snapshot.parts().size(); ++p) {
    const SnapshotPart &candidate = snapshot.parts()[p];
    const AnalysisResult &result = *candidate.result;
    for (size_t f = 0; f < result.functions.size(); ++f) {
      const FunctionEntry &entry = result.functions[f];
      if (candidate.owns(entry.fullRange, snapshot.isLastPart(p)) &&
          match(candidate, entry))
        return {&candidate, static_cast<FunctionId>(f)};
    }
  }
  return {};
}

/// Draws the functions `wanted` of one part (their answers' `function` set,
/// in `answers`), with one rewrite of the part's text for a stage.
static void
drawPart(const Snapshot &snapshot, const SnapshotPart &part,
         const std::vector<std::pair<FunctionId, GraphAnswer *>> &wanted,
         const GraphQuery &query, const std::string &bufferName,
         const AnalysisOptions &options) {
  viz::GraphOptions graphOptions;
  graphOptions.stage = query.stage;
  graphOptions.limits = query.limits;
  if (query.stage == "input")
    graphOptions.path = query.path;
  // The drawing's ranges are in the offsets of the part's text; its links
  // are in this version's lines and the session's columns.
  graphOptions.positionOf = [&](uint32_t offset) {
    uint32_t current = part.toCurrent(offset);
    return query.utf8Columns ? snapshot.lines().toByteColumn(current)
                             : snapshot.lines().toUtf16Column(current);
  };
  std::vector<viz::Rendered> rendered(wanted.size());
  // A function still on tensors has no deallocation stage: the passes run
  // after One-Shot Bufferize, and its input graph shows what that does. A
  // rewrite of its text would draw its tensors as if the passes had run.
  std::vector<bool> onTensors(wanted.size(), false);
  if (query.stage != "input")
    for (size_t i = 0; i < wanted.size(); ++i)
      onTensors[i] = part.result->tensorPlan(wanted[i].first) != nullptr;
  bool allOnTensors =
      std::all_of(onTensors.begin(), onTensors.end(), [](bool b) { return b; });
  std::string rewriteError;
  int retCode = 0;
  bool ok = runIsolated(
      [&] {
        if (query.stage == "input") {
          for (size_t i = 0; i < wanted.size(); ++i)
            rendered[i] = viz::renderGraph(*part.result, wanted[i].first,
                                           query.format, graphOptions);
          return;
        }
        if (allOnTensors)
          return;
        StageRewrite stage =
            rewriteForStage(*parseViewStage(query.stage), part.result->text(),
                            bufferName, options, query.keepRejectedFunctions);
        if (!stage.succeeded) {
          rewriteError = stage.error;
          return;
        }
        const AnalysisResult &rewritten = stage.result;
        viz::OriginMap origins(*part.result, bufferName, rewritten);
        for (size_t i = 0; i < wanted.size(); ++i) {
          const std::string &name = wanted[i].second->function;
          // Other functions may be left as written; this one must not be.
          if (std::find(stage.keptAsWritten.begin(), stage.keptAsWritten.end(),
                        name) != stage.keptAsWritten.end()) {
            rendered[i].error =
                "the " + query.stage +
                " rewrite failed: the deallocation passes reject @" + name +
                " (it already frees memory, or breaks a precondition)";
            continue;
          }
          FunctionId target = viz::findFunction(rewritten, name);
          if (target == kNone) {
            rendered[i].error = "@" + name + " is not in the rewrite";
            continue;
          }
          rendered[i] = viz::renderStageGraph(rewritten, target, origins,
                                              query.format, graphOptions);
        }
      },
      retCode);
  for (size_t i = 0; i < wanted.size(); ++i) {
    GraphAnswer &answer = *wanted[i].second;
    if (!ok) {
      answer.error =
          "drawing the graph crashed (" + describeCrash(retCode) + ")";
    } else if (onTensors[i]) {
      answer.error = "no " + query.stage + " graph: @" + answer.function +
                     " is still on tensors (the deallocation passes run "
                     "after One-Shot Bufferize); its input graph shows what "
                     "bufferization does";
    } else if (!rewriteError.empty()) {
      answer.error = rewriteError;
      answer.rewriteFailed = true;
    } else if (!rendered[i].ok()) {
      answer.error = rendered[i].error;
    } else {
      answer.content = std::move(rendered[i].bytes);
    }
  }
}

/// The function of the finding with a path at `query.finding`, its path
/// drawn: the path's blocks are ids of the part whose result has it.
static GraphAnswer graphOfFinding(const Snapshot &snapshot,
                                  const GraphQuery &query,
                                  const std::string &bufferName,
                                  const AnalysisOptions &options,
                                  GraphAnswer answer) {
  for (size_t p = 0; p < snapshot.parts().size(); ++p) {
    const SnapshotPart &part = snapshot.parts()[p];
    const AnalysisResult &result = *part.result;
    for (const Finding &f : result.findings) {
      if (f.path.empty() || f.pathBlocks.empty() ||
          f.pathBlocks.front() == kNone ||
          !part.owns(f.range, snapshot.isLastPart(p)))
        continue;
      // The code action sends the range's start, which an empty range holds.
      SourceRange range = part.toCurrent(f.range);
      if (*query.finding != range.begin && !range.contains(*query.finding))
        continue;
      FunctionId fn = result.blocks[f.pathBlocks.front()].function;
      GraphQuery drawn = query;
      drawn.stage = "input";
      drawn.path = f.pathBlocks;
      answer.function = result.functions[fn].name;
      drawPart(snapshot, part, {{fn, &answer}}, drawn, bufferName, options);
      return answer;
    }
  }
  answer.error = "no finding with a path at the position";
  return answer;
}

GraphAnswer bufferlens::graphOf(const Snapshot &snapshot,
                                const GraphQuery &query,
                                const std::string &bufferName,
                                const AnalysisOptions &options) {
  GraphAnswer answer;
  answer.functions = functionNames(snapshot);
  if (query.finding)
    return graphOfFinding(snapshot, query, bufferName, options,
                          std::move(answer));
  Located at = locate(
      snapshot, [&](const SnapshotPart &part, const FunctionEntry &entry) {
        if (query.function)
          return entry.name == *query.function;
        return query.offset &&
               part.toCurrent(entry.fullRange.begin) <= *query.offset &&
               *query.offset <= part.toCurrent(entry.fullRange.end);
      });
  if (at.fn == kNone) {
    answer.error = query.function ? "no function @" + *query.function
                                  : "no function at the cursor";
    return answer;
  }
  answer.function = at.part->result->functions[at.fn].name;
  drawPart(snapshot, *at.part, {{at.fn, &answer}}, query, bufferName, options);
  return answer;
}

std::vector<GraphAnswer>
bufferlens::graphsOf(const Snapshot &snapshot,
                     const std::vector<std::string> &functions,
                     const GraphQuery &query, const std::string &bufferName,
                     const AnalysisOptions &options) {
  std::vector<std::string> all = functionNames(snapshot);
  std::vector<GraphAnswer> answers(functions.size());
  std::map<const SnapshotPart *,
           std::vector<std::pair<FunctionId, GraphAnswer *>>>
      byPart;
  for (size_t i = 0; i < functions.size(); ++i) {
    GraphAnswer &answer = answers[i];
    answer.functions = all;
    answer.function = functions[i];
    Located at =
        locate(snapshot, [&](const SnapshotPart &, const FunctionEntry &entry) {
          return entry.name == functions[i];
        });
    if (at.fn == kNone)
      answer.error = "no function @" + functions[i];
    else
      byPart[at.part].push_back({at.fn, &answer});
  }
  for (const auto &[part, wanted] : byPart)
    drawPart(snapshot, *part, wanted, query, bufferName, options);
  return answers;
}
