//===- EmptyIntoDestination.cpp - BL502: compute into the destination -----===//
//
// `tensor.empty` + ops that fill it + `tensor.insert_slice` of the result
// into a destination allocates the empty tensor and copies it into the
// destination. Upstream's `--eliminate-empty-tensors`
// (mlir/lib/Dialect/Bufferization/Transforms/EmptyTensorElimination.cpp)
// replaces the `tensor.empty` by a `tensor.extract_slice` of the
// destination at the slice's place, so One-Shot Bufferize can compute into
// the destination's buffer. The same rewrite here, as a text edit of the
// one op. It computes the same: the first op of the chain writes every
// element it yields without reading the empty tensor's (undefined)
// contents, and the rest of the chain only sees what that op wrote.
//
// A chain that ends in `bufferization.materialize_in_destination` of the
// whole destination gets the pass's other rewrite: the chain starts from
// the destination itself (its first op's init operand names it), and the
// `tensor.empty`, now unused, is deleted. Same argument: the first op
// does not read the init it is given.
//
//===----------------------------------------------------------------------===//

#include "analysis/ir/SourceIndex.h"
#include "analysis/model/TextEdits.h"
#include "analysis/tensorfixes/Candidates.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

using namespace bufferlens;
using namespace bufferlens::tensorfixes;
using namespace mlir;

/// The op a chain from `value` ends in: the `tensor.insert_slice` or
/// `bufferization.materialize_in_destination` whose source (operand 0)
/// `value` becomes through its one use after another, each a destination
/// operand of an op whose tied result carries it on; the first must not
/// read it. `first` is set to that first use. Null otherwise.
static Operation *subsetInsertOfChain(Value value, OpOperand *&firstUse) {
  bool first = true;
  while (value.hasOneUse()) {
    OpOperand &use = *value.getUses().begin();
    if (isa<tensor::InsertSliceOp, bufferization::MaterializeInDestinationOp>(
            use.getOwner()))
      return use.getOperandNumber() == 0 && !first ? use.getOwner() : nullptr;
    auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
    if (!dps || !dps.isDpsInit(&use))
      return nullptr;
    if (first) {
      auto linalgOp = dyn_cast<linalg::LinalgOp>(use.getOwner());
      if (!linalgOp || linalgOp.payloadUsesValueFromOperand(&use))
        return nullptr; // It may read the undefined contents.
      first = false;
      firstUse = &use;
    }
    value = dps.getTiedOpResult(&use);
  }
  return nullptr;
}

/// `0, %i` for static and dynamic positions, in the user's names; nullopt
/// for a value the source does not name.
static std::optional<std::string> positions(const SourceIndex &index,
                                            llvm::ArrayRef<OpFoldResult> mixed,
                                            Operation *point) {
  std::string text;
  for (OpFoldResult position : mixed) {
    text += text.empty() ? "" : ", ";
    if (auto attr = dyn_cast<Attribute>(position)) {
      auto integer = dyn_cast<IntegerAttr>(attr);
      if (!integer)
        return std::nullopt;
      text += std::to_string(integer.getInt());
      continue;
    }
    Value value = cast<Value>(position);
    ValueId id = index.idOf(value);
    if (id == kNone || !availableBefore(value, point))
      return std::nullopt;
    text += index.result().values[id].name;
  }
  return text;
}

/// The chain from `empty` ends in a `materialize_in_destination`: its
/// first op (`firstUse`) computes into the destination instead, and the
/// `tensor.empty` goes.
static std::optional<Candidate>
emptyIntoMaterialized(const SourceIndex &index, OpId emptyId,
                      OpOperand &firstUse,
                      bufferization::MaterializeInDestinationOp materialize) {
  Operation *empty = index.op(emptyId);
  Value dest = materialize.getDest();
  // A tensor destination of the same type (a memref one has no result,
  // and a cast would be a new op); defined before the chain starts.
  if (!isa<TensorType>(dest.getType()) ||
      dest.getType() != empty->getResult(0).getType() ||
      !availableBefore(dest, firstUse.getOwner()))
    return std::nullopt;
  const AnalysisResult &result = index.result();
  ValueId destId = index.idOf(dest);
  ValueId emptyValue = index.idOf(empty->getResult(0));
  if (destId == kNone || emptyValue == kNone ||
      result.values[emptyValue].uses.size() != 1)
    return std::nullopt;
  std::optional<SourceRange> lines =
      wholeLines(result.text(), result.ops[emptyId].fullRange);
  if (!lines)
    return std::nullopt;
  const std::string &destName = result.values[destId].name;
  Candidate candidate;
  candidate.code = FindingCode::BL502;
  candidate.op = emptyId;
  candidate.fix.title = "Compute into " + destName +
                        ", which `bufferization.materialize_in_destination` "
                        "writes (as --eliminate-empty-tensors does): no new "
                        "buffer";
  candidate.fix.edits.push_back({*lines, ""});
  candidate.fix.edits.push_back(
      {result.values[emptyValue].uses.front(), destName});
  return candidate;
}

std::optional<Candidate>
tensorfixes::emptyIntoDestination(const SourceIndex &index, OpId emptyId) {
  auto empty = dyn_cast<tensor::EmptyOp>(index.op(emptyId));
  if (!empty)
    return std::nullopt;
  OpOperand *firstUse = nullptr;
  Operation *end = subsetInsertOfChain(empty.getResult(), firstUse);
  if (auto materialize =
          dyn_cast_or_null<bufferization::MaterializeInDestinationOp>(end))
    return emptyIntoMaterialized(index, emptyId, *firstUse, materialize);
  auto insert = dyn_cast_or_null<tensor::InsertSliceOp>(end);
  if (!insert || insert.getSourceType() != empty.getType())
    return std::nullopt;
  const AnalysisResult &result = index.result();
  ValueId dest = index.idOf(insert.getDest());
  if (dest == kNone || !availableBefore(insert.getDest(), empty))
    return std::nullopt;
  std::optional<std::string> offsets =
      positions(index, insert.getMixedOffsets(), empty);
  std::optional<std::string> sizes =
      positions(index, insert.getMixedSizes(), empty);
  std::optional<std::string> strides =
      positions(index, insert.getMixedStrides(), empty);
  if (!offsets || !sizes || !strides)
    return std::nullopt;
  std::string slice;
  llvm::raw_string_ostream os(slice);
  os << "tensor.extract_slice " << result.values[dest].name << "[" << *offsets
     << "] [" << *sizes << "] [" << *strides << "] : " << insert.getDestType()
     << " to " << empty.getType();
  const OpEntry &entry = result.ops[emptyId];
  Candidate candidate;
  candidate.code = FindingCode::BL502;
  candidate.op = emptyId;
  candidate.fix.title = "Compute into the slice of " +
                        result.values[dest].name +
                        " that `tensor.insert_slice` fills (as "
                        "--eliminate-empty-tensors does): no new buffer";
  candidate.fix.edits.push_back(
      {{entry.nameRange.begin, entry.fullRange.end}, std::move(slice)});
  return candidate;
}
