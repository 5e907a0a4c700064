//===- Refactors.cpp - Apply the deallocation pipeline to one function ----===//
//
// A `refactor.rewrite` code action on the function under the cursor: its
// text replaced by what upstream's buffer-deallocation-pipeline makes of it
// (the pipeline's alias-check helper, when it adds one, goes in before it).
// Offered for functions the ownership pass accepted and that free nothing
// yet; the edit is computed only when the editor resolves the action, since
// editors ask for code actions at every cursor move.
//
//===----------------------------------------------------------------------===//

#include "analysis/rewrite/Rewrite.h"
#include "server/CrashIsolation.h"
#include "server/Features.h"

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

std::vector<CodeActionInfo>
bufferlens::refactorActions(const Snapshot &snapshot, SourceRange range) {
  Located at = locate(snapshot, range.begin, "");
  if (!at.function || !at.function->analysed ||
      at.function->stage != Stage::Bufferized)
    return {};
  const AnalysisResult &result = *at.part->result;
  if (at.id >= (FunctionId)result.ownership.size() ||
      !result.ownership[at.id].computed)
    return {};
  CodeActionInfo action;
  action.title =
      "Apply the buffer-deallocation-pipeline to @" + at.function->name;
  action.kind = "refactor.rewrite";
  action.resolveFunction = at.function->name;
  return {action};
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
    const std::string &bufferName, const AnalysisOptions &options,
    std::string &error) {
  Located at = locate(snapshot, std::nullopt, function);
  if (!at.function) {
    error = "no function @" + function + " in this version";
    return std::nullopt;
  }
  RewriteRequest request;
  request.stage = OwnershipStage::Lowered;
  request.onlyFunction = function;
  RewriteOutput out;
  int retCode = 0;
  if (!rewriteSafely(snapshot.text(), bufferName, request, options, out,
                     retCode)) {
    error = "the pipeline crashed (" + describeCrash(retCode) + ")";
    return std::nullopt;
  }
  if (!out.succeeded || out.text.empty()) {
    error = "the pipeline failed" +
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
