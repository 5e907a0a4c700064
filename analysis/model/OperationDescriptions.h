//===- OperationDescriptions.h - What the project's own ops do ------------===//
//
// A project's dialects that BufferLens cannot load (no plugin) still parse in
// MLIR's generic form, as unregistered ops, whose memory effects are unknown.
// `"operations"` in `.bufferlens.json` says what such an op does to the
// buffers it is given and makes; analysis/ir/DescribedDialects.h answers
// MLIR's interface queries (MemoryEffectOpInterface, ViewLikeOpInterface)
// from it, so every analysis sees the op as it would a registered one.
// Plain data: config/ parses the JSON into it.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_OPERATIONDESCRIPTIONS_H
#define BUFFERLENS_ANALYSIS_MODEL_OPERATIONDESCRIPTIONS_H

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace bufferlens {

/// The whole of what one op does to memory: an op described with nothing
/// has no memory effects at all.
struct OperationDescription {
  /// Results the op allocates on the heap ("result N").
  std::vector<unsigned> allocates;
  /// Operands the op frees ("operand N").
  std::vector<unsigned> frees;
  /// (result, operand): the result is a view of the operand's buffer.
  std::vector<std::pair<unsigned, unsigned>> aliases;
  /// Operands the op reads and writes.
  std::vector<unsigned> reads;
  std::vector<unsigned> writes;

  bool operator==(const OperationDescription &other) const {
    return allocates == other.allocates && frees == other.frees &&
           aliases == other.aliases && reads == other.reads &&
           writes == other.writes;
  }
};

/// By full op name (`acme.alloc`).
using OperationDescriptions = std::map<std::string, OperationDescription>;

/// What an analysis's MLIRContext holds beyond upstream's dialects: the
/// dialect plugins to load (absolute paths, in order) and the described
/// ops. Two analyses with equal ProjectDialects may share a context.
struct ProjectDialects {
  std::vector<std::string> plugins;
  /// Shared: every file of a project has the same descriptions.
  std::shared_ptr<const OperationDescriptions> operations;

  bool empty() const {
    return plugins.empty() && (!operations || operations->empty());
  }
  bool operator==(const ProjectDialects &other) const {
    if (plugins != other.plugins)
      return false;
    bool noOps = !operations || operations->empty();
    bool otherNoOps = !other.operations || other.operations->empty();
    if (noOps || otherNoOps)
      return noOps == otherNoOps;
    return operations == other.operations || *operations == *other.operations;
  }
  bool operator!=(const ProjectDialects &other) const {
    return !(*this == other);
  }
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_OPERATIONDESCRIPTIONS_H
