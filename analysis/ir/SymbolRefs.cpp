//===- SymbolRefs.cpp -----------------------------------------------------===//

#include "analysis/ir/SymbolRefs.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"

using namespace bufferlens;
using namespace mlir;

using Refs = llvm::SmallVector<SymbolRefAttr>;

/// Appends the references inside `attr` in the order the generic walker's
/// pre-order walk meets them, not looking inside a reference (as upstream
/// skips nested references).
static void collect(Attribute attr, Refs &refs) {
  if (auto ref = dyn_cast<SymbolRefAttr>(attr)) {
    refs.push_back(ref);
    return;
  }
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    for (Attribute element : array)
      collect(element, refs);
    return;
  }
  if (auto dictionary = dyn_cast<DictionaryAttr>(attr)) {
    for (NamedAttribute entry : dictionary)
      collect(entry.getValue(), refs);
    return;
  }
  // Built-in attributes that hold no attribute with a reference, the
  // bulk of what ops carry.
  if (isa<IntegerAttr, FloatAttr, StringAttr, UnitAttr, DenseArrayAttr,
          DenseIntOrFPElementsAttr, AffineMapAttr, IntegerSetAttr>(attr))
    return;
  // Anything else (a dialect's attribute, a type with attributes in it)
  // as upstream walks it.
  attr.walk<WalkOrder::PreOrder>([&](SymbolRefAttr ref) {
    refs.push_back(ref);
    return WalkResult::skip();
  });
}

/// The references in the attributes of `op`, in the order of its attribute
/// dictionary (sorted by name), which upstream builds to walk them.
static void collectOn(Operation *op, Refs &refs) {
  auto collectAll = [&](llvm::ArrayRef<NamedAttribute> attrs) {
    llvm::SmallVector<std::pair<StringAttr, Refs>, 2> byName;
    for (NamedAttribute attr : attrs) {
      Refs found;
      collect(attr.getValue(), found);
      if (!found.empty())
        byName.push_back({attr.getName(), std::move(found)});
    }
    if (byName.empty())
      return;
    // In the dictionary's order, by name: sorted here only when two
    // attributes hold references, which is rare.
    if (byName.size() > 1)
      llvm::stable_sort(byName, [](const auto &a, const auto &b) {
        return a.first.getValue() < b.first.getValue();
      });
    // Upstream's walker visits an attribute once per op: a reference
    // repeated on one op is one use.
    size_t first = refs.size();
    for (auto &[name, found] : byName)
      for (SymbolRefAttr ref : found)
        if (!llvm::is_contained(llvm::ArrayRef(refs).drop_front(first), ref))
          refs.push_back(ref);
  };
  if (!op->getPropertiesStorage()) {
    collectAll(op->getAttrs());
    return;
  }
  // Inherent attributes live in the op's properties: listing them builds
  // no dictionary.
  NamedAttrList attrs;
  op->getName().populateInherentAttrs(op, attrs);
  for (NamedAttribute attr : op->getDiscardableAttrs())
    attrs.push_back(attr);
  collectAll(attrs.getAttrs());
}

/// An unregistered op with one region may be a symbol table: its uses
/// cannot be told (upstream's isPotentiallyUnknownSymbolTable).
static bool mayBeUnknownSymbolTable(Operation *op) {
  return op->getNumRegions() == 1 && !op->getDialect();
}

std::optional<Refs> bufferlens::symbolRefsIn(Operation *from) {
  if (mayBeUnknownSymbolTable(from))
    return std::nullopt;
  Refs refs;
  collectOn(from, refs);
  if (from->hasTrait<OpTrait::SymbolTable>())
    return refs;
  // Upstream's walkSymbolTable order: a worklist of regions, the last
  // pushed first, each region's ops in order.
  llvm::SmallVector<Region *, 4> worklist(
      llvm::make_pointer_range(from->getRegions()));
  while (!worklist.empty()) {
    for (Operation &op : worklist.pop_back_val()->getOps()) {
      if (mayBeUnknownSymbolTable(&op))
        return std::nullopt;
      collectOn(&op, refs);
      if (!op.hasTrait<OpTrait::SymbolTable>())
        for (Region &region : op.getRegions())
          worklist.push_back(&region);
    }
  }
  return refs;
}
