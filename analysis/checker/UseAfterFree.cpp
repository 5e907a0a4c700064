//===- UseAfterFree.cpp - BL103: touching a buffer after its free ---------===//
//
// Any read, write, view, call argument or return of a buffer after it was
// freed on the path. Reading a buffer's metadata (memref.dim, its aligned
// pointer, extract_strided_metadata) does not touch its memory, and passing
// a value along a branch or yield does not either: the deallocation
// pipeline does both with buffers it may have freed, guarded by ownership.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"
#include "analysis/checker/MemoryEffects.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

static bool touchesMemory(Operation &op) {
  StringRef name = op.getName().getStringRef();
  // A free of a freed buffer is a double free (Frees.cpp), not a use.
  if (!freedOperands(op).empty())
    return false;
  if (name == "memref.dealloc" || name == "bufferization.dealloc" ||
      name == "memref.dim" || name == "memref.rank" ||
      name == "memref.extract_aligned_pointer_as_index" ||
      name == "memref.extract_strided_metadata")
    return false;
  return !isa<BranchOpInterface, RegionBranchTerminatorOpInterface>(op);
}

void Interpreter::checkUses(Operation &op, State &state) {
  if (!touchesMemory(op))
    return;
  for (Value operand : op.getOperands())
    if (isa<BaseMemRefType>(operand.getType()))
      checkUse(op, state, operand, "use of");
}

void Interpreter::checkUse(Operation &op, State &state, Value operand,
                           const char *what) {
  if (!isa<BaseMemRefType>(operand.getType()))
    return;
  AbsValue v = valueOf(state, operand);
  if (v.kind != AbsValue::Buffer)
    return;
  Object &o = state.objects[v.object];
  o.touched = true;
  if (!o.freed)
    return;
  std::string used = name(operand);
  if (name(o.site) != used && o.kind != ObjectKind::Unknown)
    used += " (an alias of " + name(o.site) + ")";
  std::vector<RelatedLocation> related;
  if (o.freedBy)
    related.push_back({range(o.freedBy), "freed here"});
  related.push_back(siteNote(o));
  std::string by = byTheCall(o.freedBy);
  report(FindingCode::BL103, range(&op),
         std::string(what) + " " + used + " after it was freed" +
             (by.empty() ? "" : " by " + by) + conditionsOf(state) + ": " +
             pathOf(state, ""),
         std::move(related), v.object,
         PathStep{PathStepKind::Use, range(&op),
                  std::string(what) + " " + name(operand) +
                      " here, after the free"},
         &op);
}
