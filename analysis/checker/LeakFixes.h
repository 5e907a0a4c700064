//===- LeakFixes.h - BL101's fix: the missing memref.dealloc --------------===//
//
// For a leak the checker reports, the fix inserts `memref.dealloc %x : T`
// (the allocation's name and type as written) on a line of its own at the
// end of a block B of the region R that defines %x: right before B's
// terminator, or after B's last op when the terminator is implicit (an
// `scf.yield` the source leaves out). The rule, checked on the IR and not
// only on the paths the checker followed (they are bounded, so they cannot
// prove "on every execution"):
//
//  - %x is the result of an op that allocates it on the heap in this
//    function (memref.alloc, bufferization.clone, ...), named in the
//    source: not an argument, a call result or an alloca;
//  - %x properly dominates B's terminator, and B is on no cycle of R, so
//    the dealloc runs at most once per allocation;
//  - every use of %x and of the values that may alias it (views, block
//    arguments and region values it flows into) is inside R;
//  - no such use that can run before B's end may free it or let it escape
//    (a free, a call, a store of it, a return, an op we do not know); a
//    read or write of its memory is fine;
//  - no such use can run after B's end, the terminator included.
//
// Then, each time B's end is reached, the buffer %x holds is live and
// nothing uses or frees it afterwards: freeing it there is right on every
// execution, not only on the paths the checker reported. In the function
// body, B is the last block on each leaking path that satisfies the rule:
// the exit block itself when it does (right before `func.return`), an
// earlier one when the paths meet in a block where the buffer may already
// be freed. Freeing right after the last use instead would be right only
// where that use is in the same block, and buys nothing before an exit. In
// a nested region (an scf.if branch, a loop body) that has one block, B is
// that block: its end is where every execution of the region passes, so
// this also fixes leaks at loop back edges.
//
// A fix is offered only when every leak of the allocation has such a block
// (in the function body: none at a back edge), and no execution passes two
// of the chosen blocks; otherwise (and when the checker reduced its
// precision in the function) the finding has no fix: no edit is better
// than a double free. One fix carries an edit per chosen block.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CHECKER_LEAKFIXES_H
#define BUFFERLENS_ANALYSIS_CHECKER_LEAKFIXES_H

#include "analysis/model/ModelTypes.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <optional>
#include <string>
#include <vector>

namespace bufferlens {
class SourceIndex;
}

namespace bufferlens::checker {

class LeakFixer {
public:
  LeakFixer(SourceIndex &index, mlir::FunctionOpInterface function,
            mlir::DominanceInfo &dominance);

  /// A path that entered the blocks `trace` (in order) leaves the function
  /// through `terminator` without freeing the allocation of `site`.
  void leakedAtExit(mlir::Value site, llvm::ArrayRef<mlir::Block *> trace,
                    mlir::Operation *terminator);
  /// The allocation of `site` leaks at a loop back edge: no fix for it.
  void leakedAtBackEdge(mlir::Value site);
  /// Adds the fixes to the BL101 findings of the allocations that have one.
  void attachFixes();

private:
  /// A use of an alias of the allocation, at the op of the function body
  /// that holds it.
  struct AliasUse {
    mlir::Operation *at;
    bool consuming;
  };
  struct Site {
    bool analysed = false;
    bool fixable = false;
    bool unfixable = false;
    /// `memref.dealloc %x : T`.
    std::string line;
    std::vector<AliasUse> uses;
    /// Per block of the region considered, the edit freeing %x at its end
    /// (no edit: not a place for it).
    llvm::DenseMap<mlir::Block *, std::optional<TextEdit>> edits;
    llvm::SetVector<mlir::Block *> places;
  };

  void analyse(mlir::Value site, Site &info);
  /// Marks the end of the nested region's block that holds `site` as the
  /// place to free it, or the site as unfixable.
  void placeInOwnBlock(mlir::Value site, Site &info);
  bool isPlace(mlir::Value site, Site &info, mlir::Block *block);
  std::optional<TextEdit> editAtEnd(const Site &info, mlir::Block *block);
  /// Whether `to` can be reached from `from` along at least one CFG edge.
  bool reaches(mlir::Block *from, mlir::Block *to);

  SourceIndex &index;
  mlir::Region &body;
  mlir::DominanceInfo &dominance;
  llvm::MapVector<mlir::Value, Site> sites;
  llvm::DenseMap<mlir::Block *, llvm::DenseSet<mlir::Block *>> reachable;
};

} // namespace bufferlens::checker

#endif // BUFFERLENS_ANALYSIS_CHECKER_LEAKFIXES_H
