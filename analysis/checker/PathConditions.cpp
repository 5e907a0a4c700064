//===- PathConditions.cpp - Which decisions a finding depends on ----------===//
//
// A message names the path it was first found on: "%a leaks when %c0 is
// false". That path also decided conditions the outcome does not depend on
// (a later branch on %c1), and when every path leaks it depends on none.
// While exploring, a message holds a placeholder for its condition, and
// every complete path records which findings it ran into. At the end each
// path a finding arose on (Report.cpp keeps up to kMaxPathCandidates) has
// its decisions reduced, last first, to those without which some explored
// path that does not have the finding would satisfy the condition: what is
// printed is then true of every explored path it describes. The path with
// the fewest steps is shown (the first found among equals). When paths
// were merged or dropped (the precision note), the explored paths are not
// all paths, so the decisions are printed unreduced.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"
#include "analysis/ir/SourceIndex.h"

#include <algorithm>
#include <optional>
#include <tuple>

using namespace bufferlens;
using namespace bufferlens::checker;

namespace {
/// Marks a placeholder in a message: "\x01" N "\x01".
constexpr char kMark = '\x01';
/// Complete paths recorded at most; past it conditions are not reduced.
constexpr size_t kMaxCompletePaths = 4096;
} // namespace

std::string Interpreter::conditionsOf(const State &state) const {
  reportingState = const_cast<State *>(&state);
  PendingCondition pending;
  pending.decisions = state.decisions;
  pending.assignment = state.assignment;
  pendingConditions.push_back(std::move(pending));
  return std::string(1, kMark) + std::to_string(pendingConditions.size() - 1) +
         std::string(1, kMark);
}

std::string Interpreter::decisionText(int atom, bool value) const {
  const AtomInfo &info = atoms[atom];
  if (!info.trueText.empty())
    return value ? info.trueText : info.falseText;
  return info.name + (value != info.negated ? " is true" : " is false");
}

PathDecision Interpreter::decisionData(int atom, bool value) const {
  const AtomInfo &info = atoms[atom];
  PathDecision data;
  if (!info.comparison) {
    // An i1 the program branches on: the atom is its value (negated for
    // the `cmpi ne` that names an `eq` atom).
    data.value = info.name;
    data.predicate = "eq";
    data.constant = value != info.negated ? 1 : 0;
    return data;
  }
  const Comparison &c = *info.comparison;
  auto nameOf = [&](const IntTerm &term) {
    auto it = opaqueValues.find(term.var);
    return it == opaqueValues.end() ? std::string("an integer")
                                    : name(it->second);
  };
  // Written with the value that is not a constant first: `k < v + o` is
  // `v > k - o`.
  bool swapped = c.lhs.isConstant() && !c.rhs.isConstant();
  const IntTerm &first = swapped ? c.rhs : c.lhs;
  const IntTerm &second = swapped ? c.lhs : c.rhs;
  data.value = nameOf(first);
  if (second.isConstant())
    data.constant = second.offset - first.offset;
  else {
    data.than = nameOf(second);
    data.constant = second.offset - first.offset;
  }
  switch (c.kind) {
  case Comparison::Eq:
    data.predicate = value ? "eq" : "ne";
    break;
  case Comparison::Slt:
    data.predicate =
        swapped ? (value ? "sgt" : "sle") : (value ? "slt" : "sge");
    break;
  case Comparison::Ult:
    data.predicate =
        swapped ? (value ? "ugt" : "ule") : (value ? "ult" : "uge");
    break;
  }
  return data;
}

void Interpreter::recordCompletePath(const State &state) {
  if (completePaths.size() <= kMaxCompletePaths)
    completePaths.push_back({state.assignment, state.findings});
}

void Interpreter::finishConditions() {
  bool reduce = !precisionNoted && !stepsExhausted &&
                completePaths.size() <= kMaxCompletePaths;
  auto consistent = [&](const CompletePath &path,
                        const std::vector<std::pair<int, bool>> &condition) {
    std::vector<IntLiteral> literals = literalsOf(path.assignment);
    for (auto [atom, value] : condition) {
      int v = atom < (int)path.assignment.size() ? path.assignment[atom] : -1;
      if (v >= 0 && v != (int)value)
        return false;
      if (v < 0 && atoms[atom].comparison)
        literals.push_back({*atoms[atom].comparison, value});
    }
    return satisfiable(literals);
  };
  auto render = [&](const std::vector<std::pair<int, bool>> &decisions) {
    // A loop decides the "same" condition once per iteration: later
    // decisions on a name already used say which time they are.
    std::string out;
    std::map<std::string, int> seen;
    for (auto [atom, value] : decisions) {
      out += out.empty() ? " when " : " and ";
      const AtomInfo &info = atoms[atom];
      out += decisionText(atom, value);
      if (!info.trueText.empty())
        continue;
      const std::string &n = info.name;
      if (int times = ++seen[n]; times > 1)
        out += " (" + std::to_string(times) +
               (times == 2   ? "nd"
                : times == 3 ? "rd"
                             : "th") +
               " time)";
    }
    return out;
  };
  // The placeholder's pending condition in a message; nullopt if none.
  auto placeholderOf = [&](const std::string &message)
      -> std::optional<std::pair<size_t, size_t>> {
    size_t begin = message.find(kMark);
    if (begin == std::string::npos)
      return std::nullopt;
    size_t end = message.find(kMark, begin + 1);
    if (end == std::string::npos)
      return std::nullopt;
    size_t n = std::stoul(message.substr(begin + 1, end - begin - 1));
    if (n >= pendingConditions.size())
      return std::nullopt;
    return std::make_pair(begin, end);
  };
  // Reduces a path's decisions to those without which some explored path
  // that does not have the finding would satisfy the condition. The last
  // decisions go first: after a loop they are the strongest of a chain
  // (%n > 7 implies %n > 5), and the weakest that still excludes every
  // path without the finding is the one to keep.
  auto reduced = [&](std::vector<std::pair<int, bool>> condition, int id) {
    if (!reduce || id < 0)
      return condition;
    for (size_t i = condition.size(); i-- > 0;) {
      std::vector<std::pair<int, bool>> trial = condition;
      trial.erase(trial.begin() + i);
      bool needed =
          std::any_of(completePaths.begin(), completePaths.end(),
                      [&](const CompletePath &path) {
                        return !std::binary_search(path.findings.begin(),
                                                   path.findings.end(), id) &&
                               consistent(path, trial);
                      });
      if (!needed)
        condition = std::move(trial);
    }
    return condition;
  };
  for (Finding &finding : index.result().findings) {
    auto own = placeholderOf(finding.message);
    if (!own)
      continue;
    auto id = findingIds.find({finding.code, finding.range.begin});
    int findingId = id != findingIds.end() ? id->second : -1;
    std::vector<PathCandidate> candidates;
    candidates.push_back({finding.message, finding.related});
    if (auto paths = findingPaths.find({finding.code, finding.range.begin});
        paths != findingPaths.end())
      for (PathCandidate &other : paths->second.candidates)
        candidates.push_back(std::move(other));
    // The path shown is the one with the fewest steps.
    std::optional<size_t> best;
    std::vector<std::pair<int, bool>> bestCondition;
    std::vector<PathStep> bestSteps;
    size_t bestBlocks = 0;
    long bestCovered = 0;
    for (size_t c = 0; c < candidates.size(); ++c) {
      auto at = placeholderOf(candidates[c].message);
      if (!at)
        continue;
      const std::string &message = candidates[c].message;
      size_t n =
          std::stoul(message.substr(at->first + 1, at->second - at->first - 1));
      std::vector<std::pair<int, bool>> condition =
          reduced(pendingConditions[n].decisions, findingId);
      std::vector<PathStep> steps;
      if (pendingConditions[n].event)
        steps = pathSteps(pendingConditions[n], condition);
      // Fewest steps; among equals, the weakest condition (the most
      // explored paths satisfy it: `%n <= 2` over `%n <= 0` for a leak
      // unless a third iteration frees), then fewest blocks (a loop run
      // fewer times), then the first found (true branches first).
      long covered = std::count_if(completePaths.begin(), completePaths.end(),
                                   [&](const CompletePath &path) {
                                     return consistent(path, condition);
                                   });
      size_t blocks = pendingConditions[n].blocks.size();
      if (best &&
          std::make_tuple(steps.size(), -covered, blocks) >=
              std::make_tuple(bestSteps.size(), -bestCovered, bestBlocks))
        continue;
      bestBlocks = blocks;
      bestCovered = covered;
      best = c;
      bestCondition = std::move(condition);
      bestSteps = std::move(steps);
    }
    if (!best)
      continue;
    PathCandidate &chosen = candidates[*best];
    auto [begin, end] = *placeholderOf(chosen.message);
    size_t n = std::stoul(chosen.message.substr(begin + 1, end - begin - 1));
    finding.message = std::move(chosen.message);
    finding.message.replace(begin, end - begin + 1, render(bestCondition));
    finding.related = std::move(chosen.related);
    if (pendingConditions[n].event) {
      finding.path = std::move(bestSteps);
      for (mlir::Block *block : pendingConditions[n].blocks)
        finding.pathBlocks.push_back(index.idOf(block));
      // Back out of the regions it entered last, to the finding's block.
      if (mlir::Operation *at = pendingConditions[n].eventOp)
        if (BlockId block = index.idOf(at->getBlock());
            block != kNone &&
            (finding.pathBlocks.empty() || finding.pathBlocks.back() != block))
          finding.pathBlocks.push_back(block);
    }
  }
  pendingConditions.clear();
  findingPaths.clear();
}
