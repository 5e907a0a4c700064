//===- TensorOverlay.cpp --------------------------------------------------===//
//
// The words follow the findings' (analysis/tensor/TensorFindings.cpp) and
// say only what every run of upstream's analysis agrees on: the copied
// operand and the write, never the read `print-conflicts` names, which
// depends on the order of pointer-keyed sets (OneShotAnalysis.cpp) and
// would make two drawings of one text differ.
//
//===----------------------------------------------------------------------===//

#include "viz/TensorOverlay.h"
#include "analysis/model/LineIndex.h"

#include <map>
#include <set>

using namespace bufferlens;
using namespace bufferlens::viz;

namespace {

/// The upstream ops that implement LoopLikeOpInterface, as the findings ask
/// MLIR (TensorFindings.cpp's insideLoop): an op in their bodies runs once
/// per iteration, and so does what bufferization puts at it.
bool isLoop(const std::string &name) {
  return name == "scf.for" || name == "scf.forall" || name == "scf.parallel" ||
         name == "scf.while" || name == "affine.for" ||
         name == "affine.parallel";
}

bool insideLoop(const AnalysisResult &result, OpId op) {
  for (BlockId block = result.ops[op].block; block != kNone;) {
    OpId parent = result.blocks[block].parentOp;
    if (parent == kNone)
      return false;
    if (isLoop(result.ops[parent].name))
      return true;
    block = result.ops[parent].block;
  }
  return false;
}

std::string bytesText(const BufferizationEffect &effect) {
  std::string text = effect.type;
  if (effect.bytes)
    text += ", " + std::to_string(*effect.bytes) + " bytes";
  return text;
}

std::string plural(size_t n, const char *one, const char *many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Weightier decisions colour the op's row: a failure, then what costs
// memory or time, then where buffers go.
int weight(Marker marker) {
  switch (marker) {
  case Marker::Fails:
    return 8;
  case Marker::Copy:
    return 7;
  case Marker::HeapAlloc:
    return 6;
  case Marker::Clone:
    return 5;
  case Marker::Dealloc:
    return 4;
  case Marker::ConditionalDealloc:
    return 3;
  case Marker::Returned:
    return 2;
  case Marker::InPlace:
    return 1;
  default:
    return 0;
  }
}

class Overlay {
public:
  Overlay(const AnalysisResult &result, const TensorPlan &plan,
          FunctionGraph &graph)
      : result(result), plan(plan), graph(graph), lines(result.text()) {
    for (GraphBlock &block : graph.blocks)
      for (GraphRow &row : block.rows)
        if (row.op != kNone)
          rows[row.op] = &row;
  }
  void run();

private:
  void add(OpId op, Marker marker, std::string text);
  std::string origin(const BufferizationEffect &alloc) const;
  std::string name(ValueId value) const {
    return value == kNone ? std::string("the operand")
                          : result.values[value].name;
  }
  void allocationsAndCopies(OpId op);

  const AnalysisResult &result;
  const TensorPlan &plan;
  FunctionGraph &graph;
  LineIndex lines;
  std::map<OpId, GraphRow *> rows;
  /// Decisions at ops the graph does not draw (elided rows, payload
  /// regions): counted in a note.
  size_t hidden = 0;
};

void Overlay::add(OpId op, Marker marker, std::string text) {
  auto it = op == kNone ? rows.end() : rows.find(op);
  if (it == rows.end()) {
    ++hidden;
    return;
  }
  GraphRow &row = *it->second;
  row.effects.push_back({marker, std::move(text)});
  if (weight(marker) > weight(row.marker))
    row.marker = marker;
}

/// "memref<4xf32> allocated at line 5 by tensor.empty": a release names the
/// buffer it lets go of by where it was made.
std::string Overlay::origin(const BufferizationEffect &alloc) const {
  const OpEntry &op = result.ops[alloc.op];
  return alloc.type + " allocated at line " +
         std::to_string(lines.toByteColumn(op.nameRange.begin).line + 1) +
         " by " + op.name;
}

void Overlay::allocationsAndCopies(OpId op) {
  std::vector<const BufferizationEffect *> allocs, copies;
  for (const BufferizationEffect &e : plan.allocations)
    if (e.op == op)
      allocs.push_back(&e);
  for (const BufferizationEffect &e : plan.copies)
    if (e.op == op)
      copies.push_back(&e);
  std::vector<const OutOfPlaceOperand *> operands;
  for (const OutOfPlaceOperand &o : plan.outOfPlace)
    if (o.op == op)
      operands.push_back(&o);
  std::string often = insideLoop(result, op) ? ", per iteration" : "";
  for (const BufferizationEffect *alloc : allocs) {
    std::string text = "alloc " + bytesText(*alloc) + often;
    if (!copies.empty())
      text += ", for a copy";
    else if (!operands.empty())
      text += ": an operand is out of place, its old contents unread (no copy)";
    add(op, Marker::HeapAlloc, std::move(text));
  }
  for (size_t i = 0; i < copies.size(); ++i) {
    std::string text = "copy";
    const OutOfPlaceOperand *o = i < operands.size() ? operands[i] : nullptr;
    if (o)
      text += " of " + name(o->value) + " (operand #" +
              std::to_string(o->operand) + ")";
    text += ", " + bytesText(*copies[i]) + often;
    if (o)
      text += o->conflictingWrite != kNone
                  ? ": writing its buffer in place would clobber what a "
                    "later read needs"
                  : ": its buffer is not writable";
    add(op, Marker::Copy, std::move(text));
  }
}

void Overlay::run() {
  graph.tensorView = true;
  if (!plan.bufferized) {
    for (const TensorPlan::Failure &failure : plan.failures) {
      std::string text = "One-Shot Bufferize fails here: " + failure.message;
      if (failure.op == kNone || !rows.count(failure.op))
        graph.notes.push_back(text);
      else
        add(failure.op, Marker::Fails, std::move(text));
    }
    graph.notes.push_back("One-Shot Bufferize fails on the function: what it "
                          "would allocate, copy and free is not known");
    return;
  }
  // In the order of the ops, each op's decisions in the order of its life:
  // the buffer it gets, then what is let go of there.
  std::map<OpId, std::vector<const TensorBuffer *>> inPlace;
  for (const TensorBuffer &buffer : plan.buffers)
    if (buffer.kind == TensorBuffer::Kind::InPlace && buffer.value != kNone &&
        result.values[buffer.value].definingOp != kNone)
      inPlace[result.values[buffer.value].definingOp].push_back(&buffer);
  std::map<OpId, std::vector<std::pair<const BufferizationEffect *,
                                       const BufferRelease *>>>
      released;
  bool releasesUnknown = false;
  for (const BufferizationEffect &alloc : plan.allocations) {
    releasesUnknown = releasesUnknown || !alloc.releasesKnown;
    for (const BufferRelease &release : alloc.releases)
      released[release.at].push_back({&alloc, &release});
  }
  std::map<OpId, std::vector<const TensorPlan::ReturnClone *>> clones;
  for (const TensorPlan::ReturnClone &clone : plan.returnClones)
    clones[clone.effect.op].push_back(&clone);

  std::set<OpId> ops;
  for (const auto &[op, _] : inPlace)
    ops.insert(op);
  for (const BufferizationEffect &e : plan.allocations)
    ops.insert(e.op);
  for (const BufferizationEffect &e : plan.copies)
    ops.insert(e.op);
  for (const auto &[op, _] : released)
    ops.insert(op);
  for (const auto &[op, _] : clones)
    ops.insert(op);
  for (OpId op : ops) {
    for (const TensorBuffer *buffer : inPlace[op])
      add(op, Marker::InPlace,
          result.values[buffer->value].name + " reuses the buffer of " +
              name(buffer->source) + " (operand #" +
              std::to_string(buffer->operand) + ")");
    allocationsAndCopies(op);
    for (const TensorPlan::ReturnClone *clone : clones[op])
      add(op, Marker::Clone,
          "clone " + bytesText(clone->effect) +
              (clone->conditional
                   ? ", when the function does not own it (decided at run "
                     "time)"
                   : "") +
              ": the caller must get a buffer it owns");
    std::string often = insideLoop(result, op) ? " every iteration" : "";
    for (const auto &[alloc, release] : released[op]) {
      switch (release->kind) {
      case BufferRelease::Kind::Freed:
        add(op, Marker::Dealloc, "freed here" + often + ": " + origin(*alloc));
        break;
      case BufferRelease::Kind::FreedIfOwned:
        add(op, Marker::ConditionalDealloc,
            "freed here" + often +
                " if still owned (decided at run time): " + origin(*alloc));
        break;
      case BufferRelease::Kind::Returned:
        add(op, Marker::Returned,
            "returned: the caller frees it: " + origin(*alloc));
        break;
      case BufferRelease::Kind::FreedUnlessReturned:
        add(op, Marker::ConditionalDealloc,
            "freed here unless it is the buffer returned (decided at run "
            "time): " +
                origin(*alloc));
        break;
      }
    }
  }
  if (releasesUnknown)
    graph.notes.push_back("ownership-based deallocation did not run on the "
                          "bufferized function: where its buffers are freed "
                          "is not shown");
  if (hidden)
    graph.notes.push_back(plural(hidden, "decision", "decisions") +
                          " of One-Shot Bufferize at ops not drawn " +
                          (hidden == 1 ? "is" : "are") + " not shown");
}

} // namespace

std::string viz::describeTensorPlan(const TensorPlan &plan) {
  if (!plan.bufferized)
    return "on tensors: One-Shot Bufferize fails on it (BL503)";
  return "on tensors, as One-Shot Bufferize bufferizes it: " +
         plural(plan.allocations.size(), "allocation", "allocations") +
         " \xC2\xB7 " + plural(plan.copies.size(), "copy", "copies");
}

void viz::addTensorView(const AnalysisResult &result, const TensorPlan &plan,
                        FunctionGraph &graph) {
  Overlay(result, plan, graph).run();
}
