//===- PathConditions.cpp - Which decisions a finding depends on ----------===//
//
// A message names the path it was first found on: "%a leaks when %c0 is
// false". That path also decided conditions the outcome does not depend on
// (a later branch on %c1), and when every path leaks it depends on none.
// While exploring, a message holds a placeholder for its condition, and
// every complete path records which findings it ran into. At the end the
// first path's decisions are reduced, in order, to those without which some
// explored path that does not have the finding would satisfy the condition:
// what is printed is then true of every explored path it describes. When
// paths were merged or dropped (the precision note), the explored paths are
// not all paths, so the first path's decisions are printed unreduced.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"
#include "analysis/ir/SourceIndex.h"

#include <algorithm>

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
  pendingConditions.push_back({state.decisions, state.assignment});
  return std::string(1, kMark) + std::to_string(pendingConditions.size() - 1) +
         std::string(1, kMark);
}

std::string Interpreter::decisionText(int atom, bool value) const {
  const AtomInfo &info = atoms[atom];
  if (!info.trueText.empty())
    return value ? info.trueText : info.falseText;
  return info.name + (value != info.negated ? " is true" : " is false");
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
  for (Finding &finding : index.result().findings) {
    size_t begin = finding.message.find(kMark);
    if (begin == std::string::npos)
      continue;
    size_t end = finding.message.find(kMark, begin + 1);
    if (end == std::string::npos)
      continue;
    size_t n = std::stoul(finding.message.substr(begin + 1, end - begin - 1));
    if (n >= pendingConditions.size())
      continue;
    std::vector<std::pair<int, bool>> condition =
        pendingConditions[n].decisions;
    auto id = findingIds.find({finding.code, finding.range.begin});
    if (reduce && id != findingIds.end()) {
      for (size_t i = 0; i < condition.size();) {
        std::vector<std::pair<int, bool>> trial = condition;
        trial.erase(trial.begin() + i);
        bool needed = std::any_of(
            completePaths.begin(), completePaths.end(),
            [&](const CompletePath &path) {
              return !std::binary_search(path.findings.begin(),
                                         path.findings.end(), id->second) &&
                     consistent(path, trial);
            });
        if (needed)
          ++i;
        else
          condition = std::move(trial);
      }
    }
    finding.message.replace(begin, end - begin + 1, render(condition));
    if (pendingConditions[n].event) {
      finding.path = pathSteps(pendingConditions[n], condition);
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
}
