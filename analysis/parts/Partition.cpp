//===- Partition.cpp ------------------------------------------------------===//

#include "analysis/parts/Partition.h"
#include "analysis/parts/TopLevelSplit.h"
#include "support/PartThreads.h"

#include <algorithm>
#include <cctype>
#include <exception>
#include <map>
#include <numeric>
#include <set>
#include <string>

using namespace bufferlens;

namespace {
/// Union-find over chunk indices.
struct Components {
  std::vector<size_t> parent;
  explicit Components(size_t n) : parent(n) {
    std::iota(parent.begin(), parent.end(), 0);
  }
  size_t find(size_t i) {
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  }
  void join(size_t a, size_t b) { parent[find(a)] = find(b); }
};

/// Operations naming the same symbol belong together (callers, callees,
/// globals, redefinitions); `firstNaming` records, per name, an operation
/// naming it. Names the `shared` chunks define tie nothing: every part
/// keeps those chunks (a declaration, a global), so two callers of one
/// declaration need not be analysed together.
Components
tieBySymbols(std::string_view text, const std::vector<SourceRange> &ops,
             const std::vector<SourceRange> &shared,
             std::map<std::string, size_t> *firstNamingOut = nullptr) {
  // The name a shared chunk defines is the first it names (`func.func
  // private @f(...)`, `memref.global ... @g`); what it merely mentions (a
  // symbol in its attributes) still ties as usual.
  std::set<std::string> kept;
  for (const SourceRange &range : shared) {
    std::vector<std::string> names =
        symbolNames(text.substr(range.begin, range.end - range.begin));
    if (!names.empty())
      kept.insert(std::move(names.front()));
  }
  Components components(ops.size());
  std::map<std::string, size_t> firstNaming;
  for (size_t i = 0; i < ops.size(); ++i)
    for (std::string &name :
         symbolNames(text.substr(ops[i].begin, ops[i].end - ops[i].begin))) {
      if (kept.count(name))
        continue;
      auto [it, inserted] = firstNaming.emplace(std::move(name), i);
      if (!inserted)
        components.join(i, it->second);
    }
  if (firstNamingOut)
    *firstNamingOut = std::move(firstNaming);
  return components;
}
} // namespace

std::vector<size_t>
bufferlens::tiedOperations(std::string_view text,
                           const std::vector<SourceRange> &ops, size_t seed,
                           const std::vector<std::string> &alsoNaming,
                           const std::vector<SourceRange> &shared) {
  std::map<std::string, size_t> firstNaming;
  Components components = tieBySymbols(text, ops, shared, &firstNaming);
  std::vector<bool> root(ops.size(), false);
  root[components.find(seed)] = true;
  for (const std::string &name : alsoNaming)
    if (auto it = firstNaming.find(name); it != firstNaming.end())
      root[components.find(it->second)] = true;
  std::vector<size_t> out;
  for (size_t i = 0; i < ops.size(); ++i)
    if (root[components.find(i)])
      out.push_back(i);
  return out;
}

std::vector<PartPlan> bufferlens::planParts(std::string_view text,
                                            unsigned maxParts,
                                            size_t minPartBytes) {
  return planParts(text, splitTopLevel(text), maxParts, minPartBytes);
}

std::vector<PartPlan>
bufferlens::planParts(std::string_view text,
                      const std::vector<TopLevelChunk> &chunks,
                      unsigned maxParts, size_t minPartBytes) {
  const SourceRange whole{0, static_cast<uint32_t>(text.size())};
  std::vector<PartPlan> single{{whole, {}}};
  std::vector<SourceRange> ops, shared; // the chunks of each kind, in order
  for (const TopLevelChunk &chunk : chunks)
    (chunk.shared ? shared : ops).push_back(chunk.range);
  size_t total = 0;
  for (const SourceRange &op : ops)
    total += op.end - op.begin;
  size_t parts =
      std::min<size_t>(maxParts, total / std::max<size_t>(minPartBytes, 1));
  parts = std::min(parts, ops.size());
  if (parts < 2)
    return single;

  Components components = tieBySymbols(text, ops, shared);

  // Contiguous runs of about equal size.
  std::vector<size_t> firstOfPart{0};
  size_t seen = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    seen += ops[i].end - ops[i].begin;
    if (firstOfPart.size() < parts &&
        seen * parts >= total * firstOfPart.size() && i + 1 < ops.size())
      firstOfPart.push_back(i + 1);
  }
  firstOfPart.push_back(ops.size());

  std::vector<PartPlan> plans;
  for (size_t p = 0; p + 1 < firstOfPart.size(); ++p) {
    size_t first = firstOfPart[p], end = firstOfPart[p + 1];
    PartPlan plan;
    plan.covers.begin = p == 0 ? 0 : ops[first].begin;
    plan.covers.end = end == ops.size() ? whole.end : ops[end].begin;
    std::vector<bool> neededRoot(ops.size(), false);
    for (size_t i = first; i < end; ++i)
      neededRoot[components.find(i)] = true;
    size_t neededBytes = 0;
    for (size_t i = 0; i < ops.size(); ++i) {
      if (neededRoot[components.find(i)]) {
        neededBytes += ops[i].end - ops[i].begin;
        continue;
      }
      plan.blanked.push_back(ops[i]);
    }
    // A part that needs most of the document gains nothing over one part.
    if (neededBytes * 4 > total * 3)
      return single;
    plans.push_back(std::move(plan));
  }
  return plans;
}

bool bufferlens::canAnalyseInParts(const AnalysisOptions &options) {
  return !options.privateFunctionDynamicOwnership;
}

bool bufferlens::hasMlirErrors(const std::vector<Finding> &findings) {
  return std::any_of(
      findings.begin(), findings.end(), [](const Finding &finding) {
        return finding.source == "mlir" && finding.severity == Severity::Error;
      });
}

bool bufferlens::hasMlirErrors(const AnalysisResult &result) {
  return result.parseFailed || hasMlirErrors(result.findings);
}

std::vector<AnalysisResult> bufferlens::analyzeParts(
    std::string_view text, std::vector<PartPlan> &plans,
    const std::function<AnalysisResult(std::string_view)> &analyse) {
  return analyzeParts(text, plans, [&](std::string_view partText, size_t) {
    return analyse(partText);
  });
}

std::vector<AnalysisResult> bufferlens::analyzeParts(
    std::string_view text, std::vector<PartPlan> &plans,
    const std::function<AnalysisResult(std::string_view, size_t)> &analyse,
    bool oneAtATime) {
  std::vector<AnalysisResult> results(plans.size());
  if (plans.size() == 1 && plans.front().blanked.empty()) {
    results.front() = analyse(text, 0);
    return results;
  }
  // An exception (std::bad_alloc) escaping a thread would terminate the
  // process: each part keeps its own, and the first is rethrown once every
  // part has run.
  std::vector<std::exception_ptr> failures(plans.size());
  auto run = [&](size_t p) {
    try {
      results[p] = analyse(blankOperations(text, plans[p].blanked), p);
    } catch (...) {
      failures[p] = std::current_exception();
    }
  };
  if (oneAtATime)
    for (size_t p = 0; p < plans.size(); ++p)
      run(p);
  else
    runOnPartThreads(plans.size(), run);
  for (const std::exception_ptr &failure : failures)
    if (failure)
      std::rethrow_exception(failure);
  // A parse error ends a whole analysis, and the module's symbol checks
  // wait until every operation verifies: with MLIR errors the parts need
  // not agree with one analysis, so the document is analysed whole.
  for (const AnalysisResult &result : results)
    if (hasMlirErrors(result)) {
      plans = {{{0, static_cast<uint32_t>(text.size())}, {}}};
      results.assign(1, analyse(text, kWholeDocumentPart));
      break;
    }
  return results;
}
