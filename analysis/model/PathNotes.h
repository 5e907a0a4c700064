//===- PathNotes.h - A finding's path as the notes every front end shows --===//
//
// The text output, the GitHub annotations and the LSP diagnostics show a
// finding's path as numbered notes ("1. %a is allocated here") followed by
// the related locations no step already points at. They share this one
// wording so that the command line and the editor say the same.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_PATHNOTES_H
#define BUFFERLENS_ANALYSIS_MODEL_PATHNOTES_H

#include "analysis/model/ModelTypes.h"

#include <string>
#include <vector>

namespace bufferlens {

/// The finding's path steps, numbered from 1, then its related locations
/// whose range no step has.
std::vector<RelatedLocation> notesOf(const Finding &finding);

/// The step's kind as the JSON output spells it ("allocate", "branch"...).
const char *toString(PathStepKind kind);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_PATHNOTES_H
