//===- SemanticTokens.cpp - What each name and literal of the text is -----===//
//
// textDocument/semanticTokens. Names come from the stored analysis (the
// part's sorted names: values, block labels, op names; and the functions'
// own names); the rest (comments, strings, numbers, types, keywords and
// names outside analysed functions) from TokenScanner.h. A name of the
// analysis replaces the scanned tokens it overlaps, except a comment.
//
// The modifiers of a memref value's every occurrence come from the stored
// analyses, as the inlay hints and the hover say them:
// - owned / borrowed: ownershipHint's label (Explain.h): the ownership-based
//   pass's unique(true) / unique(false) in the defining block, or what the
//   allocation kind implies where the pass did not run.
// - criticalAlias: the classic plan marks the value critical (BL201).
// - freed (uses only): the use comes after a free of the value or of a
//   buffer it aliases (aliasesOf (Model.h) of the freed value, or of its
//   allocation when it is a cast or view of exactly one) on every path, i.e. a
//   `memref.dealloc` or another op the checker saw free
//   (AnalysisResult::freeSites: gpu.dealloc, memref.realloc's source) dominates
//   the use's op. Not the conditional `bufferization.dealloc`, nor a call (its
//   callee may free on some path only). Any use counts, a branch operand or a
//   second free too; the free's own operand does not. A use freed only on some
//   paths or in a later loop iteration is not marked (BL103 reports those).
//
// A tensor value's every occurrence, in a function One-Shot Bufferize
// bufferizes, as its inlay hint says (the stored TensorPlan's buffers):
// - allocated: its buffer is a new allocation at its defining op.
// - copied: its buffer is a new allocation holding a copy of an operand's
//   (an out-of-place operand, BL501).
//
// The legend's order is part of the protocol (a client decodes bit i as the
// i-th name): new modifiers are appended, never inserted.
//
//===----------------------------------------------------------------------===//

#include "analysis/explain/Explain.h"
#include "ide/Features.h"
#include "ide/TokenScanner.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <set>

using namespace bufferlens;

const std::vector<std::string> &bufferlens::semanticTokenTypeNames() {
  static const std::vector<std::string> names = {
      "function", "variable", "label",  "type",  "keyword",
      "comment",  "string",   "number", "macro", "decorator"};
  return names;
}

const std::vector<std::string> &bufferlens::semanticTokenModifierNames() {
  static const std::vector<std::string> names = {
      "declaration", "definition",    "owned",     "borrowed",
      "freed",       "criticalAlias", "allocated", "copied"};
  return names;
}

namespace {
/// The facts of one AnalysisResult the modifiers are made of.
class ValueFacts {
public:
  /// `wanted`: only the uses in it matter (the result's offsets).
  ValueFacts(const AnalysisResult &result, SourceRange wanted)
      : result(result) {
    for (const ClassicPlan &plan : result.classic)
      for (const ClassicValue &value : plan.values)
        if (value.critical)
          critical.insert(value.value);
    for (const TensorPlan &plan : result.tensor) {
      if (!plan.bufferized)
        continue;
      for (const TensorBuffer &buffer : plan.buffers)
        if (buffer.value != kNone &&
            buffer.kind == TensorBuffer::Kind::NewAllocation)
          tensorModifiers[buffer.value] = TokenAllocated;
        else if (buffer.value != kNone &&
                 buffer.kind == TensorBuffer::Kind::Copy)
          tensorModifiers[buffer.value] = TokenCopied;
    }
    std::vector<OpId> frees;
    for (OpId op = 0; op < static_cast<OpId>(result.ops.size()); ++op)
      if (definitelyFrees(op) && inWantedFunction(op, wanted))
        frees.push_back(op);
    // What a free defines is a new buffer (memref.realloc's result), even
    // where the tables record it as flowing from the one it frees.
    for (OpId op : frees)
      for (ValueId made : result.ops[op].results) {
        if (made == kNone)
          continue;
        madeByFrees.insert(made);
        if (result.bufferFact(made))
          for (ValueId alias : aliasesOf(result, made))
            madeByFrees.insert(alias);
      }
    for (OpId op : frees)
      markFreedUses(op);
  }

  /// The modifiers of every occurrence of `id`.
  uint32_t modifiersOf(ValueId id) {
    const ValueEntry &value = result.values[id];
    if (!value.isMemRef) {
      auto tensor = tensorModifiers.find(id);
      return tensor == tensorModifiers.end() ? 0u : tensor->second;
    }
    uint32_t out = critical.count(id) ? uint32_t(TokenCriticalAlias) : 0u;
    const std::string label = ownershipHint(result, id).label;
    if (label == "owned")
      out |= TokenOwned;
    else if (label == "borrowed")
      out |= TokenBorrowed;
    return out;
  }

  bool isFreedUse(SourceRange use) const { return freedUses.count(use.begin); }

private:
  /// A free dominates uses of its own function only.
  bool inWantedFunction(OpId op, SourceRange wanted) const {
    FunctionId fn = result.ops[op].function;
    if (fn == kNone)
      return true;
    SourceRange full = result.functions[fn].fullRange;
    return full.begin <= wanted.end && wanted.begin <= full.end;
  }

  /// A free that frees its memref operands whenever it runs.
  bool definitelyFrees(OpId op) const {
    const std::string &name = result.ops[op].name;
    // memref.realloc by name too: where the checker reports it as a double
    // free it records no free site, but its result is still a new buffer.
    if (name == "memref.dealloc" || name == "memref.realloc")
      return true;
    // Frees under a condition (its operands), or may (a call whose callee
    // frees on some path: a free site is "on at least one path").
    if (name == "bufferization.dealloc" || name == "func.call" ||
        name == "call" || name == "func.call_indirect" || name == "llvm.call")
      return false;
    return llvm::any_of(result.freeSites, [&](const FreeSite &site) {
      return site.freeOp == op;
    });
  }

  void markFreedUses(OpId freeOp) {
    const OpEntry &free = result.ops[freeOp];
    std::set<ValueId> freed;
    for (ValueId operand : free.operands) {
      if (operand == kNone || !result.values[operand].isMemRef)
        continue;
      // Freeing a cast or view of one allocation frees that allocation:
      // it and everything that aliases it.
      ValueId root = operand;
      const BufferFact *fact = result.bufferFact(operand);
      if (fact && fact->origins.size() == 1 && fact->origins[0] != kNone)
        root = fact->origins[0];
      freed.insert(operand);
      freed.insert(root);
      if (result.bufferFact(root))
        for (ValueId alias : aliasesOf(result, root))
          if (!madeByFrees.count(alias))
            freed.insert(alias);
    }
    for (ValueId id : freed) {
      const ValueEntry &value = result.values[id];
      for (const SourceRange &use : value.uses) {
        OpId user = opContaining(result, value.function, use);
        if (user != kNone && user != freeOp && dominates(freeOp, user))
          freedUses.insert(use.begin);
      }
    }
  }

  /// Whether every path to `user` runs `free` first (`user` may be nested
  /// in regions of ops that follow it).
  bool dominates(OpId free, OpId user) const {
    BlockId home = result.ops[free].block;
    if (home == kNone)
      return false;
    OpId cur = user;
    while (cur != kNone) {
      BlockId block = result.ops[cur].block;
      if (block == kNone)
        return false;
      if (block == home) {
        const std::vector<OpId> &ops = result.blocks[home].ops;
        auto at = [&](OpId op) { return llvm::find(ops, op) - ops.begin(); };
        return at(free) < at(cur);
      }
      if (sameRegion(block, home))
        return blockDominates(home, block);
      cur = result.blocks[block].parentOp;
    }
    return false;
  }

  bool sameRegion(BlockId a, BlockId b) const {
    const BlockEntry &x = result.blocks[a], &y = result.blocks[b];
    return x.function == y.function && x.parentOp == y.parentOp &&
           x.region == y.region;
  }

  /// Whether every path from the region's entry block to `to` passes
  /// through `from`: `to` is unreachable once `from` is taken away.
  bool blockDominates(BlockId from, BlockId to) const {
    BlockId entry = kNone;
    for (BlockId b = 0; b < static_cast<BlockId>(result.blocks.size()); ++b)
      if (sameRegion(b, from)) {
        entry = b;
        break;
      }
    if (entry == from)
      return true;
    std::vector<bool> seen(result.blocks.size(), false);
    std::vector<BlockId> work = {entry};
    seen[entry] = true;
    while (!work.empty()) {
      BlockId b = work.back();
      work.pop_back();
      if (b == to)
        return false;
      for (BlockId next : result.blocks[b].successors)
        if (next != kNone && next != from && !seen[next]) {
          seen[next] = true;
          work.push_back(next);
        }
    }
    return true;
  }

  const AnalysisResult &result;
  std::set<ValueId> critical;
  /// TokenAllocated or TokenCopied, per tensor value.
  std::map<ValueId, uint32_t> tensorModifiers;
  std::set<ValueId> madeByFrees;
  /// The begin offsets of the uses after a free.
  std::set<uint32_t> freedUses;
};
} // namespace

/// The names of one part, in this version's offsets.
/// The names of part `p` that intersect `range` (this version's offsets),
/// or roughly: the caller keeps those it wants.
static void namesOf(const Snapshot &snapshot, size_t p, SourceRange range,
                    std::vector<SemanticTokenInfo> &out) {
  const SnapshotPart &part = snapshot.parts()[p];
  const AnalysisResult &result = *part.result;
  bool isLast = snapshot.isLastPart(p);
  uint32_t begin = std::max(range.begin, part.covers.begin);
  uint32_t end = std::min(range.end, part.covers.end);
  if (begin > end)
    return;
  SourceRange wanted{part.toResult(begin), part.toResult(end)};
  ValueFacts facts(result, wanted);
  std::map<ValueId, uint32_t> valueModifiers;
  auto modifiersOf = [&](ValueId id) {
    auto it = valueModifiers.find(id);
    if (it == valueModifiers.end())
      it = valueModifiers.emplace(id, facts.modifiersOf(id)).first;
    return it->second;
  };
  for (const NameOccurrence &name : *part.names) {
    if (name.range.empty() || name.range.end < wanted.begin ||
        wanted.end < name.range.begin || !part.owns(name.range, isLast))
      continue;
    SemanticTokenInfo token{part.toCurrent(name.range),
                            SemanticTokenType::Variable, 0};
    switch (name.kind) {
    case NameOccurrence::ValueDef:
      token.modifiers = TokenDefinition | modifiersOf(name.id);
      break;
    case NameOccurrence::ValueUse:
      token.modifiers = modifiersOf(name.id);
      if (result.values[name.id].isMemRef && facts.isFreedUse(name.range))
        token.modifiers |= TokenFreed;
      break;
    case NameOccurrence::BlockLabel:
      token.type = SemanticTokenType::Label;
      token.modifiers = TokenDefinition;
      break;
    case NameOccurrence::BlockUse:
      token.type = SemanticTokenType::Label;
      break;
    case NameOccurrence::OpName:
      token.type = SemanticTokenType::Macro;
      break;
    }
    out.push_back(token);
  }
  for (const FunctionEntry &fn : result.functions) {
    if (fn.nameRange.empty() || !part.owns(fn.nameRange, isLast))
      continue;
    uint32_t modifiers = TokenDeclaration;
    if (!fn.blocks.empty())
      modifiers |= TokenDefinition;
    out.push_back(
        {part.toCurrent(fn.nameRange), SemanticTokenType::Function, modifiers});
  }
}

static SemanticTokenType typeOf(ScannedToken::Kind kind) {
  switch (kind) {
  case ScannedToken::Comment:
    return SemanticTokenType::Comment;
  case ScannedToken::String:
    return SemanticTokenType::String;
  case ScannedToken::Number:
    return SemanticTokenType::Number;
  case ScannedToken::Type:
    return SemanticTokenType::Type;
  case ScannedToken::Keyword:
    return SemanticTokenType::Keyword;
  case ScannedToken::OpName:
    return SemanticTokenType::Macro;
  case ScannedToken::Value:
    return SemanticTokenType::Variable;
  case ScannedToken::Block:
    return SemanticTokenType::Label;
  case ScannedToken::Symbol:
    return SemanticTokenType::Function;
  case ScannedToken::Attribute:
    return SemanticTokenType::Decorator;
  }
  return SemanticTokenType::Keyword;
}

static bool overlaps(SourceRange a, SourceRange b) {
  return a.begin < b.end && b.begin < a.end;
}

std::vector<SemanticTokenInfo>
bufferlens::semanticTokens(const Snapshot &snapshot,
                           std::optional<SourceRange> range) {
  std::vector<SemanticTokenInfo> names;
  for (size_t p = 0; p < snapshot.parts().size(); ++p)
    namesOf(snapshot, p,
            range
                ? *range
                : SourceRange{0, static_cast<uint32_t>(snapshot.text().size())},
            names);
  std::sort(names.begin(), names.end(),
            [](const SemanticTokenInfo &a, const SemanticTokenInfo &b) {
              return a.range < b.range;
            });
  std::vector<ScannedToken> scanned = scanTokens(snapshot.text());

  // A comment wins over the names it overlaps (there are none in text
  // that parsed); a name wins over the other scanned tokens it overlaps.
  std::vector<SourceRange> comments;
  for (const ScannedToken &token : scanned)
    if (token.kind == ScannedToken::Comment)
      comments.push_back(token.range);
  auto overlapsAny = [](const std::vector<SourceRange> &sorted, SourceRange r) {
    auto it = std::lower_bound(
        sorted.begin(), sorted.end(), r.begin,
        [](SourceRange x, uint32_t offset) { return x.end <= offset; });
    return it != sorted.end() && overlaps(*it, r);
  };
  std::vector<SemanticTokenInfo> merged;
  merged.reserve(scanned.size() + names.size());
  std::vector<SourceRange> kept;
  for (const SemanticTokenInfo &name : names)
    if (!overlapsAny(comments, name.range) &&
        (kept.empty() || kept.back().end <= name.range.begin)) {
      merged.push_back(name);
      kept.push_back(name.range);
    }
  for (const ScannedToken &token : scanned)
    if (token.kind == ScannedToken::Comment || !overlapsAny(kept, token.range))
      merged.push_back({token.range, typeOf(token.kind), 0});
  std::sort(merged.begin(), merged.end(),
            [](const SemanticTokenInfo &a, const SemanticTokenInfo &b) {
              return a.range < b.range;
            });

  // One token per line; those that intersect `range` only (an empty
  // range: those holding its offset).
  const std::string &text = snapshot.text();
  const LineIndex &lines = snapshot.lines();
  auto wanted = [&](uint32_t begin, uint32_t end) {
    if (!range)
      return true;
    uint32_t rangeEnd = std::max(range->end, range->begin + 1);
    return begin < rangeEnd && range->begin < end;
  };
  std::vector<SemanticTokenInfo> out;
  out.reserve(merged.size());
  for (const SemanticTokenInfo &token : merged) {
    if (!wanted(token.range.begin, token.range.end))
      continue;
    uint32_t begin = token.range.begin;
    while (begin < token.range.end) {
      uint32_t line = lines.toByteColumn(begin).line;
      uint32_t lineEnd = line + 1 < lines.lineCount()
                             ? lines.lineStart(line + 1)
                             : static_cast<uint32_t>(text.size());
      uint32_t stop = std::max(begin + 1, std::min(token.range.end, lineEnd));
      // Without the line's newline, nor the blanks a type or string
      // continued on the next line starts or ends with.
      uint32_t first = begin, end = stop;
      auto blank = [&](char c) {
        return c == '\n' || c == '\r' || c == ' ' || c == '\t';
      };
      while (end > first && blank(text[end - 1]))
        --end;
      while (first < end && blank(text[first]))
        ++first;
      if (end > first && wanted(first, end))
        out.push_back({{first, end}, token.type, token.modifiers});
      begin = stop;
    }
  }
  return out;
}
