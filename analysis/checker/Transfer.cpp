//===- Transfer.cpp - What each op does to one path's state ---------------===//
//
// Allocations create objects (heap allocations, clones and call results are
// owned: the function-boundary ABI), views and casts point into their
// source's object, i1 arithmetic builds formulas, integer comparisons
// compare constants, pointers (by object identity) or create atoms, and
// loads read back what stores of constants wrote (the lowering of
// bufferization.dealloc passes its flags through small arrays).
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"
#include "analysis/checker/MemoryEffects.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Dialect/Bufferization/IR/BufferViewFlowOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <limits>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

int Interpreter::newObject(State &state, Value site, ObjectKind kind) {
  int id = nextObject++;
  Object object;
  object.site = site;
  object.kind = kind;
  if (isa<MemRefType>(site.getType()))
    if (std::optional<uint64_t> count = staticElementCount(site.getType());
        count && *count <= uint64_t(std::numeric_limits<int64_t>::max()))
      object.numElements = static_cast<int64_t>(*count);
  state.objects[id] = std::move(object);
  if (kind != ObjectKind::Unknown) {
    PathEvent created;
    created.kind = PathEvent::Created;
    created.object = id;
    state.events.push_back(created);
  }
  return id;
}

int Interpreter::atom(const std::string &key, const std::string &atomName) {
  auto [it, inserted] = atomKeys.emplace(key, (int)atoms.size());
  if (inserted)
    atoms.push_back({atomName});
  return it->second;
}

int Interpreter::freshAtom(Value value) {
  return atom("fresh#" + std::to_string(nextOpaque++),
              value ? name(value) : std::string("an unknown condition"));
}

AbsValue Interpreter::freshValue(State &state, Value value) {
  AbsValue v;
  Type type = value.getType();
  if (isa<BaseMemRefType>(type)) {
    v.kind = AbsValue::Buffer;
    v.object = newObject(state, value, ObjectKind::Unknown);
  } else if (type.isInteger(1)) {
    v.kind = AbsValue::Flag;
    v.flag = boolAtom(freshAtom(value));
  } else if (type.isIntOrIndex()) {
    v.kind = AbsValue::Opaque;
    v.number = nextOpaque++;
    opaqueValues.emplace(v.number, value);
  }
  return v;
}

AbsValue Interpreter::valueOf(State &state, Value value) {
  auto it = state.env.find(value);
  if (it != state.env.end())
    return it->second;
  AbsValue v = freshValue(state, value);
  state.env[value] = v;
  return v;
}

Bool Interpreter::flagOf(State &state, Value value) {
  AbsValue v = valueOf(state, value);
  if (v.kind == AbsValue::Flag)
    return v.flag;
  if (v.kind == AbsValue::Int)
    return boolConst(v.number != 0);
  v.kind = AbsValue::Flag;
  v.flag = boolAtom(freshAtom(value));
  state.env[value] = v;
  return v.flag;
}

static bool isFreshAllocation(const Object &o) {
  return o.kind == ObjectKind::Owned || o.kind == ObjectKind::Stack;
}

Bool Interpreter::pointersEqual(State &state, const AbsValue &lhs,
                                const AbsValue &rhs) {
  if (lhs.object == rhs.object)
    return boolConst(true);
  const Object &a = state.objects[lhs.object];
  const Object &b = state.objects[rhs.object];
  // A buffer this function allocated is distinct from every other live
  // buffer; two arguments (or unknown buffers) may be the same.
  if (isFreshAllocation(a) || isFreshAllocation(b))
    return boolConst(false);
  int lo = std::min(lhs.object, rhs.object),
      hi = std::max(lhs.object, rhs.object);
  return boolAtom(
      atom("ptr:" + std::to_string(lo) + ":" + std::to_string(hi),
           name(a.site) + " and " + name(b.site) + " being the same buffer"));
}

void Interpreter::load(Operation &op, State &state) {
  auto loadOp = cast<memref::LoadOp>(op);
  AbsValue buffer = valueOf(state, loadOp.getMemRef());
  std::string key;
  bool constant = true;
  for (Value i : loadOp.getIndices()) {
    AbsValue v = valueOf(state, i);
    constant = constant && v.kind == AbsValue::Int;
    key += std::to_string(v.number) + ",";
  }
  if (buffer.kind == AbsValue::Buffer && constant) {
    Object &o = state.objects[buffer.object];
    auto it = o.contents.find(key);
    if (it != o.contents.end()) {
      state.env[loadOp.getResult()] = it->second;
      return;
    }
  }
  state.env[loadOp.getResult()] = freshValue(state, loadOp.getResult());
}

void Interpreter::store(Operation &op, State &state) {
  auto storeOp = cast<memref::StoreOp>(op);
  AbsValue value = valueOf(state, storeOp.getValueToStore());
  if (value.kind == AbsValue::Buffer)
    state.objects[value.object].escaped = true;
  AbsValue buffer = valueOf(state, storeOp.getMemRef());
  if (buffer.kind != AbsValue::Buffer)
    return;
  Object &o = state.objects[buffer.object];
  std::string key;
  for (Value i : storeOp.getIndices()) {
    AbsValue v = valueOf(state, i);
    if (v.kind != AbsValue::Int) {
      o.contents.clear();
      return;
    }
    key += std::to_string(v.number) + ",";
  }
  o.contents[key] = value;
}

void Interpreter::callee(Operation &op, State &state) {
  auto call = cast<CallOpInterface>(op);
  Operation *target = call.resolveCallable();
  auto symbol = dyn_cast_if_present<SymbolRefAttr>(
      call.getCallableForCallee().dyn_cast<SymbolRefAttr>());
  if (symbol &&
      symbol.getLeafReference().getValue().starts_with("dealloc_helper") &&
      op.getNumOperands() == 5 && op.getNumResults() == 0)
    return deallocHelper(op, state);
  checkUses(op, state);
  auto fnTarget = dyn_cast_if_present<FunctionOpInterface>(target);
  // An external callee may keep what it is given; a callee in the module
  // follows the function-boundary ABI and never takes ownership.
  // A leak it may hide gets the same note as one an op with unknown
  // effects may hide (UnknownEffects.cpp).
  if (!fnTarget || fnTarget.isExternal())
    for (Value operand : op.getOperands()) {
      AbsValue v = valueOf(state, operand);
      if (v.kind != AbsValue::Buffer)
        continue;
      Object &o = state.objects[v.object];
      if (!o.escaped)
        o.capturedBy = &op;
      o.escaped = true;
    }
  for (Value result : op.getResults()) {
    if (isa<BaseMemRefType>(result.getType())) {
      AbsValue v;
      v.kind = AbsValue::Buffer;
      v.object = newObject(state, result, ObjectKind::Owned);
      state.env[result] = v;
    } else {
      state.env[result] = freshValue(state, result);
    }
  }
}

// The source buffer of a view, cast or reshape.
static Value viewSource(Operation &op) {
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    return view.getViewSource();
  for (Value operand : op.getOperands())
    if (isa<BaseMemRefType>(operand.getType()))
      return operand;
  return {};
}

// The one operand `result` is a view of, as the op's BufferViewFlowOpInterface
// says: ops whose results alias different operands are not
// ViewLikeOpInterface (one source per op), ops described in the settings
// with several "aliases" among them. Several possible sources give none.
static Value flowSource(Operation &op, Value result) {
  auto flow = dyn_cast<bufferization::BufferViewFlowOpInterface>(op);
  if (!flow)
    return {};
  Value source;
  bool several = false;
  flow.populateDependencies([&](ValueRange from, ValueRange to) {
    if (!llvm::is_contained(to, result))
      return;
    for (Value v : from) {
      several |= source && source != v;
      source = v;
    }
  });
  return several || !source || !isa<BaseMemRefType>(source.getType()) ? Value()
                                                                      : source;
}

static bool offsetsTheView(Operation &op) {
  return isa<memref::SubViewOp, memref::ViewOp>(op);
}

void Interpreter::transfer(Operation &op, State &state) {
  StringRef opName = op.getName().getStringRef();
  if (isa<CallOpInterface>(op))
    return callee(op, state);
  // Frees by their declared effect (memref.dealloc, memref.realloc,
  // gpu.dealloc); an allocating result is classified below.
  llvm::SmallVector<Value, 1> freed = freedOperands(op);
  checkUses(op, state);
  for (Value operand : freed)
    free(op, state, operand);
  if (isa<memref::LoadOp>(op))
    return load(op, state);
  if (isa<memref::StoreOp>(op))
    return store(op, state);

  auto isFlag = [](Value v) { return v.getType().isInteger(1); };
  if (opName == "arith.constant") {
    Value result = op.getResult(0);
    AbsValue v;
    if (auto attr = dyn_cast<IntegerAttr>(op.getAttr("value"))) {
      if (isFlag(result)) {
        v.kind = AbsValue::Flag;
        v.flag = boolConst(attr.getValue().getBoolValue());
      } else {
        v.kind = AbsValue::Int;
        v.number = attr.getValue().getSExtValue();
      }
    }
    state.env[result] = v;
    return;
  }
  if ((opName == "arith.xori" || opName == "arith.andi" ||
       opName == "arith.ori") &&
      isFlag(op.getResult(0))) {
    Bool a = flagOf(state, op.getOperand(0));
    Bool b = flagOf(state, op.getOperand(1));
    AbsValue v;
    v.kind = AbsValue::Flag;
    v.flag = opName == "arith.xori"   ? boolXor(a, b)
             : opName == "arith.andi" ? boolAnd(a, b)
                                      : boolOr(a, b);
    state.env[op.getResult(0)] = v;
    return;
  }
  if (opName == "arith.select" && isFlag(op.getResult(0))) {
    Bool c = flagOf(state, op.getOperand(0));
    Bool a = flagOf(state, op.getOperand(1));
    Bool b = flagOf(state, op.getOperand(2));
    AbsValue v;
    v.kind = AbsValue::Flag;
    v.flag = boolOr(boolAnd(c, a), boolAnd(boolNot(c), b));
    state.env[op.getResult(0)] = v;
    return;
  }
  if (opName == "arith.cmpi") {
    auto predicate = cast<IntegerAttr>(op.getAttr("predicate")).getInt();
    static const char *const names[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                        "sge", "ult", "ule", "ugt", "uge"};
    StringRef pred = predicate >= 0 && predicate < 10 ? names[predicate] : "";
    AbsValue v;
    v.kind = AbsValue::Flag;
    if (isFlag(op.getOperand(0)) && (pred == "eq" || pred == "ne")) {
      Bool x = boolXor(flagOf(state, op.getOperand(0)),
                       flagOf(state, op.getOperand(1)));
      v.flag = pred == "eq" ? boolNot(x) : x;
    } else if (pred.empty() || isFlag(op.getOperand(0))) {
      v.flag = boolAtom(freshAtom(op.getResult(0)));
    } else {
      size_t atomsBefore = atoms.size();
      v.flag = compareInts(state, pred, valueOf(state, op.getOperand(0)),
                           valueOf(state, op.getOperand(1)), op.getResult(0));
      if (atoms.size() > atomsBefore)
        nameByCounter(op, state, atoms.size() - 1);
    }
    state.env[op.getResult(0)] = v;
    return;
  }
  if (foldInteger(op, state))
    return;
  if (opName == "memref.extract_aligned_pointer_as_index") {
    AbsValue buffer = valueOf(state, op.getOperand(0));
    AbsValue v;
    if (buffer.kind == AbsValue::Buffer) {
      v.kind = AbsValue::Pointer;
      v.object = buffer.object;
    } else {
      v = freshValue(state, op.getResult(0));
    }
    state.env[op.getResult(0)] = v;
    return;
  }
  if ((opName == "arith.index_cast" || opName == "arith.index_castui") &&
      op.getNumOperands() == 1) {
    AbsValue v = valueOf(state, op.getOperand(0));
    state.env[op.getResult(0)] =
        v.kind == AbsValue::Int || v.kind == AbsValue::Pointer
            ? v
            : freshValue(state, op.getResult(0));
    return;
  }

  // Ops with unknown effects may keep what they are given.
  bool mayCapture = !isa<MemoryEffectOpInterface>(op) &&
                    !isa<ViewLikeOpInterface>(op) &&
                    !op.hasTrait<OpTrait::IsTerminator>();
  if (mayCapture || opName == "bufferization.to_tensor")
    for (Value operand : op.getOperands())
      if (isa<BaseMemRefType>(operand.getType())) {
        AbsValue v = valueOf(state, operand);
        if (v.kind != AbsValue::Buffer)
          continue;
        Object &o = state.objects[v.object];
        if (mayCapture && !o.escaped)
          o.capturedBy = &op;
        o.escaped = true;
      }

  for (Value result : op.getResults()) {
    if (!isa<BaseMemRefType>(result.getType())) {
      state.env[result] = freshValue(state, result);
      continue;
    }
    AbsValue v;
    v.kind = AbsValue::Buffer;
    switch (classifyBuffer(result)) {
    case BufferKind::HeapAlloc:
      v.object = newObject(state, result, ObjectKind::Owned);
      break;
    case BufferKind::StackAlloc:
      v.object = newObject(state, result, ObjectKind::Stack);
      break;
    case BufferKind::Global:
      v.object = newObject(state, result, ObjectKind::Global);
      break;
    case BufferKind::View: {
      Value source = viewSource(op);
      if (!source) {
        v = freshValue(state, result);
        break;
      }
      v = valueOf(state, source);
      if (v.kind != AbsValue::Buffer) {
        v = freshValue(state, result);
        break;
      }
      if (offsetsTheView(op))
        v.offsetView = &op;
      else if (isa<memref::ExtractStridedMetadataOp>(op))
        v.offsetView = nullptr; // The base buffer itself.
      break;
    }
    case BufferKind::Unknown:
      // A result the op's view flow ties to one operand is that buffer.
      if (Value source = flowSource(op, result)) {
        v = valueOf(state, source);
        if (v.kind == AbsValue::Buffer)
          break;
      }
      v = freshValue(state, result);
      break;
    default:
      v = freshValue(state, result);
      break;
    }
    state.env[result] = v;
  }
}
