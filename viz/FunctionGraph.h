//===- FunctionGraph.h - The drawing of one function, as plain data -------===//
//
// What a control-flow graph of one function shows, computed from an
// AnalysisResult without MLIR: one node per block with one row per op, the
// nested regions of region ops as clusters inside their parent block,
// branch and region-branch edges, and the placement overlays (allocations,
// clones, deallocations, critical aliases, findings). DotWriter turns it
// into Graphviz text; nothing here knows about Graphviz.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_VIZ_FUNCTIONGRAPH_H
#define BUFFERLENS_VIZ_FUNCTIONGRAPH_H

#include "analysis/model/LineIndex.h"
#include "analysis/model/Model.h"
#include "viz/Origins.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bufferlens::viz {

/// Where an op row sits in the legend. One op shows at most one placement
/// marker; findings are shown beside it.
enum class Marker {
  None,
  HeapAlloc,          ///< memref.alloc and other heap allocations.
  StackAlloc,         ///< memref.alloca: freed by its scope, never by us.
  Clone,              ///< bufferization.clone.
  Dealloc,            ///< memref.dealloc reached unconditionally.
  ConditionalDealloc, ///< bufferization.dealloc, or a free under scf.if.
  // The tensor view (TensorOverlay.h): what One-Shot Bufferize and the
  // deallocation after it make of a tensor op. HeapAlloc, Clone, Dealloc
  // and ConditionalDealloc keep their meaning there.
  Copy,     ///< An out-of-place operand copied into a new buffer (BL501).
  InPlace,  ///< The result bufferizes onto an operand's buffer.
  Returned, ///< A buffer handed to the caller, who frees it.
  Fails,    ///< One-Shot Bufferize fails at the op (BL503).
};

const char *toString(Marker marker);

/// Limits that keep huge functions drawable; what they cut is said in the
/// graph's notes.
struct GraphLimits {
  size_t maxRowsPerBlock = 40;
  size_t maxBlocks = 1000;
  size_t maxRowChars = 72;
};

/// The source range of a graph element in the user's document, as LSP
/// positions: 0-based lines, UTF-16 characters unless
/// GraphOptions::positionOf says otherwise.
struct UserRange {
  uint32_t startLine = 0, startCharacter = 0;
  uint32_t endLine = 0, endCharacter = 0;
  /// `#range=L1:C1-L2:C2`, the link the editor's graph panel follows.
  std::string href() const;
};

/// One decision of the tensor view at an op, drawn as a line of its own
/// under the op's row: `alloc memref<4xf32>, 16 bytes, per iteration`.
struct RowEffect {
  Marker marker = Marker::None;
  std::string text;
};

struct GraphRow {
  OpId op = kNone;      ///< kNone for the row that stands for elided ops.
  std::string text;     ///< As displayed: one line, possibly elided.
  std::string fullText; ///< The op's whole text (the tooltip).
  std::optional<UserRange> range;
  Marker marker = Marker::None;
  bool criticalAlias = false; ///< A result is a critical alias (BL201).
  std::vector<std::string> findingCodes;
  std::string findingMessages; ///< One line per finding, for the tooltip.
  std::optional<Severity> worstSeverity;
  std::string port; ///< The row's port name in DOT: o<op> or `elided`.
  /// The tensor view's decisions at the op, in the order drawn.
  std::vector<RowEffect> effects;
};

/// A cluster for one region op inside its parent block: its regions, each
/// with its blocks in order.
struct RegionCluster {
  OpId op = kNone;
  std::string title; ///< e.g. `scf.if %0`.
  std::vector<std::vector<BlockId>> regions;
  std::vector<std::string> regionNames; ///< then/else, body, before/after.
};

struct GraphBlock {
  BlockId block = kNone;
  std::string header; ///< `^bb3(%1: memref<2xf32>)`.
  std::string headerTooltip;
  std::optional<UserRange> range;       ///< The whole block.
  std::optional<UserRange> headerRange; ///< The label and its arguments.
  bool criticalAlias = false;           ///< An argument is critical.
  std::vector<std::string> headerFindingCodes;
  std::string headerFindingMessages;
  std::optional<Severity> headerSeverity;
  std::vector<GraphRow> rows;
  size_t elidedRows = 0;
  std::vector<RegionCluster> regionOps;
  /// Ownership of each live memref at the end of the block, when the model
  /// has it: `%0: unique(true)`.
  std::vector<std::string> ownershipAtEnd;
  /// On the finding's path markPath draws (PathHighlight.h).
  bool onPath = false;
};

enum class EdgeKind {
  Branch,      ///< A branch between blocks of one region.
  RegionEntry, ///< From a region op into one of its regions.
  RegionNext,  ///< From a region terminator into another region.
  RegionBack,  ///< From a region terminator back to a region's entry.
  RegionYield, ///< From a region terminator back to its parent op.
};

const char *toString(EdgeKind kind);

struct GraphEdge {
  EdgeKind kind = EdgeKind::Branch;
  BlockId from = kNone;
  std::string fromPort; ///< The row port of the terminator or region op.
  BlockId to = kNone;
  std::string toPort; ///< Empty: the block's header.
  std::string label;  ///< Forwarded operands: `(%0)`.
  bool backEdge = false;
  /// Where a finding's path takes this edge: its numbers in path order
  /// (markPath, PathHighlight.h).
  std::vector<int> pathSteps;
};

struct FunctionGraph {
  std::string name; ///< The function's name without @.
  std::string title;
  std::string stage; ///< input, classic, ownership, pipeline.
  std::optional<UserRange> range;
  std::vector<GraphBlock> blocks; ///< Every drawn block, in source order.
  std::vector<BlockId> topLevel;  ///< Blocks of the function body.
  std::vector<GraphEdge> edges;
  /// What was cut or is missing, said under the title.
  std::vector<std::string> notes;
  /// A finding's path is drawn: its blocks and edges highlighted and
  /// numbered, the rest faded.
  bool showsPath = false;
  /// A function still on tensors, drawn with One-Shot Bufferize's
  /// decisions (TensorOverlay.h): its own legend.
  bool tensorView = false;

  const GraphBlock *find(BlockId block) const;
};

struct GraphOptions {
  std::string stage = "input";
  GraphLimits limits;
  /// Where a byte offset of the user's document is, as the `#range=` links
  /// write it. Unset: 0-based lines and UTF-16 columns of the text drawn
  /// from (the LSP default). The language server passes its own: the
  /// negotiated encoding, in the current version of the document.
  std::function<LineColumn(uint32_t offset)> positionOf;
  /// A finding's path to draw on the function (its `pathBlocks`):
  /// highlighted and numbered, the rest faded (PathHighlight.h).
  std::vector<BlockId> path;
};

/// The graph of function `fn` of `result`. With `origins`, `result` is a
/// rewrite of the user's document and ranges map back into the user's text
/// through it; without, ranges are `result`'s own.
FunctionGraph buildFunctionGraph(const AnalysisResult &result, FunctionId fn,
                                 const GraphOptions &options,
                                 const OriginMap *origins = nullptr);

} // namespace bufferlens::viz

#endif // BUFFERLENS_VIZ_FUNCTIONGRAPH_H
