//===- ApplyFixes.cpp - The fixes of a file's findings, applied to its text ==//

#include "cli/ApplyFixes.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace bufferlens;

static SourceRange extent(const Fix &fix) {
  SourceRange out{UINT32_MAX, 0};
  for (const TextEdit &edit : fix.edits) {
    out.begin = std::min(out.begin, edit.range.begin);
    out.end = std::max(out.end, edit.range.end);
  }
  return out;
}

/// Whether the two edits cannot both apply: they share a byte, or one is
/// an insertion strictly inside the other's range. Insertions at one offset,
/// or at either end of a range, can.
static bool overlap(const TextEdit &a, const TextEdit &b) {
  return a.range.begin < b.range.end && b.range.begin < a.range.end;
}

AppliedFixes bufferlens::applyFixes(std::string_view text,
                                    const std::vector<Finding> &findings) {
  // Document order: by the first byte a fix edits, then finding order.
  std::vector<const Fix *> fixes;
  for (const Finding &finding : findings)
    if (!finding.fixes.empty() && !finding.fixes.front().edits.empty())
      fixes.push_back(&finding.fixes.front());
  std::stable_sort(fixes.begin(), fixes.end(), [](const Fix *a, const Fix *b) {
    return extent(*a).begin < extent(*b).begin;
  });

  AppliedFixes out;
  // The edits taken, each with its fix's rank (the order at one offset).
  std::vector<std::pair<TextEdit, size_t>> taken;
  for (const Fix *fix : fixes) {
    bool valid = llvm::all_of(fix->edits, [&](const TextEdit &edit) {
      return edit.range.begin <= edit.range.end &&
             edit.range.end <= text.size();
    });
    bool clashes = !valid;
    for (size_t i = 0; i < fix->edits.size() && !clashes; ++i) {
      for (size_t j = 0; j < i && !clashes; ++j)
        clashes = overlap(fix->edits[i], fix->edits[j]);
      for (const auto &[edit, rank] : taken)
        clashes = clashes || overlap(fix->edits[i], edit);
    }
    if (clashes) {
      ++out.skipped;
      continue;
    }
    for (const TextEdit &edit : fix->edits)
      taken.emplace_back(edit, out.applied);
    ++out.applied;
  }

  // Front to back; at one offset insertions go first, in fix order.
  std::stable_sort(taken.begin(), taken.end(),
                   [](const auto &a, const auto &b) {
                     const SourceRange &x = a.first.range, &y = b.first.range;
                     if (x.begin != y.begin)
                       return x.begin < y.begin;
                     if (x.empty() != y.empty())
                       return x.empty();
                     return a.second < b.second;
                   });
  uint32_t at = 0;
  for (const auto &[edit, rank] : taken) {
    out.text.append(text.substr(at, edit.range.begin - at));
    out.text.append(edit.newText);
    at = edit.range.end;
  }
  out.text.append(text.substr(at));
  return out;
}

static size_t mlirErrors(const std::vector<Finding> &findings) {
  return llvm::count_if(findings, [](const Finding &finding) {
    return finding.source == "mlir" && finding.severity == Severity::Error;
  });
}

FixedText bufferlens::fixUntilStable(
    std::string_view text, const std::vector<Finding> &findings,
    llvm::function_ref<Relint(const std::string &)> relint) {
  FixedText out;
  out.text = std::string(text);
  size_t originalErrors = mlirErrors(findings);
  const std::vector<Finding> *current = &findings;
  for (unsigned pass = 0; pass < kMaxFixPasses; ++pass) {
    AppliedFixes applied = applyFixes(out.text, *current);
    if (applied.text == out.text)
      break;
    Relint next = relint(applied.text);
    if (!next.findings || mlirErrors(*next.findings) > originalErrors) {
      out.rejection =
          next.findings ? "the fixed text does not verify" : next.error;
      if (next.findings)
        out.error = *llvm::find_if(*next.findings, [](const Finding &f) {
          return f.source == "mlir" && f.severity == Severity::Error;
        });
      out.rejectedText = std::move(applied.text);
      out.text = std::string(text);
      out.applied = out.skipped = 0;
      out.passes = 0;
      return out;
    }
    out.text = std::move(applied.text);
    out.applied += applied.applied;
    out.skipped = applied.skipped;
    ++out.passes;
    current = next.findings;
  }
  return out;
}
