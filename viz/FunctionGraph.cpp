//===- FunctionGraph.cpp --------------------------------------------------===//

#include "viz/FunctionGraph.h"
#include "analysis/model/LineIndex.h"
#include "viz/PathHighlight.h"
#include "viz/TensorOverlay.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <set>

using namespace bufferlens;
using namespace bufferlens::viz;

const char *viz::toString(Marker marker) {
  switch (marker) {
  case Marker::None:
    return "none";
  case Marker::HeapAlloc:
    return "heap-alloc";
  case Marker::StackAlloc:
    return "stack-alloc";
  case Marker::Clone:
    return "clone";
  case Marker::Dealloc:
    return "dealloc";
  case Marker::ConditionalDealloc:
    return "conditional-dealloc";
  case Marker::Copy:
    return "copy";
  case Marker::InPlace:
    return "in-place";
  case Marker::Returned:
    return "returned";
  case Marker::Fails:
    return "fails";
  }
  return "none";
}

const char *viz::toString(EdgeKind kind) {
  switch (kind) {
  case EdgeKind::Branch:
    return "branch";
  case EdgeKind::RegionEntry:
    return "region-entry";
  case EdgeKind::RegionNext:
    return "region-next";
  case EdgeKind::RegionBack:
    return "region-back";
  case EdgeKind::RegionYield:
    return "region-yield";
  }
  return "branch";
}

std::string UserRange::href() const {
  return "#range=" + std::to_string(startLine) + ":" +
         std::to_string(startCharacter) + "-" + std::to_string(endLine) + ":" +
         std::to_string(endCharacter);
}

const GraphBlock *FunctionGraph::find(BlockId block) const {
  for (const GraphBlock &b : blocks)
    if (b.block == block)
      return &b;
  return nullptr;
}

namespace {

// Severity order: lower is worse.
int rank(Severity s) { return static_cast<int>(s); }

void noteSeverity(std::optional<Severity> &worst, Severity s) {
  if (!worst || rank(s) < rank(*worst))
    worst = s;
}

/// One line of display text: comments and trailing locations dropped,
/// whitespace runs collapsed.
std::string oneLine(std::string_view text) {
  std::string out;
  bool inString = false, space = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (!inString && c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n')
        ++i;
      space = true;
      continue;
    }
    if (c == '"' && (i == 0 || text[i - 1] != '\\'))
      inString = !inString;
    if (!inString && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
      space = true;
      continue;
    }
    if (space && !out.empty())
      out += ' ';
    space = false;
    out += c;
  }
  // A rewrite printed with debug locations ends ops with `loc(...)`.
  if (!out.empty() && out.back() == ')') {
    size_t at = out.rfind(" loc(");
    if (at != std::string::npos) {
      int depth = 0;
      bool balanced = true;
      for (size_t i = at + 4; i < out.size(); ++i) {
        depth += out[i] == '(' ? 1 : out[i] == ')' ? -1 : 0;
        if (depth == 0 && i + 1 != out.size())
          balanced = false;
      }
      if (balanced && depth == 0)
        out.erase(at);
    }
  }
  return out;
}

/// At most `limit` characters (UTF-8 code points), with `…` when cut.
std::string elide(const std::string &text, size_t limit) {
  size_t chars = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80)
      continue;
    if (chars == limit - 1) {
      // Enough room for the ellipsis only if more than one char remains.
      size_t rest = 0;
      for (size_t j = i; j < text.size(); ++j)
        rest += (static_cast<unsigned char>(text[j]) & 0xC0) != 0x80;
      if (rest > 1)
        return text.substr(0, i) + "\xE2\x80\xA6";
      return text;
    }
    ++chars;
  }
  return text;
}

// The names the ops' own documentation gives their regions.
std::string regionName(const std::string &op, size_t index) {
  static const std::map<std::string, std::vector<std::string>> names = {
      {"scf.if", {"then", "else"}},       {"scf.for", {"body"}},
      {"scf.forall", {"body"}},           {"scf.parallel", {"body"}},
      {"scf.while", {"before", "after"}}, {"scf.execute_region", {"region"}},
      {"scf.index_switch", {"default"}},  {"affine.for", {"body"}},
      {"affine.if", {"then", "else"}},    {"affine.parallel", {"body"}},
  };
  auto it = names.find(op);
  if (it != names.end() && index < it->second.size())
    return it->second[index];
  if (op == "scf.index_switch")
    return "case " + std::to_string(index - 1);
  return "region " + std::to_string(index);
}

// Whether the block is labelled in the source (`^bb1:`), as opposed to an
// implicit entry block.
bool hasLabel(const BlockEntry &block) {
  return !block.labelRange.empty() && block.label.rfind('^', 0) == 0;
}

class Builder {
public:
  Builder(const AnalysisResult &result, FunctionId fn,
          const GraphOptions &options, const OriginMap *origins)
      : result(result), fn(fn), options(options), origins(origins),
        ownLines(result.text()),
        userLines(origins ? origins->user().text() : result.text()),
        plan(origins ? nullptr : result.tensorPlan(fn)) {}

  FunctionGraph build();

private:
  void indexFunction();
  std::optional<UserRange> toUser(SourceRange range, bool inUserText) const;
  std::optional<UserRange> opRange(OpId op) const;
  SourceRange headRange(OpId op) const;
  GraphRow makeRow(OpId op) const;
  Marker markerOf(OpId op) const;
  GraphBlock makeBlock(BlockId block);
  void attachFindings(FunctionGraph &graph);
  void addEdges(FunctionGraph &graph);
  void markBackEdges(FunctionGraph &graph);
  std::string valueList(const std::vector<ValueId> &values) const;
  std::string portOf(OpId op) const;
  std::string labelOf(BlockId block) const;
  std::vector<ValueId> forwardedByTerminator(OpId op) const;

  const AnalysisResult &result;
  FunctionId fn;
  const GraphOptions &options;
  const OriginMap *origins;
  LineIndex ownLines, userLines;
  /// One-Shot Bufferize's plan when the function is still on tensors: its
  /// tensors are what the graph is about (TensorOverlay.h).
  const TensorPlan *plan;

  std::vector<BlockId> allBlocks; // Every block of the function, in order.
  std::set<BlockId> drawn;
  /// Region op -> its blocks, per region.
  std::map<OpId, std::vector<std::vector<BlockId>>> nested;
  /// Region ops whose regions hold no memref at any depth (the scalar
  /// payload of linalg.generic, linalg.add, ...) -> their blocks, per
  /// region. They are drawn as one row with a count, not as clusters:
  /// such a region says nothing about buffers.
  std::map<OpId, std::vector<std::vector<BlockId>>> payload;
  /// The blocks of those regions, nested ones included: never drawn.
  std::set<BlockId> payloadBlocks;
  void setAsidePayloadRegions();
  std::map<OpId, std::string> ports;
};

std::optional<UserRange> Builder::toUser(SourceRange range,
                                         bool inUserText) const {
  if (inUserText && options.positionOf) {
    LineColumn start = options.positionOf(range.begin);
    LineColumn end = options.positionOf(range.end);
    return UserRange{start.line, start.column, end.line, end.column};
  }
  const LineIndex &lines = inUserText ? userLines : ownLines;
  LineColumn start = lines.toUtf16Column(range.begin);
  LineColumn end = lines.toUtf16Column(range.end);
  return UserRange{start.line, start.column, end.line, end.column};
}

// The op up to its first region: `%2 = scf.if %0 -> (memref<?xf32>) {`.
SourceRange Builder::headRange(OpId op) const {
  const OpEntry &entry = result.ops[op];
  SourceRange full =
      entry.fullRange.empty() ? entry.nameRange : entry.fullRange;
  auto it = nested.find(op);
  if (it == nested.end())
    it = payload.find(op);
  if (it == payload.end())
    return full;
  uint32_t first = full.end;
  for (const auto &region : it->second)
    for (BlockId b : region) {
      const BlockEntry &block = result.blocks[b];
      if (!block.labelRange.empty())
        first = std::min(first, block.labelRange.begin);
      if (!block.ops.empty()) {
        const OpEntry &o = result.ops[block.ops.front()];
        uint32_t begin =
            o.fullRange.empty() ? o.nameRange.begin : o.fullRange.begin;
        if (begin > full.begin)
          first = std::min(first, begin);
      }
    }
  size_t brace = std::string_view(result.text()).rfind('{', first);
  if (brace == std::string_view::npos || brace < full.begin)
    return full;
  return {full.begin, static_cast<uint32_t>(brace + 1)};
}

std::optional<UserRange> Builder::opRange(OpId op) const {
  if (origins) {
    std::optional<SourceRange> r = origins->userRangeOf(op);
    if (!r)
      return std::nullopt;
    return toUser(*r, true);
  }
  SourceRange r = headRange(op);
  if (r.empty())
    return std::nullopt;
  return toUser(r, true);
}

Marker Builder::markerOf(OpId op) const {
  const OpEntry &entry = result.ops[op];
  if (entry.name == "bufferization.clone")
    return Marker::Clone;
  if (entry.name == "bufferization.dealloc")
    return Marker::ConditionalDealloc;
  if (entry.name == "memref.dealloc") {
    // bufferization-lower-deallocations frees under `scf.if %ownership`.
    for (OpId parent = result.blocks[entry.block].parentOp; parent != kNone;
         parent = result.blocks[result.ops[parent].block].parentOp)
      if (result.ops[parent].name == "scf.if")
        return Marker::ConditionalDealloc;
    return Marker::Dealloc;
  }
  if (entry.name == "func.call") {
    SourceRange r = entry.fullRange;
    if (std::string_view(result.text())
            .substr(r.begin, r.end - r.begin)
            .find("@dealloc_helper") != std::string_view::npos)
      return Marker::ConditionalDealloc;
  }
  for (ValueId v : entry.results)
    if (const BufferFact *fact = result.bufferFact(v)) {
      if (fact->kind == BufferKind::HeapAlloc)
        return Marker::HeapAlloc;
      if (fact->kind == BufferKind::StackAlloc)
        return Marker::StackAlloc;
    }
  return Marker::None;
}

// What a region terminator passes on: all its operands, except the
// condition of scf.condition.
std::vector<ValueId> Builder::forwardedByTerminator(OpId op) const {
  std::vector<ValueId> operands = result.ops[op].operands;
  if (result.ops[op].name == "scf.condition" && !operands.empty())
    operands.erase(operands.begin());
  return operands;
}

// Unlabelled blocks get the name MLIR's printer would give them.
std::string Builder::labelOf(BlockId id) const {
  const BlockEntry &block = result.blocks[id];
  if (hasLabel(block))
    return block.label;
  int index = 0;
  for (BlockId b = id - 1; b >= 0; --b) {
    const BlockEntry &other = result.blocks[b];
    if (other.function != block.function)
      break;
    if (other.parentOp == block.parentOp && other.region == block.region)
      ++index;
  }
  return "^bb" + std::to_string(index);
}

std::string Builder::portOf(OpId op) const {
  auto it = ports.find(op);
  return it == ports.end() ? "" : it->second;
}

GraphRow Builder::makeRow(OpId op) const {
  GraphRow row;
  row.op = op;
  SourceRange head = headRange(op);
  std::string text = oneLine(std::string_view(result.text())
                                 .substr(head.begin, head.end - head.begin));
  if (nested.count(op) || payload.count(op))
    text += " \xE2\x80\xA6 }";
  // The count of set-aside payload regions stays visible when the op's
  // text is elided.
  std::string count;
  if (auto it = payload.find(op); it != payload.end()) {
    size_t regions = it->second.size();
    count = "  \xC2\xB7  " + std::to_string(regions) +
            (regions == 1 ? " region" : " regions") +
            (plan ? " without tensors" : " without memrefs");
  }
  row.fullText = oneLine(std::string_view(result.text())
                             .substr(result.ops[op].fullRange.begin,
                                     result.ops[op].fullRange.end -
                                         result.ops[op].fullRange.begin));
  if (nested.count(op) || payload.count(op))
    row.fullText = text + count;
  size_t room = options.limits.maxRowChars;
  row.text =
      elide(text, room > count.size() + 8 ? room - count.size() : room) + count;
  row.range = opRange(op);
  row.marker = markerOf(op);
  row.port = "o" + std::to_string(op);
  return row;
}

GraphBlock Builder::makeBlock(BlockId id) {
  const BlockEntry &block = result.blocks[id];
  GraphBlock out;
  out.block = id;
  out.header = labelOf(id);
  if (!block.arguments.empty()) {
    out.header += "(";
    for (size_t i = 0; i < block.arguments.size(); ++i) {
      const ValueEntry &arg = result.values[block.arguments[i]];
      out.header += (i ? ", " : "") + arg.name + ": " + arg.type;
    }
    out.header += ")";
  }
  out.headerTooltip = out.header;
  out.header = elide(out.header, options.limits.maxRowChars);

  // Ranges: the label and its arguments, and the whole block.
  if (origins) {
    std::optional<SourceRange> span;
    for (OpId op : block.ops)
      if (auto r = origins->userRangeOf(op)) {
        if (!span)
          span = *r;
        span->begin = std::min(span->begin, r->begin);
        span->end = std::max(span->end, r->end);
      }
    if (span)
      out.range = toUser(*span, true);
  } else {
    SourceRange header = hasLabel(block) ? block.labelRange : SourceRange();
    for (ValueId arg : block.arguments) {
      const SourceRange &def = result.values[arg].definition;
      if (def.empty())
        continue;
      if (header.empty())
        header = def;
      header.begin = std::min(header.begin, def.begin);
      header.end = std::max(header.end, def.end);
    }
    if (header.empty()) {
      // An unlabelled entry block: the function header or the region op.
      header = block.parentOp == kNone ? result.functions[fn].nameRange
                                       : headRange(block.parentOp);
    }
    if (!header.empty())
      out.headerRange = toUser(header, true);
    SourceRange whole = hasLabel(block) ? block.labelRange : SourceRange();
    if (whole.empty() && !block.ops.empty())
      whole = result.ops[block.ops.front()].fullRange;
    if (!block.ops.empty())
      whole.end =
          std::max(whole.end, result.ops[block.ops.back()].fullRange.end);
    if (!whole.empty())
      out.range = toUser(whole, true);
  }

  // Rows, eliding the middle of long blocks: the head shows where the
  // block starts, the tail its terminator and the edges leaving it.
  size_t limit = std::max<size_t>(options.limits.maxRowsPerBlock, 4);
  size_t count = block.ops.size();
  size_t keepTail = count > limit ? limit / 4 : 0;
  size_t keepHead = count > limit ? limit - keepTail : count;
  for (size_t i = 0; i < count; ++i) {
    OpId op = block.ops[i];
    if (i >= keepHead && i < count - keepTail) {
      ports[op] = "elided";
      continue;
    }
    ports[op] = "o" + std::to_string(op);
  }
  for (size_t i = 0; i < count; ++i) {
    OpId op = block.ops[i];
    if (i == keepHead && keepHead < count - keepTail) {
      GraphRow elided;
      out.elidedRows = count - keepTail - keepHead;
      elided.text = "\xE2\x80\xA6 " + std::to_string(out.elidedRows) +
                    " ops not shown (limit " + std::to_string(limit) +
                    " rows per block)";
      elided.fullText = elided.text;
      elided.port = "elided";
      out.rows.push_back(std::move(elided));
    }
    if (i >= keepHead && i < count - keepTail)
      continue;
    out.rows.push_back(makeRow(op));
  }

  // The ownership analysis's state of each memref at the block's end.
  for (const OwnershipFacts &facts : result.ownership) {
    if (facts.function != fn || !facts.computed)
      continue;
    for (const ValueOwnership &state : facts.states)
      if (state.block == id && state.value != kNone)
        out.ownershipAtEnd.push_back(result.values[state.value].name + ": " +
                                     state.ownership.str());
  }

  for (OpId op : block.ops) {
    auto it = nested.find(op);
    if (it == nested.end())
      continue;
    RegionCluster cluster;
    cluster.op = op;
    cluster.title = result.ops[op].name;
    for (size_t r = 0; r < it->second.size(); ++r)
      cluster.regionNames.push_back(regionName(result.ops[op].name, r));
    for (const auto &region : it->second) {
      std::vector<BlockId> kept;
      for (BlockId b : region)
        if (drawn.count(b))
          kept.push_back(b);
      cluster.regions.push_back(std::move(kept));
    }
    out.regionOps.push_back(std::move(cluster));
  }
  return out;
}

void Builder::indexFunction() {
  const FunctionEntry &function = result.functions[fn];
  // A function's blocks are contiguous and in source order: SourceIndex
  // indexes them depth first from its first top-level block.
  std::map<OpId, std::map<int32_t, std::vector<BlockId>>> byRegion;
  if (!function.blocks.empty()) {
    BlockId first = function.blocks.front();
    for (BlockId b = first;
         b < (BlockId)result.blocks.size() && result.blocks[b].function == fn;
         ++b) {
      allBlocks.push_back(b);
      if (result.blocks[b].parentOp != kNone)
        byRegion[result.blocks[b].parentOp][result.blocks[b].region].push_back(
            b);
    }
  }
  for (auto &[op, regions] : byRegion) {
    int32_t count = regions.rbegin()->first + 1;
    std::vector<std::vector<BlockId>> list(count);
    for (auto &[index, blocks] : regions)
      list[index] = blocks;
    nested[op] = std::move(list);
  }
  setAsidePayloadRegions();
  for (size_t i = 0; i < allBlocks.size() && i < options.limits.maxBlocks; ++i)
    drawn.insert(allBlocks[i]);
}

void Builder::setAsidePayloadRegions() {
  auto isMemRef = [&](ValueId v) {
    return v != kNone &&
           (result.values[v].isMemRef ||
            (plan && result.values[v].type.rfind("tensor<", 0) == 0));
  };
  // In a function still on tensors, a tensor counts as a memref: it is one
  // after bufferization.
  // A region op holds a memref when one of its blocks, at any depth, has a
  // memref argument or an op with a memref operand or result.
  std::set<OpId> holdsMemRef;
  for (BlockId b : allBlocks) {
    const BlockEntry &block = result.blocks[b];
    bool any = llvm::any_of(block.arguments, isMemRef);
    for (OpId op : block.ops)
      any = any || llvm::any_of(result.ops[op].operands, isMemRef) ||
            llvm::any_of(result.ops[op].results, isMemRef);
    if (!any)
      continue;
    for (OpId up = block.parentOp; up != kNone && holdsMemRef.insert(up).second;
         up = result.ops[up].block == kNone
                  ? kNone
                  : result.blocks[result.ops[up].block].parentOp)
      ;
  }
  // The outermost region ops without one are set aside with every block
  // below them.
  auto under = [&](BlockId b) {
    for (OpId up = result.blocks[b].parentOp; up != kNone;
         up = result.ops[up].block == kNone
                  ? kNone
                  : result.blocks[result.ops[up].block].parentOp)
      if (payload.count(up))
        return true;
    return false;
  };
  for (BlockId b : allBlocks) {
    OpId op = result.blocks[b].parentOp;
    if (op == kNone || holdsMemRef.count(op) || payload.count(op) ||
        !nested.count(op) || under(b))
      continue;
    payload[op] = std::move(nested[op]);
    nested.erase(op);
  }
  std::vector<BlockId> kept;
  for (BlockId b : allBlocks) {
    if (under(b))
      payloadBlocks.insert(b);
    else
      kept.push_back(b);
  }
  allBlocks = std::move(kept);
  // Region ops inside a set-aside region are not drawn either.
  for (auto it = nested.begin(); it != nested.end();)
    it = payloadBlocks.count(result.ops[it->first].block) ? nested.erase(it)
                                                          : std::next(it);
}

std::string Builder::valueList(const std::vector<ValueId> &values) const {
  std::string out;
  for (ValueId v : values)
    out += (out.empty() ? "" : ", ") +
           (v == kNone ? std::string("?") : result.values[v].name);
  return out.empty() ? out : "(" + out + ")";
}

void Builder::addEdges(FunctionGraph &graph) {
  size_t dropped = 0;
  for (BlockId b : allBlocks) {
    if (!drawn.count(b))
      continue;
    const BlockEntry &block = result.blocks[b];
    // Branches leave from the terminator.
    if (!block.ops.empty() && !block.successors.empty()) {
      OpId term = block.ops.back();
      const OpEntry &entry = result.ops[term];
      for (size_t s = 0; s < block.successors.size(); ++s) {
        BlockId to = block.successors[s];
        if (payloadBlocks.count(to))
          continue;
        if (to == kNone || !drawn.count(to)) {
          ++dropped;
          continue;
        }
        GraphEdge edge;
        edge.from = b;
        edge.fromPort = portOf(term);
        edge.to = to;
        if (s < entry.successorOperands.size())
          edge.label = valueList(entry.successorOperands[s]);
        if (entry.name == "cf.cond_br" && block.successors.size() == 2)
          edge.label = (s == 0 ? "true" : "false") +
                       (edge.label.empty() ? "" : " " + edge.label);
        graph.edges.push_back(std::move(edge));
      }
    }
    for (OpId op : block.ops) {
      const OpEntry &entry = result.ops[op];
      bool isRegionOp = nested.count(op) != 0;
      OpId parent = block.parentOp;
      for (BlockId to : entry.regionSuccessors) {
        if (payloadBlocks.count(to))
          continue;
        if (!drawn.count(to)) {
          ++dropped;
          continue;
        }
        GraphEdge edge;
        edge.from = b;
        edge.fromPort = portOf(op);
        edge.to = to;
        if (isRegionOp) {
          edge.kind = EdgeKind::RegionEntry;
        } else {
          bool back = result.blocks[to].parentOp == parent &&
                      result.blocks[to].region <= block.region;
          edge.kind = back ? EdgeKind::RegionBack : EdgeKind::RegionNext;
          edge.backEdge = back;
          edge.label = valueList(forwardedByTerminator(op));
        }
        graph.edges.push_back(std::move(edge));
      }
      if (!isRegionOp && entry.toParent && parent != kNone) {
        BlockId parentBlock = result.ops[parent].block;
        if (!drawn.count(parentBlock)) {
          ++dropped;
          continue;
        }
        GraphEdge edge;
        edge.kind = EdgeKind::RegionYield;
        edge.from = b;
        edge.fromPort = portOf(op);
        edge.to = parentBlock;
        edge.toPort = portOf(parent);
        edge.label = valueList(forwardedByTerminator(op));
        graph.edges.push_back(std::move(edge));
      }
    }
  }
  if (dropped)
    graph.notes.push_back(std::to_string(dropped) +
                          " edges to blocks not drawn are not shown");
}

// Branch edges that close a cycle: a depth-first search from each region's
// entry block marks edges into blocks still on its stack.
void Builder::markBackEdges(FunctionGraph &graph) {
  std::map<BlockId, std::vector<size_t>> out;
  for (size_t e = 0; e < graph.edges.size(); ++e)
    if (graph.edges[e].kind == EdgeKind::Branch)
      out[graph.edges[e].from].push_back(e);
  std::map<BlockId, int> state; // 1 on stack, 2 done.
  for (BlockId root : allBlocks) {
    if (state[root] != 0)
      continue;
    // Iterative: a 500-block chain must not overflow the stack.
    std::vector<std::pair<BlockId, size_t>> stack{{root, 0}};
    state[root] = 1;
    while (!stack.empty()) {
      auto &[b, next] = stack.back();
      const std::vector<size_t> &edges = out[b];
      if (next == edges.size()) {
        state[b] = 2;
        stack.pop_back();
        continue;
      }
      GraphEdge &edge = graph.edges[edges[next++]];
      int &s = state[edge.to];
      if (s == 1)
        edge.backEdge = true;
      else if (s == 0) {
        s = 1;
        stack.push_back({edge.to, 0});
      }
    }
  }
}

void Builder::attachFindings(FunctionGraph &graph) {
  const FunctionEntry &function = result.functions[fn];
  std::map<BlockId, GraphBlock *> byId;
  for (GraphBlock &b : graph.blocks)
    byId[b.block] = &b;
  for (const Finding &finding : result.findings) {
    uint32_t at = finding.range.begin;
    if (!function.fullRange.contains(at))
      continue;
    std::string code = finding.code == FindingCode::None
                           ? finding.source
                           : std::string(codeName(finding.code));
    std::string line = code + ": " + finding.message;
    // A block label or argument?
    bool placed = false;
    for (BlockId b : allBlocks) {
      const BlockEntry &block = result.blocks[b];
      bool onHeader =
          !block.labelRange.empty() && block.labelRange.contains(at);
      for (ValueId arg : block.arguments)
        onHeader = onHeader || result.values[arg].definition.contains(at);
      if (!onHeader)
        continue;
      placed = true;
      auto it = byId.find(b);
      if (it == byId.end())
        break;
      GraphBlock &gb = *it->second;
      gb.headerFindingCodes.push_back(code);
      gb.headerFindingMessages +=
          (gb.headerFindingMessages.empty() ? "" : "\n") + line;
      noteSeverity(gb.headerSeverity, finding.severity);
      if (finding.code == FindingCode::BL201)
        gb.criticalAlias = true;
      break;
    }
    if (placed)
      continue;
    // The innermost op containing it.
    OpId best = kNone;
    for (BlockId b : allBlocks)
      for (OpId op : result.blocks[b].ops) {
        SourceRange r = result.ops[op].fullRange;
        if (r.contains(at) &&
            (best == kNone ||
             r.end - r.begin < result.ops[best].fullRange.end -
                                   result.ops[best].fullRange.begin))
          best = op;
      }
    if (best == kNone) {
      graph.notes.push_back(line);
      continue;
    }
    auto it = byId.find(result.ops[best].block);
    if (it == byId.end())
      continue;
    GraphRow *row = nullptr;
    for (GraphRow &r : it->second->rows)
      if (r.op == best || (r.op == kNone && portOf(best) == "elided"))
        row = &r;
    if (!row)
      continue;
    row->findingCodes.push_back(code);
    row->findingMessages += (row->findingMessages.empty() ? "" : "\n") + line;
    noteSeverity(row->worstSeverity, finding.severity);
    if (finding.code == FindingCode::BL201)
      row->criticalAlias = true;
  }
}

// What the graph shows, in the user's terms. A stage graph draws the IR a
// strategy produced, which always frees memory: how that IR was analysed
// says nothing about the user's function, so only the input stage says how
// the function as written is read.
std::string describeStage(const std::string &stage, const FunctionEntry &fn) {
  if (stage == "classic")
    return "with the clones and deallocations of the classic "
           "BufferDeallocation algorithm";
  if (stage == "ownership")
    return "after ownership-based-buffer-deallocation";
  if (stage == "pipeline")
    return "after buffer-deallocation-pipeline";
  // A function that was not analysed was not checked or explained either
  // (and one that does not verify has no stage: its effects are unknown).
  if (!fn.analysed)
    return "as written";
  return fn.stage == Stage::Deallocated
             ? "as written, which frees memory: checked for leaks, double "
               "frees and use after free"
             : "as written, which frees nothing yet: deallocation explained";
}

FunctionGraph Builder::build() {
  const FunctionEntry &function = result.functions[fn];
  FunctionGraph graph;
  graph.name = function.name;
  graph.stage = options.stage;
  graph.title = "@" + function.name + "  \xC2\xB7  " +
                (plan ? describeTensorPlan(*plan)
                      : describeStage(options.stage, function));
  // A function on tensors is not analysed for deallocation, but drawn with
  // the tensor view's decisions, which is all the graph is about.
  if (!function.analysed && !plan)
    graph.notes.push_back(
        (function.notAnalysed.empty()
             ? std::string("the function does not verify")
             : "the function is not analysed: " + function.notAnalysed) +
        ": only its source structure is shown");
  if (!origins && !function.fullRange.empty())
    graph.range = toUser(function.fullRange, true);
  indexFunction();
  for (BlockId b : allBlocks)
    if (drawn.count(b))
      graph.blocks.push_back(makeBlock(b));
  for (BlockId b : function.blocks)
    if (drawn.count(b))
      graph.topLevel.push_back(b);
  if (allBlocks.size() > drawn.size())
    graph.notes.push_back(std::to_string(allBlocks.size() - drawn.size()) +
                          " of " + std::to_string(allBlocks.size()) +
                          " blocks not drawn (limit " +
                          std::to_string(options.limits.maxBlocks) + ")");
  size_t elidedOps = 0, elidedBlocks = 0;
  for (const GraphBlock &b : graph.blocks)
    if (b.elidedRows) {
      elidedOps += b.elidedRows;
      ++elidedBlocks;
    }
  if (elidedOps)
    graph.notes.push_back(
        std::to_string(elidedOps) + " ops in " + std::to_string(elidedBlocks) +
        " long blocks not shown (limit " +
        std::to_string(options.limits.maxRowsPerBlock) + " rows per block)");
  if (origins) {
    bool linked = false;
    for (const GraphBlock &b : graph.blocks)
      for (const GraphRow &r : b.rows)
        linked = linked || r.range.has_value();
    if (!linked)
      graph.notes.push_back("no op of this rewrite carries a location in the "
                            "user's file: nothing here links back to it");
  }
  addEdges(graph);
  markBackEdges(graph);
  attachFindings(graph);
  if (plan)
    addTensorView(result, *plan, graph);
  return graph;
}

} // namespace

FunctionGraph viz::buildFunctionGraph(const AnalysisResult &result,
                                      FunctionId fn,
                                      const GraphOptions &options,
                                      const OriginMap *origins) {
  FunctionGraph graph = Builder(result, fn, options, origins).build();
  if (!options.path.empty())
    markPath(graph, options.path);
  return graph;
}
