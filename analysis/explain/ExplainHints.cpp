//===- ExplainHints.cpp - Short forms of Explain's words ------------------===//
//
// The inlay hints of the editor, worded next to Explain.cpp's
// long forms so the two stay consistent.
//
//===----------------------------------------------------------------------===//

#include "analysis/explain/Explain.h"
#include "support/RegularFile.h"

#include "llvm/ADT/STLExtras.h"

#include <sstream>

using namespace bufferlens;

// The lattice element as OwnershipBasedBufferDeallocation.md writes it.
static std::string latticeText(const Ownership &own) {
  switch (own.kind) {
  case Ownership::Kind::Uninitialized:
    return "uninitialized";
  case Ownership::Kind::Unique:
    return "unique(" + own.indicator + ")";
  case Ownership::Kind::Unknown:
    return "unknown";
  }
  return "";
}

static const ValueOwnership *stateAt(const AnalysisResult &result, ValueId id) {
  const ValueEntry &value = result.values[id];
  if (value.function == kNone ||
      static_cast<size_t>(value.function) >= result.ownership.size())
    return nullptr;
  const OwnershipFacts &facts = result.ownership[value.function];
  if (!facts.computed)
    return nullptr;
  for (const ValueOwnership &state : facts.states)
    if (state.value == id && state.block == value.block)
      return &state;
  return nullptr;
}

OwnershipHint bufferlens::ownershipHint(const AnalysisResult &result,
                                        ValueId id) {
  OwnershipHint hint;
  if (const ValueOwnership *state = stateAt(result, id)) {
    const Ownership &own = state->ownership;
    if (own.kind == Ownership::Kind::Uninitialized)
      return hint;
    if (own.kind == Ownership::Kind::Unique && own.indicator == "true")
      hint.label = "owned";
    else if (own.kind == Ownership::Kind::Unique && own.indicator == "false")
      hint.label = "borrowed";
    else
      hint.label = latticeText(own);
    hint.tooltip = "ownership in " + result.blocks[state->block].label +
                   " (ownership-based deallocation): " + latticeText(own);
    if (!own.reason.empty())
      hint.tooltip += " — " + own.reason;
    return hint;
  }
  const BufferFact *fact = result.bufferFact(id);
  if (!fact)
    return hint;
  switch (fact->kind) {
  case BufferKind::HeapAlloc:
  case BufferKind::CallResult:
    hint.label = "owned";
    break;
  case BufferKind::FunctionArgument:
  case BufferKind::StackAlloc:
  case BufferKind::Global:
    hint.label = "borrowed";
    break;
  case BufferKind::View:
  case BufferKind::Merge:
  case BufferKind::Unknown:
    hint.label = "unknown";
    break;
  }
  hint.tooltip = std::string("from the allocation kind (") +
                 toString(fact->kind) +
                 "); the ownership-based pass did not run on this function";
  return hint;
}

OwnershipHint bufferlens::freeHint(const AnalysisResult &result,
                                   const DeallocSite &site) {
  OwnershipHint hint;
  std::string names, conditions;
  std::vector<ValueId> said;
  for (const DeallocCandidate &candidate : site.memrefs) {
    if (candidate.memref == kNone || candidate.condition == "false")
      continue;
    // The pass can list one user value twice (the buffer as it arrived and
    // its own copy): one line per name.
    if (llvm::is_contained(said, candidate.memref))
      continue;
    said.push_back(candidate.memref);
    const std::string &name = result.values[candidate.memref].name;
    // `bufferization.dealloc` never frees a memref it also retains (the
    // op's documentation: retained values are not deallocated, their
    // ownership is returned instead), e.g. the buffer a `return` hands on.
    if (llvm::is_contained(site.retained, candidate.memref)) {
      conditions += "\n" + name + ": retained (passed on, not freed)";
      continue;
    }
    names += (names.empty() ? "" : ", ") + name;
    conditions += "\n" + name + ": freed if " + candidate.condition;
    for (const DeallocCandidate &other : site.memrefs)
      if (other.memref == candidate.memref && &other != &candidate &&
          other.condition != "false" && other.condition != candidate.condition)
        conditions += ", or if " + other.condition;
  }
  if (names.empty())
    return hint;
  hint.label = "frees " + names;
  hint.tooltip = "the deallocation pipeline inserts a "
                 "`bufferization.dealloc` here:" +
                 conditions;
  return hint;
}

std::string bufferlens::tensorBufferText(const TensorBuffer &buffer) {
  std::string text = "buffer (One-Shot Bufferize): " + buffer.why;
  if (buffer.bytes)
    text += " (" + std::to_string(*buffer.bytes) + " bytes)";
  return text;
}

OwnershipHint bufferlens::tensorHint(const TensorBuffer &buffer) {
  OwnershipHint hint;
  // The size as the product prints sizes (describeByteCount): exact, in
  // the largest binary unit that holds it.
  std::string size =
      buffer.bytes ? " " + describeByteCount(*buffer.bytes) : std::string();
  switch (buffer.kind) {
  case TensorBuffer::Kind::InPlace:
    hint.label = "in place";
    break;
  case TensorBuffer::Kind::NewAllocation:
    hint.label = "alloc" + size;
    break;
  case TensorBuffer::Kind::Copy:
    hint.label = "copy" + size;
    break;
  case TensorBuffer::Kind::Argument:
  case TensorBuffer::Kind::Other:
    return hint;
  }
  hint.tooltip = tensorBufferText(buffer);
  return hint;
}
