//===- Explain.cpp --------------------------------------------------------===//

#include "analysis/explain/Explain.h"
#include "analysis/classic/ClassicExplain.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/model/BlockNames.h"
#include "analysis/model/Origins.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <sstream>

using namespace bufferlens;

static std::string joinNames(const AnalysisResult &result,
                             const std::vector<ValueId> &ids) {
  std::string out;
  for (ValueId id : ids) {
    if (!out.empty())
      out += ", ";
    out += "`" + result.values[id].name + "`";
  }
  return out;
}

static std::string describeKind(const AnalysisResult &result,
                                const ValueEntry &value,
                                const BufferFact &fact) {
  std::string op = value.definingOp != kNone && !value.isBlockArgument
                       ? result.ops[value.definingOp].name
                       : "";
  switch (fact.kind) {
  case BufferKind::HeapAlloc:
    return "heap allocation (`" + op + "`): owned by this function";
  case BufferKind::StackAlloc:
    return "stack allocation (`" + op +
           "`): freed automatically when its scope ends, never deallocated";
  case BufferKind::Global:
    return "global (`" + op + "`): never deallocated";
  case BufferKind::CallResult:
    return "call result (`" + op +
           "`): the caller owns it (function-boundary ABI)";
  case BufferKind::FunctionArgument:
    return "function argument: never owned by this function (function-"
           "boundary ABI)";
  case BufferKind::View:
    return "view (`" + op + "`) of another buffer";
  case BufferKind::Merge:
    return value.isBlockArgument
               ? "block argument: joins the buffers its predecessors pass"
               : "merge (`" + op + "`) of several buffers";
  case BufferKind::Unknown:
    return "produced by `" + op + "`, whose memory effects are unknown";
  }
  return "";
}

static const OwnershipFacts *ownershipFacts(const AnalysisResult &result,
                                            FunctionId fn) {
  if (fn == kNone || static_cast<size_t>(fn) >= result.ownership.size())
    return nullptr;
  return &result.ownership[fn];
}

static std::string successorText(const AnalysisResult &result,
                                 const DeallocSite &site) {
  if (site.successor == kNone)
    return "when leaving the region";
  std::string edge = "on the edge to ";
  if (site.terminator != kNone &&
      result.ops[site.terminator].name == "cf.cond_br")
    edge = site.successorIndex == 0 ? "on the true edge to "
                                    : "on the false edge to ";
  return edge + result.blocks[site.successor].label;
}

/// A block as the user names it; an unlabelled region block also by the
/// line of its terminator, since one function has many. An implicit
/// terminator (an `scf.yield` the custom form leaves out) has no place in
/// the text: the last op written in the block gives the line.
static std::string blockText(const AnalysisResult &result, BlockId id,
                             const LineOfOffset &lineOf) {
  const BlockEntry &block = result.blocks[id];
  std::string text = describeBlock(result, id);
  if (!lineOf || !block.labelRange.empty() || block.parentOp == kNone)
    return text;
  auto written =
      std::find_if(block.ops.rbegin(), block.ops.rend(),
                   [&](OpId op) { return !result.ops[op].nameRange.empty(); });
  if (written != block.ops.rend())
    text += " (ending on line " +
            std::to_string(lineOf(result.ops[*written].nameRange.begin)) + ")";
  return text;
}

/// Where a retained buffer goes, in the user's terms.
static std::string handedOnText(const AnalysisResult &result,
                                const DeallocSite &site) {
  if (site.successor != kNone)
    return "passed to " + result.blocks[site.successor].label;
  if (site.terminator == kNone)
    return "passed on";
  const std::string &op = result.ops[site.terminator].name;
  if (op == "func.return")
    return "returned to the caller";
  return "passed on by `" + op + "`";
}

/// What a dealloc site does with `id`, which it retains: nothing is freed
/// (a dealloc frees no memref that aliases a retained one), and the
/// ownership handed on is the condition the site lists `id` under, when it
/// lists it under one (BufferizationOps.td, DeallocOp: a retained value's
/// updated ownership is the disjunction of the conditions of the memrefs
/// that alias it).
static std::string retainedText(const AnalysisResult &result,
                                const DeallocSite &site, ValueId id) {
  std::string condition;
  unsigned conditions = 0;
  for (const DeallocCandidate &candidate : site.memrefs)
    if (candidate.memref == id && candidate.condition != condition) {
      condition = candidate.condition;
      ++conditions;
    }
  std::string text = "retained: " + handedOnText(result, site);
  if (conditions == 1)
    text += " with ownership " + condition;
  return text + ", not freed";
}

static std::string freedText(const DeallocCandidate &candidate) {
  return candidate.condition == "false" ? "never freed (condition false)"
                                        : "freed if " + candidate.condition;
}

// Ownership per block (OwnershipBasedBufferDeallocation.md's lattice) and the
// pass's deallocations.
static void explainOwnership(std::ostream &os, const AnalysisResult &result,
                             ValueId id, const LineOfOffset &lineOf) {
  const OwnershipFacts *facts =
      ownershipFacts(result, result.values[id].function);
  if (!facts || !facts->computed)
    return;
  std::string states;
  for (const ValueOwnership &state : facts->states)
    if (state.value == id) {
      states += "\n- in " + blockText(result, state.block, lineOf) + ": " +
                state.ownership.str();
      if (!state.ownership.reason.empty())
        states += " (" + state.ownership.reason + ")";
    }
  if (!states.empty())
    os << "\nownership (ownership-based deallocation):" << states << "\n";
  // One line per dealloc site that names `id`. A site that retains `id`
  // frees nothing `id` holds: `bufferization.dealloc` never frees a memref
  // that aliases a retained one (BufferizationOps.td, DeallocOp), and the
  // pass lists the buffer as it arrived and its own copy under one user
  // name (the copy exists only when the buffer was not owned, so neither
  // is freed). Saying "freed if" and "retained" for one point read as a
  // contradiction; the line says what happens in the user's terms.
  std::string frees;
  for (const DeallocSite &site : facts->sites) {
    std::string where = "\n- at the end of " +
                        blockText(result, site.block, lineOf) + " " +
                        successorText(result, site) + ": ";
    if (llvm::is_contained(site.retained, id)) {
      frees += where + retainedText(result, site, id) + " here";
      // The function boundary ABI (OwnershipBasedBufferDeallocation.md,
      // "Function boundary ABI"): a returned memref is owned by the caller,
      // so one this function may not own is copied first.
      bool returned = site.successor == kNone && site.terminator != kNone &&
                      result.ops[site.terminator].name == "func.return";
      auto owned = llvm::find_if(facts->states, [&](const ValueOwnership &v) {
        return v.value == id && v.block == site.block;
      });
      if (returned && owned != facts->states.end() &&
          owned->ownership.str() != "unique(true)")
        frees += "; when it is not owned on the path taken (" +
                 owned->ownership.str() +
                 "), the pass returns a copy of it instead";
      continue;
    }
    std::vector<std::string> conditions;
    for (const DeallocCandidate &candidate : site.memrefs)
      if (candidate.memref == id &&
          !llvm::is_contained(conditions, candidate.condition))
        conditions.push_back(candidate.condition);
    if (conditions.empty())
      continue;
    if (llvm::all_of(conditions,
                     [](const std::string &c) { return c == "false"; })) {
      frees += where + "never freed (condition false)";
      continue;
    }
    std::string text = "freed if ";
    bool first = true;
    for (const std::string &condition : conditions) {
      if (condition == "false")
        continue;
      text += (first ? "" : ", or if ") + condition;
      first = false;
    }
    frees += where + text;
  }
  if (!frees.empty())
    os << "\ndeallocation:" << frees << "\n";
}

// Where the deallocation checker saw the buffers `id` may point into freed
// (functions past deallocation: AnalysisResult::freeSites).
static void explainFreeSites(std::ostream &os, const AnalysisResult &result,
                             ValueId id, const BufferFact &fact,
                             const LineOfOffset &lineOf) {
  const ValueEntry &value = result.values[id];
  if (value.function == kNone ||
      result.functions[value.function].stage != Stage::Deallocated)
    return;
  std::vector<ValueId> roots = originsOf(result, fact.value);
  if (roots.empty())
    roots.push_back(id);
  std::string frees;
  for (const FreeSite &site : result.freeSites) {
    if (std::find(roots.begin(), roots.end(), site.allocation) == roots.end())
      continue;
    const OpEntry &op = result.ops[site.freeOp];
    uint32_t line =
        lineOf
            ? lineOf(op.nameRange.begin)
            : 1 + std::count(result.text().begin(),
                             result.text().begin() + op.nameRange.begin, '\n');
    frees += "\n- `" + op.name + "` at line " + std::to_string(line);
    if (roots.size() > 1 || roots.front() != id)
      frees += " (frees `" + result.values[site.allocation].name + "`)";
  }
  os << "\nfreed by:" << (frees.empty() ? " nothing (on no path)" : frees)
     << "\n";
}

// Where the deallocation after bufferization lets go of the allocations
// made at `op` (TensorModel.h, BufferRelease).
static void explainReleases(std::ostream &os, const AnalysisResult &result,
                            const TensorPlan &plan, OpId op,
                            const LineOfOffset &lineOf) {
  std::string lines;
  for (const BufferizationEffect &alloc : plan.allocations) {
    if (alloc.op != op || !alloc.releasesKnown)
      continue;
    for (const BufferRelease &release : alloc.releases) {
      const OpEntry &at = result.ops[release.at];
      std::string where = "`" + at.name + "` at line " +
                          std::to_string(lineOf(at.nameRange.begin));
      switch (release.kind) {
      case BufferRelease::Kind::Freed:
        lines += "\n- freed before " + where;
        break;
      case BufferRelease::Kind::FreedIfOwned:
        lines += "\n- freed before " + where +
                 " when the function still owns it (decided at run time)";
        break;
      case BufferRelease::Kind::Returned:
        lines += "\n- returned by " + where + ": the caller owns it";
        break;
      case BufferRelease::Kind::FreedUnlessReturned:
        lines += "\n- freed before " + where +
                 " unless it is the buffer returned there, which the caller "
                 "then owns (decided at run time)";
        break;
      }
    }
  }
  if (!lines.empty())
    os << "\nreleased (ownership-based deallocation):" << lines << "\n";
}

// Where One-Shot Bufferize gets a tensor value's buffer (TensorModel.h), for
// functions that still work on tensors.
static void explainTensorBuffer(std::ostream &os, const AnalysisResult &result,
                                ValueId id, const LineOfOffset &lineOf) {
  const ValueEntry &value = result.values[id];
  const TensorPlan *plan = result.tensorPlan(value.function);
  if (!plan)
    return;
  if (!plan->bufferized) {
    os << "\nbuffer (One-Shot Bufferize): none, the pass fails on `@"
       << result.functions[value.function].name << "`";
    if (!plan->failures.empty())
      os << " (line " << lineOf(plan->failures.front().range.begin) << ": "
         << plan->failures.front().message << ")";
    os << "\n";
    return;
  }
  auto buffer = llvm::find_if(
      plan->buffers, [&](const TensorBuffer &b) { return b.value == id; });
  if (buffer == plan->buffers.end())
    return;
  os << "\n" << tensorBufferText(*buffer) << "\n";
  if (buffer->kind == TensorBuffer::Kind::NewAllocation ||
      buffer->kind == TensorBuffer::Kind::Copy)
    explainReleases(os, result, *plan, value.definingOp, lineOf);
  if (buffer->kind != TensorBuffer::Kind::Copy)
    return;
  for (const OutOfPlaceOperand &o : plan->outOfPlace) {
    if (o.op != value.definingOp || o.operand != buffer->operand ||
        o.conflictingWrite == kNone)
      continue;
    os << "\nconflict (print-conflicts):";
    if (o.definition != kNone)
      os << "\n- definition: `" << result.values[o.definition].name
         << "` on line "
         << lineOf(result.values[o.definition].definition.begin);
    os << "\n- conflicting write: operand #" << o.conflictingWriteOperand
       << " of `" << result.ops[o.conflictingWrite].name << "` on line "
       << lineOf(result.ops[o.conflictingWrite].nameRange.begin);
    if (o.read != kNone)
      os << "\n- read: operand #" << o.readOperand << " of `"
         << result.ops[o.read].name << "` on line "
         << lineOf(result.ops[o.read].nameRange.begin);
    os << "\n";
  }
}

std::string bufferlens::explainValue(const AnalysisResult &result, ValueId id,
                                     const LineOfOffset &mapLine) {
  LineOfOffset lineOf = mapLine;
  if (!lineOf)
    lineOf = [&result](uint32_t offset) {
      std::string_view text = result.text();
      return static_cast<uint32_t>(
          1 + std::count(text.begin(),
                         text.begin() + std::min<size_t>(offset, text.size()),
                         '\n'));
    };
  const ValueEntry &value = result.values[id];
  std::ostringstream os;
  os << "**" << value.name << "** : `" << value.type << "`";
  if (value.function != kNone) {
    const FunctionEntry &fn = result.functions[value.function];
    os << " in `@" << fn.name << "`";
    // The next line says why a function was not analysed; its stage is then
    // not known (one that does not verify) or not acted on.
    if (fn.analysed)
      os << " (" << toString(fn.stage) << ")";
  }
  os << "\n";
  explainTensorBuffer(os, result, id, lineOf);
  const BufferFact *fact = result.bufferFact(id);
  if (!fact) {
    if (value.isMemRef && value.function != kNone &&
        !result.functions[value.function].analysed)
      os << "\nNot analysed: "
         << (result.functions[value.function].notAnalysed.empty()
                 ? std::string("the function does not verify")
                 : result.functions[value.function].notAnalysed)
         << ".\n";
    return os.str();
  }
  os << "\n" << describeKind(result, value, *fact);
  if (fact->staticSizeBytes)
    os << ", " << *fact->staticSizeBytes << " bytes";
  else if (fact->kind == BufferKind::HeapAlloc ||
           fact->kind == BufferKind::StackAlloc)
    os << ", dynamic size";
  os << "\n";
  if (std::vector<ValueId> aliases = aliasesOf(result, id); !aliases.empty())
    os << "\naliases: " << joinNames(result, aliases) << "\n";
  os << explainClassic(result, id);
  explainOwnership(os, result, id, lineOf);
  explainFreeSites(os, result, id, *fact, lineOf);
  std::vector<ValueId> origins = originsOf(result, id);
  bool selfOrigin = origins.size() == 1 && origins.front() == id;
  if (!origins.empty() && !selfOrigin)
    os << "\nmay point into: " << joinNames(result, origins) << "\n";
  return os.str();
}

// The `bufferization.dealloc`s the pass puts at the end of `id`.
static void explainDeallocSites(std::ostream &os, const AnalysisResult &result,
                                BlockId id) {
  const BlockEntry &block = result.blocks[id];
  if (const OwnershipFacts *facts = ownershipFacts(result, block.function))
    for (const DeallocSite &site : facts->sites) {
      if (site.block != id)
        continue;
      os << "\n`bufferization.dealloc` " << successorText(result, site) << ":";
      // One line per buffer: the pass can list one user value twice (the
      // buffer as it arrived and its copy), and a retained one is never
      // freed (see explainOwnership).
      std::vector<ValueId> said;
      for (const DeallocCandidate &candidate : site.memrefs) {
        ValueId memref = candidate.memref;
        if (memref != kNone && llvm::is_contained(said, memref))
          continue;
        said.push_back(memref);
        os << "\n- "
           << (memref == kNone ? std::string("a pass-made buffer")
                               : result.values[memref].name)
           << ": ";
        if (memref != kNone && llvm::is_contained(site.retained, memref)) {
          os << retainedText(result, site, memref);
          continue;
        }
        std::string conditions;
        for (const DeallocCandidate &other : site.memrefs)
          if (memref != kNone && other.memref == memref &&
              &other != &candidate && other.condition != "false" &&
              other.condition != candidate.condition)
            conditions += ", or if " + other.condition;
        os << freedText(candidate) << conditions;
      }
      for (ValueId retained : site.retained)
        if (retained == kNone || !llvm::is_contained(said, retained))
          os << "\n- retains "
             << (retained == kNone ? std::string("a pass-made buffer")
                                   : result.values[retained].name);
      os << "\n";
    }
}

std::string bufferlens::explainBlock(const AnalysisResult &result, BlockId id) {
  const BlockEntry &block = result.blocks[id];
  std::ostringstream os;
  os << "**" << block.label << "**";
  if (block.function != kNone)
    os << " in `@" << result.functions[block.function].name << "`";
  os << "\n";
  if (!block.arguments.empty())
    os << "\narguments: " << joinNames(result, block.arguments) << "\n";
  std::vector<std::string> preds;
  for (size_t b = 0; b < result.blocks.size(); ++b)
    for (BlockId succ : result.blocks[b].successors)
      if (succ == id) {
        preds.push_back(result.blocks[b].label);
        break;
      }
  if (!preds.empty()) {
    os << "\npredecessors:";
    for (size_t i = 0; i < preds.size(); ++i)
      os << (i ? ", " : " ") << preds[i];
    os << "\n";
  }
  explainDeallocSites(os, result, id);
  return os.str();
}

std::string bufferlens::explainOp(const AnalysisResult &result, OpId id) {
  const OpEntry &op = result.ops[id];
  std::ostringstream os;
  os << "**" << op.name << "**";
  if (op.block != kNone)
    os << " in " << result.blocks[op.block].label;
  if (op.function != kNone)
    os << " of `@" << result.functions[op.function].name << "`";
  os << "\n";
  // A terminator is where the block's deallocations happen.
  if (op.block != kNone && result.blocks[op.block].ops.back() == id)
    explainDeallocSites(os, result, op.block);
  return os.str();
}
