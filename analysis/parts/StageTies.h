//===- StageTies.h - When one function's stage depends on the others ------===//
//
// In the auto stage, a module holding an op only upstream's deallocation
// pipeline writes (`bufferization.dealloc`, or the alias checks of its
// lowering, `memref.extract_aligned_pointer_as_index`) makes every
// function of it deallocated (analysis/Analyzer.cpp, moduleIsDeallocated).
// A part of a document, or an operation analysed without the others, may
// not hold that op: those analyses then run with every function
// deallocated, which is what the whole document decides.
//
// This is the lexical side of that rule, for the callers that see the
// whole text but analyse pieces of it: an op name outside comments,
// not followed by an identifier character (`bufferization.dealloc_tensor`
// is another op).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_PARTS_STAGETIES_H
#define BUFFERLENS_ANALYSIS_PARTS_STAGETIES_H

#include "analysis/model/Options.h"

#include <cctype>
#include <string_view>

namespace bufferlens {

/// The op names Analyzer.cpp's moduleIsDeallocated looks for.
constexpr std::string_view kDeallocationArtefacts[] = {
    "bufferization.dealloc", "memref.extract_aligned_pointer_as_index"};

/// Whether `text` names one of kDeallocationArtefacts outside a comment.
inline bool mentionsDeallocationArtefact(std::string_view text) {
  for (std::string_view name : kDeallocationArtefacts)
    for (size_t at = text.find(name); at != std::string_view::npos;
         at = text.find(name, at + 1)) {
      size_t end = at + name.size();
      if (end < text.size() &&
          (std::isalnum(static_cast<unsigned char>(text[end])) ||
           text[end] == '_' || text[end] == '.' || text[end] == '$'))
        continue;
      size_t lineBegin = text.rfind('\n', at);
      lineBegin = lineBegin == std::string_view::npos ? 0 : lineBegin + 1;
      if (text.substr(lineBegin, at - lineBegin).find("//") !=
          std::string_view::npos)
        continue;
      return true;
    }
  return false;
}

/// The options to analyse a piece of `text` with: in the auto stage, a
/// text that names a deallocation artefact has every function deallocated,
/// as the whole document's analysis decides.
inline AnalysisOptions optionsForPieceOf(std::string_view text,
                                         const AnalysisOptions &options) {
  AnalysisOptions out = options;
  if (options.stage == StageOverride::Auto &&
      mentionsDeallocationArtefact(text))
    out.stage = StageOverride::Deallocated;
  return out;
}

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_PARTS_STAGETIES_H
