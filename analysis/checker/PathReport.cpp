//===- PathReport.cpp - A finding's path as its key events ----------------===//
//
// The path a finding's message names (the first the exploration found it
// on) is shown as the events that matter to it, as Clang's static analyzer
// shows its bug paths: where its buffer comes into being, the decisions the
// message's condition keeps (PathConditions.cpp drops those the outcome
// does not depend on), the iterations of the loops the later events happen
// in, where the buffer is yielded out of a region or freed, and the
// finding's own event last. A straight run of blocks is no step: only a
// decision is.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Interfaces/CallInterfaces.h"

#include <algorithm>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

namespace {
/// A kept event with the op the step happens in, for deciding which loop
/// iterations matter.
struct Kept {
  PathStep step;
  Operation *op = nullptr;
  /// For a loop iteration: the loop.
  Operation *loop = nullptr;
  int split = -1;
};
} // namespace

static Operation *opOf(Value value) {
  if (Operation *def = value.getDefiningOp())
    return def;
  return value.getParentBlock() ? value.getParentBlock()->getParentOp()
                                : nullptr;
}

std::vector<PathStep> Interpreter::pathSteps(
    const PendingCondition &pending,
    const std::vector<std::pair<int, bool>> &condition) const {
  std::vector<Kept> kept;
  for (const PathEvent &event : pending.events) {
    switch (event.kind) {
    case PathEvent::Created: {
      if (event.object != pending.object || !pending.site)
        break;
      Object o;
      o.site = pending.site;
      o.kind = pending.kind;
      Operation *def = pending.site.getDefiningOp();
      if (isa_and_present<CallOpInterface>(def))
        kept.push_back(
            {{PathStepKind::Call, range(pending.site),
              name(pending.site) + " is returned owned by " + byTheCall(def)},
             def});
      else
        kept.push_back(
            {{pending.kind == ObjectKind::Argument ? PathStepKind::Enter
                                                   : PathStepKind::Allocate,
              range(pending.site), siteNote(o).message},
             opOf(pending.site)});
      break;
    }
    case PathEvent::Decided: {
      if (event.taken < 0 ||
          std::find(condition.begin(), condition.end(),
                    std::make_pair(event.atom, event.value)) == condition.end())
        break;
      std::string text = decisionText(event.atom, event.value);
      // One condition that decided several atoms is one step.
      if (!kept.empty() && kept.back().split == event.split) {
        kept.back().step.decisions.push_back(
            decisionData(event.atom, event.value));
        std::string &message = kept.back().step.message;
        if (message.back() == ')')
          message.insert(message.size() - 1, " and " + text);
        else
          message += " and " + text;
        break;
      }
      Operation *op = event.op;
      bool taken = event.taken == 1;
      std::string what;
      if (!op) {
        what = "";
      } else if (isa<CallOpInterface>(op)) {
        what = "in " + byTheCall(op) + ",";
      } else if (auto cond = dyn_cast<cf::CondBranchOp>(op)) {
        what = "branching to " +
               label(taken ? cond.getTrueDest() : cond.getFalseDest());
      } else {
        StringRef n = op->getName().getStringRef();
        if (n == "scf.if" || n == "affine.if")
          what = taken ? "taking the then branch" : "taking the else branch";
        else if (n == "arith.select")
          what = name(op->getResult(0)) + " takes " +
                 name(op->getOperand(taken ? 1 : 2));
        else if (n == "scf.condition")
          what = taken ? "the loop runs again" : "the loop ends";
        else if (n == "bufferization.dealloc")
          what = taken ? "the dealloc's condition holds"
                       : "the dealloc's condition does not hold";
        else if (op->getNumRegions() > 0)
          what = taken ? "the loop body runs" : "the loop ends";
      }
      std::string message = what.empty()         ? text
                            : what.back() == ',' ? what + " " + text
                                                 : what + " (" + text + ")";
      Kept step{{PathStepKind::Branch, op ? range(op) : SourceRange(), message},
                op};
      step.split = event.split;
      step.step.decisions.push_back(decisionData(event.atom, event.value));
      kept.push_back(std::move(step));
      break;
    }
    case PathEvent::Iteration: {
      Kept step{{PathStepKind::Loop, range(event.op),
                 "enters iteration " + std::to_string(event.count) + " of " +
                     event.op->getName().getStringRef().str()},
                event.op};
      step.loop = event.op;
      // The decision to run the loop again names the iteration it starts.
      if (!kept.empty() && !kept.back().loop && kept.back().op == event.op &&
          kept.back().step.kind == PathStepKind::Branch) {
        std::string &message = kept.back().step.message;
        size_t paren = message.find(" (");
        message = step.step.message +
                  (paren == std::string::npos ? "" : message.substr(paren));
        break;
      }
      // Of consecutive iterations of one loop the last is the one that
      // matters.
      if (!kept.empty() && kept.back().loop == event.op)
        kept.back() = std::move(step);
      else
        kept.push_back(std::move(step));
      break;
    }
    case PathEvent::Yielded:
      if (event.object != pending.object)
        break;
      kept.push_back(
          {{PathStepKind::Return, range(event.op),
            name(pending.site) + " is yielded out of " +
                event.op->getParentOp()->getName().getStringRef().str() +
                " as " + name(event.result)},
           event.op});
      break;
    case PathEvent::Freed: {
      if (event.object != pending.object)
        break;
      std::string by = byTheCall(event.op);
      kept.push_back({{PathStepKind::Free, range(event.op),
                       name(pending.site) + " is freed " +
                           (by.empty() ? "here" : "by " + by)},
                      event.op});
      break;
    }
    }
  }
  if (pending.event)
    kept.push_back({*pending.event, pending.eventOp});
  // A loop's iteration matters when what follows it happens in the loop.
  std::vector<PathStep> steps;
  for (size_t i = 0; i < kept.size(); ++i) {
    if (kept[i].loop) {
      size_t next = i + 1;
      while (next < kept.size() && kept[next].loop)
        ++next;
      Operation *inside = next < kept.size() ? kept[next].op : nullptr;
      if (!inside || !kept[i].loop->isProperAncestor(inside))
        continue;
    }
    steps.push_back(std::move(kept[i].step));
  }
  return steps;
}
