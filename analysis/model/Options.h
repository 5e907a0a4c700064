//===- Options.h - What the user configured -------------------------------===//
//
// The settings of `.bufferlens.json`, the CLI flags and LSP settings all end
// up here. Plain data: the config/ layer parses JSON into it.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_OPTIONS_H
#define BUFFERLENS_ANALYSIS_MODEL_OPTIONS_H

#include "analysis/model/Model.h"
#include "analysis/model/OperationDescriptions.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace bufferlens {

enum class StageOverride { Auto, Bufferized, Deallocated };

struct AnalysisOptions {
  /// Per code: disabled (nullopt in `enabled`) or a severity override.
  std::map<FindingCode, bool> enabled;
  std::map<FindingCode, Severity> severity;
  StageOverride stage = StageOverride::Auto;
  /// Promote-to-stack limit in bytes (BufferDeallocationInternals.md: "The
  /// current default value is 1KB").
  uint64_t promoteToStackLimit = 1024;
  /// Forwarded to ownership-based-buffer-deallocation.
  bool privateFunctionDynamicOwnership = false;
  /// The options of upstream's `one-shot-bufferize` pass for the tensor
  /// view, in the pass's own syntax (`bufferize-function-boundaries
  /// allow-return-allocs-from-loops`): `oneShotBufferize` in the settings.
  /// Empty: `bufferize-function-boundaries`. A `// RUN:` line of the file
  /// that runs the pass wins over it (analysis/tensor/PassOptions.cpp).
  std::string oneShotBufferizeOptions;
  /// Report the upstream pass's rejection of functions that already free
  /// memory (off by default: the checker handles such functions).
  bool reportPassRejectionOfFrees = false;
  /// Run the classic algorithm also on functions that already free memory,
  /// moving a misplaced free and adding the missing ones as the old pass
  /// did (`rewrite --strategy classic` sets it; lint does not).
  bool classicRepairsFrees = false;
  /// Run the whole pipeline for BL203 only on functions whose deallocs
  /// could compare pointers (OwnershipAnalysis.cpp); off only in the test
  /// that shows the filter changes nothing.
  bool skipPipelineWithoutAliasChecks = true;
  /// Find BL203's pointer comparisons in the lowered output of the whole
  /// pipeline instead of reading them off the simplified deallocs the
  /// lowering starts from (OwnershipAnalysis.cpp); on only in the test that
  /// shows both give the same findings.
  bool lowerForAliasChecks = false;
  /// Compute and keep what only explanations read (hover, inlay hints,
  /// code lenses, refactors, `bufferlens/ownershipAt`, `explain`,
  /// `rewrite`, graphs): the ownership lattice of every value and where
  /// the pass's deallocs go, and the classic plan past its outcome (its
  /// values, clones, insertions, hoists, promotions and multi-buffering
  /// candidates, dropped once its findings are made). No finding depends
  /// on them (test/unit/FindingsOnlyTest.cpp); `lint` without `--graphs`
  /// prints findings only and turns this off (6% of its analysis).
  bool explanations = true;
  /// Try the tensor view's quick fixes by re-analysis
  /// (analysis/tensorfixes/: two tensor analyses of a neighbourhood of
  /// functions per candidate, 14% of `lint` on a module of tensor
  /// programs). `lint` turns it off when nothing it prints or does reads a
  /// fix: text, SARIF and GitHub output without `--fix`. The server always
  /// does, and proves the fixes of a code action's range when it is asked
  /// (ide/LateTensorFixes.h).
  bool tensorFixes = true;
  /// The per-function budget (`functionBudget` in `.bufferlens.json`): a
  /// function with more operations than `maxOperations`, whose analysis
  /// has taken more than `milliseconds`, or one stage of whose analysis
  /// grew the process's resident memory by more than `megabytes` MiB, is
  /// not analysed (an info finding says so) and the other functions still
  /// are. 0 turns a bound off.
  struct FunctionBudget {
    uint64_t maxOperations = 1000000;
    uint64_t milliseconds = 30000;
    uint64_t megabytes = 4096;
  } functionBudget;
  /// The project's own dialects: plugins to load and ops described in the
  /// configuration (OperationDescriptions.h).
  ProjectDialects dialects;

  bool isEnabled(FindingCode code) const;
  Severity severityOf(FindingCode code) const;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_OPTIONS_H
