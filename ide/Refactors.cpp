//===- Refactors.cpp - Apply the deallocation pipeline to one function ----===//
//
// A `refactor.rewrite` code action on the function under the cursor: its
// text replaced by what upstream's buffer-deallocation-pipeline makes of it
// (the pipeline's alias-check helper, when it adds one, goes in before it).
// Offered for functions the ownership pass accepted and that free nothing
// yet; the edit is computed only when the editor resolves the action, since
// editors ask for code actions at every cursor move.
//
// On a BL303 hint, the `refactor.rewrite` action *Multi-buffer %x in its
// scf.for*: the function replaced by what upstream's memref::multiBuffer
// (2 slices, as the hint checks) makes of it (analysis/rewrite/MultiBuffer.h),
// resolved the same way.
//
//===----------------------------------------------------------------------===//

#include "analysis/rewrite/Rewrite.h"
#include "ide/CrashIsolation.h"
#include "ide/Features.h"

#include "llvm/ADT/STLExtras.h"

using namespace bufferlens;

namespace {
struct Located {
  const SnapshotPart *part = nullptr;
  const FunctionEntry *function = nullptr;
  FunctionId id = kNone;
};
} // namespace

/// The function containing `offset`, or the one named `name`.
static Located locate(const Snapshot &snapshot, std::optional<uint32_t> offset,
                      const std::string &name) {
  for (size_t p = 0; p < snapshot.parts().size(); ++p) {
    const SnapshotPart &part = snapshot.parts()[p];
    const AnalysisResult &result = *part.result;
    for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn) {
      const FunctionEntry &entry = result.functions[fn];
      if (!part.owns(entry.fullRange, snapshot.isLastPart(p)))
        continue;
      SourceRange range = part.toCurrent(entry.fullRange);
      if (offset ? range.begin <= *offset && *offset <= range.end
                 : entry.name == name)
        return {&part, &entry, fn};
    }
  }
  return {};
}

/// "Multi-buffer %x in its scf.for" for each BL303 hint that `range`
/// touches.
static void multiBufferActions(const Snapshot &snapshot, SourceRange range,
                               std::vector<CodeActionInfo> &out) {
  // Only where the hint is shown (not where the user turned BL303 off).
  std::vector<SourceRange> hints;
  for (const FindingRef &ref : snapshot.findingRefs())
    if (ref.finding->code == FindingCode::BL303)
      hints.push_back(ref.toCurrent(ref.finding->range));
  if (hints.empty())
    return;
  for (size_t p = 0; p < snapshot.parts().size(); ++p) {
    const SnapshotPart &part = snapshot.parts()[p];
    const AnalysisResult &result = *part.result;
    for (const ClassicPlan &plan : result.classic) {
      if (plan.multiBuffers.empty() ||
          !part.owns(result.functions[plan.function].fullRange,
                     snapshot.isLastPart(p)))
        continue;
      for (const ClassicMultiBuffer &multi : plan.multiBuffers) {
        const ValueEntry &value = result.values[multi.allocation];
        if (value.definingOp == kNone)
          continue;
        SourceRange name =
            part.toCurrent(result.ops[value.definingOp].nameRange);
        if (!(name.begin <= range.end && range.begin <= name.end) ||
            !llvm::is_contained(hints, name))
          continue;
        CodeActionInfo action;
        action.title = "Multi-buffer " + value.name + " in its " +
                       result.ops[multi.loop].name +
                       " (memref::multiBuffer, 2 slices)";
        action.kind = "refactor.rewrite";
        action.resolveFunction = result.functions[plan.function].name;
        action.resolveAllocation = name.begin;
        out.push_back(std::move(action));
      }
    }
  }
}

std::vector<CodeActionInfo>
bufferlens::refactorActions(const Snapshot &snapshot, SourceRange range) {
  std::vector<CodeActionInfo> out;
  multiBufferActions(snapshot, range, out);
  Located at = locate(snapshot, range.begin, "");
  if (!at.function || !at.function->analysed ||
      at.function->stage != Stage::Bufferized)
    return out;
  const AnalysisResult &result = *at.part->result;
  if (at.id >= (FunctionId)result.ownership.size() ||
      !result.ownership[at.id].computed)
    return out;
  CodeActionInfo action;
  action.title =
      "Apply the buffer-deallocation-pipeline to @" + at.function->name;
  action.kind = "refactor.rewrite";
  action.resolveFunction = at.function->name;
  out.push_back(std::move(action));
  return out;
}

/// `text` with every line after the first indented by `indent`.
static std::string indented(const std::string &text,
                            const std::string &indent) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '\n' && i + 1 < text.size())
      out += indent;
  }
  return out;
}

std::optional<std::vector<TextEdit>> bufferlens::resolveRefactor(
    const Snapshot &snapshot, const std::string &function,
    std::optional<uint32_t> allocation, const std::string &bufferName,
    const AnalysisOptions &options, std::string &error) {
  Located at = locate(snapshot, std::nullopt, function);
  if (!at.function) {
    error = "no function @" + function + " in this version";
    return std::nullopt;
  }
  RewriteRequest request;
  request.stage = OwnershipStage::Lowered;
  request.onlyFunction = function;
  if (allocation) {
    request.strategy = RewriteStrategy::MultiBuffer;
    request.allocation = allocation;
  }
  std::string what = allocation ? "multi-buffering" : "the pipeline";
  RewriteOutput out;
  int retCode = 0;
  if (!rewriteSafely(snapshot.text(), bufferName, request, options, out,
                     retCode)) {
    error = what + " crashed (" + describeCrash(retCode) + ")";
    return std::nullopt;
  }
  if (!out.succeeded || out.text.empty()) {
    error = what + " failed" +
            (out.diagnostics.empty() ? std::string()
                                     : ": " + out.diagnostics.front().message);
    return std::nullopt;
  }
  // The function's own indentation (e.g. inside `module {`) for every line.
  SourceRange range = at.part->toCurrent(at.function->fullRange);
  const std::string &text = snapshot.text();
  uint32_t lineStart = range.begin;
  while (lineStart > 0 && text[lineStart - 1] != '\n')
    --lineStart;
  std::string indent = text.substr(lineStart, range.begin - lineStart);
  if (indent.find_first_not_of(" \t") != std::string::npos)
    indent.clear();
  std::string replacement;
  for (const std::string &added : out.addedFunctions)
    replacement += indented(added, indent) + "\n" + indent;
  replacement += indented(out.text, indent);
  return std::vector<TextEdit>{{range, replacement}};
}
