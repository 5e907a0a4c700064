//===- OwnershipModel.h - What ownership-based deallocation does ----------===//
//
// Plain data explaining the upstream `ownership-based-buffer-deallocation`
// pass in the user's own blocks and values (upstream
// mlir/docs/OwnershipBasedBufferDeallocation.md): per block, the memrefs its
// `bufferization.dealloc` may free under which conditions and what it
// retains per successor; per memref value and block, its ownership in the
// lattice that document defines.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_OWNERSHIPMODEL_H
#define BUFFERLENS_ANALYSIS_MODEL_OWNERSHIPMODEL_H

#include "analysis/model/ModelTypes.h"

#include <string>
#include <vector>

namespace bufferlens {

/// The ownership lattice of OwnershipBasedBufferDeallocation.md: uninitialized
/// < unique(X) < unknown.
struct Ownership {
  enum class Kind { Uninitialized, Unique, Unknown };
  Kind kind = Kind::Uninitialized;
  /// For Unique: what holds the indicator, in the user's terms: `true`,
  /// `false`, `%v`, or a pass-made value described in words
  /// (`ownership of %bbarg`, `ownership of %r`).
  std::string indicator;
  /// For Unknown: why (e.g. "join of unique(true) and unique(false)").
  std::string reason;

  std::string str() const; ///< `unique(true)`, `unknown`, `uninitialized`.
  friend bool operator==(const Ownership &a, const Ownership &b) {
    return a.kind == b.kind && a.indicator == b.indicator;
  }
};

/// The lattice join of OwnershipBasedBufferDeallocation.md's table.
Ownership join(const Ownership &a, const Ownership &b);

/// Ownership of one memref value at the end of one block.
struct ValueOwnership {
  ValueId value = kNone;
  BlockId block = kNone;
  Ownership ownership;
};

struct DeallocCandidate {
  ValueId memref = kNone;
  /// The condition under which the block frees it, in the user's terms.
  std::string condition;
};

/// One `bufferization.dealloc` the pass inserts at the end of a block.
struct DeallocSite {
  BlockId block = kNone;
  /// Successor block for branches; kNone when leaving the region (return,
  /// yield).
  BlockId successor = kNone;
  /// Which successor of the terminator (0 is cf.cond_br's true edge), or -1.
  int successorIndex = -1;
  OpId terminator = kNone;
  std::vector<DeallocCandidate> memrefs;
  std::vector<ValueId> retained;
};

struct OwnershipFacts {
  FunctionId function = kNone;
  /// False when the pass did not run on the function (another stage, a
  /// precondition failed, or it crashed): `reason` says which.
  bool computed = false;
  std::string reason;
  std::vector<DeallocSite> sites;
  std::vector<ValueOwnership> states;
  /// `bufferization.clone`s the pass inserts, at the op they precede.
  std::vector<std::pair<OpId, ValueId>> clones;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_OWNERSHIPMODEL_H
