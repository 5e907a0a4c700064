//===- Model.cpp ----------------------------------------------------------===//

#include "analysis/model/Model.h"
#include "analysis/model/FindingCodes.h"
#include "analysis/model/Names.h"
#include "analysis/model/Options.h"

#include <algorithm>
#include <unordered_set>

using namespace bufferlens;

const BufferFact *AnalysisResult::bufferFact(ValueId value) const {
  if (value < 0 || static_cast<size_t>(value) >= values.size())
    return nullptr;
  int32_t index = values[value].buffer;
  return index == kNone ? nullptr : &buffers[index];
}

const TensorPlan *AnalysisResult::tensorPlan(FunctionId function) const {
  for (const TensorPlan &plan : tensor)
    if (plan.function == function)
      return &plan;
  return nullptr;
}

ValueId AnalysisResult::valueAt(uint32_t offset) const {
  // Definitions and uses never overlap, so the first hit is the answer.
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i].definition.contains(offset))
      return i;
    for (const SourceRange &use : values[i].uses)
      if (use.contains(offset))
        return i;
  }
  return kNone;
}

const char *bufferlens::toString(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Info:
    return "info";
  case Severity::Hint:
    return "hint";
  }
  return "error";
}

std::optional<Severity> bufferlens::parseSeverity(std::string_view name) {
  for (Severity severity :
       {Severity::Error, Severity::Warning, Severity::Info, Severity::Hint})
    if (name == toString(severity))
      return severity;
  return std::nullopt;
}

std::optional<StageOverride>
bufferlens::parseStageOverride(std::string_view name) {
  if (name == "auto")
    return StageOverride::Auto;
  if (name == "bufferized")
    return StageOverride::Bufferized;
  if (name == "deallocated")
    return StageOverride::Deallocated;
  return std::nullopt;
}

const char *bufferlens::toString(BufferKind kind) {
  switch (kind) {
  case BufferKind::HeapAlloc:
    return "heap allocation";
  case BufferKind::StackAlloc:
    return "stack allocation";
  case BufferKind::Global:
    return "global";
  case BufferKind::CallResult:
    return "call result";
  case BufferKind::FunctionArgument:
    return "function argument";
  case BufferKind::View:
    return "view";
  case BufferKind::Merge:
    return "merge";
  case BufferKind::Unknown:
    return "unknown";
  }
  return "unknown";
}

const char *bufferlens::toString(Stage stage) {
  return stage == Stage::Bufferized ? "bufferized" : "deallocated";
}

bool AnalysisOptions::isEnabled(FindingCode code) const {
  auto it = enabled.find(code);
  return it == enabled.end() || it->second;
}

Severity AnalysisOptions::severityOf(FindingCode code) const {
  auto it = severity.find(code);
  if (it != severity.end())
    return it->second;
  if (code == FindingCode::None)
    return Severity::Error;
  return findingCodeInfo(code).defaultSeverity;
}

std::vector<ValueId> bufferlens::aliasesOf(const AnalysisResult &result,
                                           ValueId value) {
  std::vector<ValueId> ids;
  std::vector<ValueId> work{value};
  std::unordered_set<ValueId> seen{value};
  while (!work.empty()) {
    const BufferFact *fact = result.bufferFact(work.back());
    work.pop_back();
    if (!fact)
      continue;
    for (ValueId to : fact->flowsInto)
      if (seen.insert(to).second) {
        ids.push_back(to);
        work.push_back(to);
      }
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}
