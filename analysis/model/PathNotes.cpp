//===- PathNotes.cpp - A finding's path as numbered notes -----------------===//

#include "analysis/model/PathNotes.h"

#include <algorithm>

using namespace bufferlens;

std::vector<RelatedLocation> bufferlens::notesOf(const Finding &finding) {
  std::vector<RelatedLocation> notes;
  notes.reserve(finding.path.size() + finding.related.size());
  for (size_t i = 0; i < finding.path.size(); ++i)
    notes.push_back({finding.path[i].range,
                     std::to_string(i + 1) + ". " + finding.path[i].message});
  // A related location a step points at says the same as the step.
  for (const RelatedLocation &related : finding.related)
    if (std::none_of(
            finding.path.begin(), finding.path.end(),
            [&](const PathStep &step) { return step.range == related.range; }))
      notes.push_back(related);
  return notes;
}

const char *bufferlens::toString(PathStepKind kind) {
  switch (kind) {
  case PathStepKind::Enter:
    return "enter";
  case PathStepKind::Allocate:
    return "allocate";
  case PathStepKind::Branch:
    return "branch";
  case PathStepKind::Loop:
    return "loop";
  case PathStepKind::Call:
    return "call";
  case PathStepKind::Return:
    return "return";
  case PathStepKind::Free:
    return "free";
  case PathStepKind::Write:
    return "write";
  case PathStepKind::Read:
    return "read";
  case PathStepKind::Use:
    return "use";
  case PathStepKind::Exit:
    return "exit";
  }
  return "branch";
}
