//===- AliasCheckProof.h - Deallocs the pipeline surely resolves ----------===//
//
// BL203 reports the runtime alias checks the whole
// buffer-deallocation-pipeline leaves. Running that pipeline is most of a
// lint or a didOpen, yet on code in the shape One-Shot Bufferize leaves the
// canonicalizer and the simplification pass resolve every dealloc the
// ownership pass inserts. This proves that from the ownership pass's own
// output, with a few of upstream's rewrites that always apply; the pipeline
// then runs only where the proof fails.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_OWNERSHIP_ALIASCHECKPROOF_H
#define BUFFERLENS_ANALYSIS_OWNERSHIP_ALIASCHECKPROOF_H

namespace mlir {
class Operation;
} // namespace mlir

namespace bufferlens {

/// Whether every `bufferization.dealloc` in `function` (the ownership
/// pass's output) becomes, after the pipeline's canonicalization and
/// simplification, one that frees at most one memref and retains nothing,
/// or disappears: the lowering compares base pointers only for the others.
/// False means "not proven", not "there is a check".
bool provablyNoRuntimeAliasCheck(mlir::Operation *function);

/// What one proof did, for tests.
struct AliasCheckProofStats {
  /// In: read every buffer's origins from an alias analysis of the whole
  /// function, even an allocation's (which is read alone otherwise).
  bool alwaysBuildFlow = false;
  /// Out: alias analyses of the whole function built (0 or 1).
  unsigned flowAnalyses = 0;
};
bool provablyNoRuntimeAliasCheck(mlir::Operation *function,
                                 AliasCheckProofStats &stats);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_ALIASCHECKPROOF_H
