//===- CodeActions.cpp - The fixes the analyses attached to findings ------===//

#include "server/Features.h"

using namespace bufferlens;

static bool intersects(SourceRange a, SourceRange b) {
  return a.begin <= b.end && b.begin <= a.end;
}

std::vector<CodeActionInfo> bufferlens::codeActions(const Snapshot &snapshot,
                                                    SourceRange range) {
  const AnalysisResult &result = snapshot.result();
  std::vector<CodeActionInfo> out;
  for (size_t f = 0; f < result.findings.size(); ++f) {
    const Finding &finding = result.findings[f];
    if (!intersects(finding.range, range))
      continue;
    for (const Fix &fix : finding.fixes) {
      CodeActionInfo action;
      action.title = fix.title;
      action.kind = "quickfix";
      action.edits = fix.edits;
      action.finding = f;
      action.preferred = finding.fixes.size() == 1;
      out.push_back(std::move(action));
    }
  }
  return out;
}
