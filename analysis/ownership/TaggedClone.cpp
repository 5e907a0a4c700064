//===- TaggedClone.cpp ----------------------------------------------------===//

#include "analysis/ownership/TaggedClone.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ir/SymbolRefs.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <mutex>
#include <vector>

using namespace bufferlens;
using namespace mlir;

/// Gives a copied op a location that names op `id` of `index`. Most ops
/// have one already: the file position the parser gave them alone
/// (SourceIndex::opLocatedAt), which the copy keeps. The others get an
/// OpaqueLoc holding the id around the user's location. Unlike a NameLoc
/// it needs no string, and no text the user writes can produce one; but
/// each is a new attribute to unique, under the context's lock, which
/// made tagging every op a twentieth of linting a tensor module.
static void tag(const SourceIndex &index, Operation *copy, OpId id) {
  static const TypeID kTagType = TypeID::get<TaggedClone>();
  if (index.opLocatedAt(copy->getLoc()) == id)
    return;
  copy->setLoc(
      OpaqueLoc::get(static_cast<uintptr_t>(id), kTagType, copy->getLoc()));
}

TaggedClone::TaggedClone(const SourceIndex &index) : index(index) {
  ModuleOp original = index.parsed().module();
  copy = cast<ModuleOp>(original->clone(mapping));
  const AnalysisResult &result = index.result();
  for (OpId id = 0; id < (OpId)result.ops.size(); ++id) {
    if (Operation *copy = mapping.lookupOrNull(index.op(id)))
      tag(index, copy, id);
  }
  for (BlockId id = 0; id < (BlockId)result.blocks.size(); ++id)
    if (Block *copy = mapping.lookupOrNull(index.block(id)))
      originalBlocks[copy] = index.block(id);
}

/// The copies a crashed pass left mid-rewrite (leakModule): never
/// destroyed, but kept reachable from here, so that a leak checker run
/// over the process (scripts/sanitize.sh) sees memory given up on purpose
/// rather than lost. One pointer per recovered crash.
static void abandon(Operation *copy) {
  static std::mutex mutex;
  static auto *abandoned = new std::vector<Operation *>();
  std::lock_guard<std::mutex> lock(mutex);
  abandoned->push_back(copy);
}

TaggedClone::~TaggedClone() {
  if (leaked)
    abandon(copy.release());
}

TaggedClone::SymbolMap TaggedClone::symbolsOf(ModuleOp module) {
  SymbolMap symbols;
  for (Operation &op : module.getBody()->getOperations())
    if (auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      symbols.try_emplace(name, &op);
  return symbols;
}

Operation *TaggedClone::standInFor(Operation *symbol) {
  auto fn = dyn_cast<FunctionOpInterface>(symbol);
  if (!fn)
    return symbol->clone();
  Operation *decl = symbol->cloneWithoutRegions();
  if (!fn.isExternal())
    SymbolTable::setSymbolVisibility(decl, SymbolTable::Visibility::Private);
  return decl;
}

TaggedClone::SymbolNames TaggedClone::symbolNamesOf(Operation *function) {
  std::optional<llvm::SmallVector<SymbolRefAttr>> refs = symbolRefsIn(function);
  if (!refs)
    return std::nullopt;
  llvm::SmallVector<StringAttr> names;
  for (SymbolRefAttr ref : *refs)
    names.push_back(ref.getRootReference());
  return names;
}

static std::vector<TaggedClone::SymbolNames>
symbolNamesOfEach(const SourceIndex &index,
                  llvm::ArrayRef<FunctionId> functions) {
  std::vector<TaggedClone::SymbolNames> names;
  names.reserve(functions.size());
  for (FunctionId fn : functions)
    names.push_back(TaggedClone::symbolNamesOf(index.function(fn)));
  return names;
}

TaggedClone::TaggedClone(const SourceIndex &index,
                         llvm::ArrayRef<FunctionId> functions,
                         const SymbolMap &symbols)
    : TaggedClone(index, functions, symbols,
                  symbolNamesOfEach(index, functions)) {}

TaggedClone::TaggedClone(const SourceIndex &index,
                         llvm::ArrayRef<FunctionId> functions,
                         const SymbolMap &symbols,
                         llvm::ArrayRef<SymbolNames> names)
    : index(index) {
  assert(names.size() == functions.size() && "one name list per function");
  ModuleOp original = index.parsed().module();
  copy = cast<ModuleOp>(original->cloneWithoutRegions(mapping));
  Block *body = new Block();
  copy->getBodyRegion().push_back(body);

  llvm::SmallVector<Operation *> wanted;
  llvm::SetVector<StringAttr> named; // symbols the functions refer to
  for (auto [fn, uses] : llvm::zip_equal(functions, names)) {
    Operation *op = index.function(fn);
    wanted.push_back(op);
    body->push_back(op->clone(mapping));
    if (uses)
      named.insert(uses->begin(), uses->end());
    else
      everySymbolNamed = false;
  }
  for (StringAttr name : named) {
    Operation *op = symbols.lookup(name);
    // (A redefined name maps to its first definition, as lookups do.)
    if (!op || mapping.contains(op))
      continue;
    // As in the whole copy with other bodies erased.
    body->push_back(standInFor(op));
  }
  for (Operation *function : wanted)
    function->walk([&](Operation *op) {
      OpId id = index.idOf(op);
      Operation *copy = mapping.lookupOrNull(op);
      if (id == kNone || !copy)
        return;
      tag(index, copy, id);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (Block *blockCopy = mapping.lookupOrNull(&block))
            originalBlocks[blockCopy] = &block;
    });
  // The functions' own bodies (their blocks belong to no op of the index).
  for (Operation *function : wanted)
    for (Region &region : function->getRegions())
      for (Block &block : region)
        if (Block *blockCopy = mapping.lookupOrNull(&block))
          originalBlocks[blockCopy] = &block;
}

// A copied op's location is our tag or a position naming one op (see
// tag); the passes keep it on the ops they rebuild and create, or nest it
// in a location of their own (fused, named, call site). By hand rather
// than Location::walk: a tag's own fallback location is not looked into
// (it may name the op the tagged one is nested in), and the generic
// walker cost more than the rest of the lookup. False once `each` is.
static bool visitOrigins(const SourceIndex &index, Location at,
                         function_ref<bool(OpId)> each) {
  static const TypeID kTagType = TypeID::get<TaggedClone>();
  if (isa<FileLineColRange>(at)) {
    OpId id = index.opLocatedAt(at);
    return id == kNone || each(id);
  }
  if (auto opaque = dyn_cast<OpaqueLoc>(at)) {
    if (opaque.getUnderlyingTypeID() != kTagType)
      return visitOrigins(index, opaque.getFallbackLocation(), each);
    uintptr_t id = opaque.getUnderlyingLocation();
    return id >= index.result().ops.size() || each(static_cast<OpId>(id));
  }
  if (auto name = dyn_cast<NameLoc>(at))
    return visitOrigins(index, name.getChildLoc(), each);
  if (auto site = dyn_cast<CallSiteLoc>(at))
    return visitOrigins(index, site.getCallee(), each) &&
           visitOrigins(index, site.getCaller(), each);
  if (auto fused = dyn_cast<FusedLoc>(at))
    return llvm::all_of(fused.getLocations(), [&](Location inner) {
      return visitOrigins(index, inner, each);
    });
  return true; // unknown, or a dialect's own kind of location
}

void TaggedClone::forEachOriginOp(Location loc,
                                  function_ref<bool(OpId)> each) const {
  visitOrigins(index, loc, each);
}

OpId TaggedClone::originOpOf(Location loc) const {
  OpId found = kNone;
  forEachOriginOp(loc, [&](OpId id) {
    found = id;
    return false;
  });
  return found;
}

// Results of an op the pass rebuilt (appendOpResults keeps the location).
static Operation *originalOpOf(const TaggedClone &clone,
                               const SourceIndex &index, Operation *copy) {
  OpId id = clone.originOpOf(copy->getLoc());
  if (id == kNone)
    return nullptr;
  Operation *original = index.op(id);
  return original->getName() == copy->getName() ? original : nullptr;
}

// Values are mapped back through their op's tag, never through a table
// keyed by the copy's pointers: the passes erase ops and blocks, and the
// allocator hands their addresses to new ones, so such a table would name
// an unrelated value (the BL203 messages once did, differently per run).
ValueId TaggedClone::originOf(Value copy) const {
  if (auto result = dyn_cast<OpResult>(copy)) {
    Operation *original = originalOpOf(*this, index, result.getOwner());
    if (original && result.getResultNumber() < original->getNumResults())
      return index.idOf(original->getResult(result.getResultNumber()));
    return kNone;
  }
  auto arg = cast<BlockArgument>(copy);
  Block *original = originalBlockOf(arg.getOwner());
  if (original && arg.getArgNumber() < original->getNumArguments())
    return index.idOf(original->getArgument(arg.getArgNumber()));
  return kNone;
}

Block *TaggedClone::originalBlockOf(Block *copy) const {
  Block *original = originalBlocks.lookup(copy);
  if (!original)
    return nullptr;
  // The block at this address may be a new one (see originOf): trust the
  // table only when the parent ops agree by tag.
  Operation *copyParent = copy->getParentOp();
  Operation *originalParent = original->getParentOp();
  if (!copyParent || !originalParent)
    return nullptr;
  // Functions carry no tag (they are not ops of the index; their location
  // is the user's) and the passes never erase them: their copy is still
  // the one cloned.
  if (isa<FunctionOpInterface>(copyParent) || isa<ModuleOp>(copyParent))
    return mapping.lookupOrNull(originalParent) == copyParent ? original
                                                              : nullptr;
  OpId parent = originOpOf(copyParent->getLoc());
  return parent != kNone && index.op(parent) == originalParent ? original
                                                               : nullptr;
}

// The k-th appended i1 belongs to the k-th memref among `originals`.
template <typename Range>
static std::optional<Value> kthMemref(Range originals, unsigned k) {
  for (Value v : originals)
    if (isa<BaseMemRefType>(v.getType()) && k-- == 0)
      return v;
  return std::nullopt;
}

std::optional<ValueId> TaggedClone::ownedBy(Value copy) const {
  if (!copy.getType().isInteger(1))
    return std::nullopt;
  std::optional<Value> owned;
  if (auto arg = dyn_cast<BlockArgument>(copy)) {
    Block *original = originalBlockOf(arg.getOwner());
    if (original && arg.getArgNumber() >= original->getNumArguments())
      owned = kthMemref(original->getArguments(),
                        arg.getArgNumber() - original->getNumArguments());
  } else {
    auto result = cast<OpResult>(copy);
    Operation *original = originalOpOf(*this, index, result.getOwner());
    if (original && result.getResultNumber() >= original->getNumResults())
      owned = kthMemref(original->getResults(),
                        result.getResultNumber() - original->getNumResults());
  }
  if (!owned)
    return std::nullopt;
  ValueId id = index.idOf(*owned);
  return id == kNone ? std::nullopt : std::optional<ValueId>(id);
}
