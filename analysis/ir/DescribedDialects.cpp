//===- DescribedDialects.cpp ----------------------------------------------===//

#include "analysis/ir/DescribedDialects.h"

#include "mlir/Dialect/Bufferization/IR/BufferViewFlowOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringMap.h"

#include <mutex>

using namespace bufferlens;
using namespace mlir;

namespace {

/// One TypeID per namespace, for the life of the process: a dialect's
/// TypeID identifies it in every context (MLIRContext::getOrLoadDialect).
class DescribedTypeIds {
public:
  static DescribedTypeIds &get() {
    static DescribedTypeIds *ids = new DescribedTypeIds();
    return *ids;
  }
  TypeID forNamespace(StringRef name) {
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, inserted] = byName.try_emplace(name, TypeID());
    if (inserted) {
      it->second = allocator.allocate();
      ids.push_back(it->second);
    }
    return it->second;
  }
  bool isDescribed(TypeID id) {
    std::lock_guard<std::mutex> lock(mutex);
    return llvm::is_contained(ids, id);
  }

private:
  std::mutex mutex;
  TypeIDAllocator allocator;
  llvm::StringMap<TypeID> byName;
  std::vector<TypeID> ids;
};

bool isMemRef(Value value) { return isa<BaseMemRefType>(value.getType()); }

/// The operand `index` of `op` when it exists and is a memref.
std::optional<OpOperand *> memrefOperand(Operation *op, unsigned index) {
  if (index >= op->getNumOperands() || !isMemRef(op->getOperand(index)))
    return std::nullopt;
  return &op->getOpOperand(index);
}
std::optional<OpResult> memrefResult(Operation *op, unsigned index) {
  if (index >= op->getNumResults() || !isMemRef(op->getResult(index)))
    return std::nullopt;
  return op->getOpResult(index);
}

struct DescribedEffects
    : MemoryEffectOpInterface::FallbackModel<DescribedEffects> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    const OperationDescription *description = descriptionOf(op);
    if (!description)
      return;
    // Indices that do not fit the op are left out here and reported by
    // verifyDescribedOps.
    for (unsigned index : description->allocates)
      if (auto result = memrefResult(op, index))
        effects.emplace_back(MemoryEffects::Allocate::get(), *result);
    for (unsigned index : description->reads)
      if (auto operand = memrefOperand(op, index))
        effects.emplace_back(MemoryEffects::Read::get(), *operand);
    for (unsigned index : description->writes)
      if (auto operand = memrefOperand(op, index))
        effects.emplace_back(MemoryEffects::Write::get(), *operand);
    for (unsigned index : description->frees)
      if (auto operand = memrefOperand(op, index))
        effects.emplace_back(MemoryEffects::Free::get(), *operand);
  }
};

/// An op with one alias is a view as upstream's view ops are (the checker
/// and BufferFacts follow ViewLikeOpInterface).
struct DescribedView : ViewLikeOpInterface::FallbackModel<DescribedView> {
  Value getViewSource(Operation *op) const {
    const OperationDescription *description = descriptionOf(op);
    auto operand = memrefOperand(op, description->aliases.front().second);
    return operand ? (*operand)->get() : Value();
  }
  Value getViewDest(Operation *op) const {
    const OperationDescription *description = descriptionOf(op);
    auto result = memrefResult(op, description->aliases.front().first);
    return result ? Value(*result) : Value();
  }
};

/// Every alias, for upstream's BufferViewFlowAnalysis.
struct DescribedViewFlow
    : bufferization::BufferViewFlowOpInterface::FallbackModel<
          DescribedViewFlow> {
  void populateDependencies(
      Operation *op,
      bufferization::RegisterDependenciesFn registerDependenciesFn) const {
    const OperationDescription *description = descriptionOf(op);
    for (auto [resultIndex, operandIndex] : description->aliases) {
      auto result = memrefResult(op, resultIndex);
      auto operand = memrefOperand(op, operandIndex);
      if (result && operand)
        registerDependenciesFn(ValueRange((*operand)->get()),
                               ValueRange(Value(*result)));
    }
  }
  bool mayBeTerminalBuffer(Operation *op, Value value) const {
    const OperationDescription *description = descriptionOf(op);
    auto result = dyn_cast<OpResult>(value);
    return result && result.getOwner() == op &&
           llvm::is_contained(description->allocates, result.getResultNumber());
  }
};

/// A stand-in for a dialect of the project: it registers no op, type or
/// attribute, allows them all (so the generic form parses as it would with
/// no dialect loaded), and gives the described ops their interfaces.
class DescribedDialect : public Dialect {
public:
  DescribedDialect(StringRef name, MLIRContext *context, TypeID id)
      : Dialect(name, context, id) {
    allowUnknownOperations();
    allowUnknownTypes();
  }

  void setDescriptions(std::shared_ptr<const OperationDescriptions> ops) {
    operations = std::move(ops);
  }

  const OperationDescriptions *descriptions() const { return operations.get(); }

  const OperationDescription *lookup(OperationName name) const {
    if (!operations)
      return nullptr;
    auto it = operations->find(name.getStringRef().str());
    return it == operations->end() ? nullptr : &it->second;
  }

  void *getRegisteredInterfaceForOp(TypeID interface,
                                    OperationName name) override {
    const OperationDescription *description = lookup(name);
    if (!description)
      return nullptr;
    if (interface == TypeID::get<MemoryEffectOpInterface>())
      return &effects;
    if (interface == TypeID::get<ViewLikeOpInterface>() &&
        description->aliases.size() == 1)
      return &view;
    if (interface == TypeID::get<bufferization::BufferViewFlowOpInterface>() &&
        !description->aliases.empty())
      return &viewFlow;
    return nullptr;
  }

  /// `#acme.anything` as it reads with no dialect loaded.
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override {
    return OpaqueAttr::get(StringAttr::get(getContext(), getNamespace()),
                           parser.getFullSymbolSpec(),
                           type ? type : NoneType::get(getContext()));
  }

private:
  std::shared_ptr<const OperationDescriptions> operations;
  DescribedEffects effects;
  DescribedView view;
  DescribedViewFlow viewFlow;
};

DescribedDialect *describedDialect(Dialect *dialect) {
  if (!dialect || !DescribedTypeIds::get().isDescribed(dialect->getTypeID()))
    return nullptr;
  return static_cast<DescribedDialect *>(dialect);
}

} // namespace

void bufferlens::loadDescribedDialects(
    MLIRContext &context,
    const std::shared_ptr<const OperationDescriptions> &operations) {
  if (!operations)
    return;
  llvm::StringRef previous;
  for (const auto &entry : *operations) {
    StringRef name = StringRef(entry.first).split('.').first;
    if (name == previous)
      continue;
    previous = name;
    if (Dialect *loaded = context.getLoadedDialect(name)) {
      if (DescribedDialect *described = describedDialect(loaded))
        described->setDescriptions(operations);
      continue; // A real dialect (upstream's, a plugin's) speaks for itself.
    }
    if (context.getDialectRegistry().getDialectAllocator(name))
      continue;
    TypeID id = DescribedTypeIds::get().forNamespace(name);
    Dialect *dialect = context.getOrLoadDialect(name, id, [&] {
      return std::make_unique<DescribedDialect>(name, &context, id);
    });
    static_cast<DescribedDialect *>(dialect)->setDescriptions(operations);
  }
}

const OperationDescription *bufferlens::descriptionOf(Operation *op) {
  DescribedDialect *dialect = describedDialect(op->getName().getDialect());
  if (!dialect || op->isRegistered())
    return nullptr;
  return dialect->lookup(op->getName());
}

std::string bufferlens::describedFreeOp(Value allocation) {
  auto result = dyn_cast<OpResult>(allocation);
  if (!result)
    return "";
  Operation *op = result.getOwner();
  const OperationDescription *description = descriptionOf(op);
  if (!description ||
      !llvm::is_contained(description->allocates, result.getResultNumber()))
    return "";
  DescribedDialect *dialect = describedDialect(op->getName().getDialect());
  std::string prefix = op->getName().getDialectNamespace().str() + ".";
  OperationDescription onlyFrees;
  onlyFrees.frees = {0};
  std::string found;
  for (const auto &[name, other] : *dialect->descriptions()) {
    if (name.compare(0, prefix.size(), prefix) != 0 || !(other == onlyFrees))
      continue;
    if (!found.empty())
      return ""; // Which one is not said.
    found = name;
  }
  return found;
}

/// Why `op` does not match `description`, or empty.
static std::string mismatch(Operation *op,
                            const OperationDescription &description) {
  auto plural = [](unsigned n, const char *what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
  };
  auto checkOperand = [&](const char *key, unsigned index) -> std::string {
    if (index >= op->getNumOperands())
      return "\"" + std::string(key) + "\" names operand " +
             std::to_string(index) + ", but it has " +
             plural(op->getNumOperands(), "operand");
    if (!isMemRef(op->getOperand(index))) {
      std::string type;
      llvm::raw_string_ostream os(type);
      os << op->getOperand(index).getType();
      return "\"" + std::string(key) + "\" names operand " +
             std::to_string(index) + ", of type " + type +
             ", which is not a memref";
    }
    return "";
  };
  auto checkResult = [&](const char *key, unsigned index) -> std::string {
    if (index >= op->getNumResults())
      return "\"" + std::string(key) + "\" names result " +
             std::to_string(index) + ", but it has " +
             plural(op->getNumResults(), "result");
    if (!isMemRef(op->getResult(index))) {
      std::string type;
      llvm::raw_string_ostream os(type);
      os << op->getResult(index).getType();
      return "\"" + std::string(key) + "\" names result " +
             std::to_string(index) + ", of type " + type +
             ", which is not a memref";
    }
    return "";
  };
  for (unsigned index : description.allocates)
    if (std::string why = checkResult("allocates", index); !why.empty())
      return why;
  for (unsigned index : description.frees)
    if (std::string why = checkOperand("frees", index); !why.empty())
      return why;
  for (auto [result, operand] : description.aliases) {
    if (std::string why = checkResult("aliases", result); !why.empty())
      return why;
    if (std::string why = checkOperand("aliases", operand); !why.empty())
      return why;
  }
  for (unsigned index : description.reads)
    if (std::string why = checkOperand("reads", index); !why.empty())
      return why;
  for (unsigned index : description.writes)
    if (std::string why = checkOperand("writes", index); !why.empty())
      return why;
  return "";
}

LogicalResult bufferlens::verifyDescribedOps(Operation *root) {
  bool valid = true;
  root->walk([&](Operation *op) {
    const OperationDescription *description = descriptionOf(op);
    if (!description)
      return;
    if (std::string why = mismatch(op, *description); !why.empty()) {
      op->emitError() << "'" << op->getName()
                      << "' does not match its description in the "
                         "configuration: "
                      << why;
      valid = false;
    }
  });
  return success(valid);
}
