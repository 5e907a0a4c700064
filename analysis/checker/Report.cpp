//===- Report.cpp - Findings in the user's names, with the path -----------===//
//
// Messages name the path the way the user reads the IR: the decisions taken
// (`when %cond is false and %1 is true`) and the blocks of the function's
// CFG (`^bb0 -> ^bb2 -> return`). One finding per code and location, on
// the path with the fewest steps among those it arises on (the first found,
// true branches first, among equals; PathConditions.cpp chooses).
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"
#include "analysis/ir/SourceIndex.h"

#include <map>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

std::string Interpreter::label(Block *block) const {
  std::string l = index.labelOf(block);
  if (l != "^entry" && !(l == "^bb0" && index.rangeOf(block).empty()))
    return l;
  // An unlabelled entry block: ^bb0 in mlir-opt's printing for the function
  // body, the op that holds it for a nested region.
  if (block->getParentOp() ==
      const_cast<Interpreter *>(this)->function.getOperation())
    return "^bb0";
  return block->getParentOp()->getName().getStringRef().str();
}

std::string Interpreter::name(Value value) const { return index.nameOf(value); }

SourceRange Interpreter::range(Operation *op) const {
  return index.rangeOf(op);
}

SourceRange Interpreter::range(Value value) const {
  return index.rangeOf(value);
}

std::string Interpreter::pathOf(const State &state,
                                const std::string &end) const {
  std::string path;
  for (Block *block : state.trace)
    path += (path.empty() ? "" : " -> ") + label(block);
  if (!end.empty())
    path += (path.empty() ? "" : " -> ") + end;
  return path;
}

RelatedLocation Interpreter::siteNote(const Object &o) const {
  std::string n = name(o.site);
  switch (o.kind) {
  case ObjectKind::Owned:
    return {range(o.site), n + " is allocated here"};
  case ObjectKind::Argument:
    return {range(o.site), n + " is an argument of the function"};
  case ObjectKind::Stack:
    return {range(o.site), n + " is allocated on the stack here"};
  case ObjectKind::Global:
    return {range(o.site), n + " is a global"};
  case ObjectKind::Unknown:
    break;
  }
  return {range(o.site), n + " is defined here"};
}

void Interpreter::report(FindingCode code, SourceRange at, std::string message,
                         std::vector<RelatedLocation> related, int object,
                         std::optional<PathStep> event, Operation *eventOp) {
  if (quiet) // Summarising a callee: it is checked on its own.
    return;
  // The path the message's condition came from ran into this finding.
  int id = findingIds.emplace(std::make_pair(code, at.begin), findingIds.size())
               .first->second;
  if (reportingState) {
    std::vector<int> &f = reportingState->findings;
    auto pos = std::lower_bound(f.begin(), f.end(), id);
    if (pos == f.end() || *pos != id)
      f.insert(pos, id);
  }
  State *path = reportingState;
  reportingState = nullptr;
  // Every path a finding arises on (up to kMaxPathCandidates) is a
  // candidate for the one its report shows: the shortest, once the
  // conditions are reduced (PathConditions.cpp).
  bool first = reported.insert({code, at.begin}).second;
  FindingPaths &paths = findingPaths[{code, at.begin}];
  if (!first && (paths.candidates.size() >= kMaxPathCandidates || !path ||
                 pendingConditions.empty() || !event))
    return;
  // The message's path (conditionsOf's) is the one its report shows.
  if (path && !pendingConditions.empty() && event) {
    PendingCondition &pending = pendingConditions.back();
    pending.events = path->events;
    pending.blocks = path->entered;
    pending.object = object;
    pending.event = std::move(event);
    pending.eventOp = eventOp;
    if (auto it = path->objects.find(object); it != path->objects.end()) {
      pending.site = it->second.site;
      pending.kind = it->second.kind;
    }
  }
  if (!first) {
    paths.candidates.push_back({std::move(message), std::move(related)});
    return;
  }
  paths.finding = index.result().findings.size();
  Finding finding;
  finding.code = code;
  finding.severity = Severity::Error;
  finding.range = at;
  finding.message = std::move(message);
  finding.related = std::move(related);
  index.result().findings.push_back(std::move(finding));
}

void Interpreter::recordFree(const Object &o, Operation *op) {
  if (o.kind == ObjectKind::Unknown)
    return;
  freeSites.insert({index.idOf(o.site), index.idOf(op)});
}

void Interpreter::note(const std::string &why) {
  if (precisionNoted)
    return;
  precisionNoted = true;
  if (quiet)
    return;
  Finding finding;
  finding.severity = Severity::Info;
  finding.range = index.result().functions[fn].nameRange;
  finding.message = "deallocation checker: precision reduced in @" +
                    index.result().functions[fn].name + ": " + why;
  index.result().findings.push_back(std::move(finding));
}
