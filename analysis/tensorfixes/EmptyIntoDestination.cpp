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
//===----------------------------------------------------------------------===//

#include "analysis/ir/SourceIndex.h"
#include "analysis/tensorfixes/Candidates.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

using namespace bufferlens;
using namespace bufferlens::tensorfixes;
using namespace mlir;

/// The `tensor.insert_slice` whose source `value` becomes through its one
/// use after another, each a destination operand of an op whose tied
/// result carries it on; the first must not read it. Null otherwise.
static tensor::InsertSliceOp insertOfChain(Value value) {
  bool first = true;
  while (value.hasOneUse()) {
    OpOperand &use = *value.getUses().begin();
    if (auto insert = dyn_cast<tensor::InsertSliceOp>(use.getOwner()))
      return use.getOperandNumber() == 0 && !first ? insert : nullptr;
    auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
    if (!dps || !dps.isDpsInit(&use))
      return nullptr;
    if (first) {
      auto linalgOp = dyn_cast<linalg::LinalgOp>(use.getOwner());
      if (!linalgOp || linalgOp.payloadUsesValueFromOperand(&use))
        return nullptr; // It may read the undefined contents.
      first = false;
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

std::optional<Candidate>
tensorfixes::emptyIntoDestination(const SourceIndex &index, OpId emptyId) {
  auto empty = dyn_cast<tensor::EmptyOp>(index.op(emptyId));
  if (!empty)
    return std::nullopt;
  tensor::InsertSliceOp insert = insertOfChain(empty.getResult());
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
