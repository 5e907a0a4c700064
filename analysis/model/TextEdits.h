//===- TextEdits.h - Whole-line edits of the analysed text ----------------===//
//
// Fixes add and remove ops a line at a time, so the result reads like IR a
// person wrote: an inserted op gets a line of its own with the indentation
// of the op it goes before, a removed op takes its line with it. These
// helpers find those lines in the analysed text.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_TEXTEDITS_H
#define BUFFERLENS_ANALYSIS_MODEL_TEXTEDITS_H

#include "analysis/model/ModelTypes.h"

#include <optional>
#include <string_view>

namespace bufferlens {

/// An edit that puts `line` (an op, without indentation or newline) on a
/// line of its own right before the op that starts at `opBegin`, indented
/// like that op.
TextEdit insertLineBefore(std::string_view text, uint32_t opBegin,
                          std::string_view line);

/// An edit that puts `line` on a line of its own right after the op whose
/// text is `opRange`, indented like it; nullopt unless the op has its lines
/// to itself (see wholeLines), since a `}` after it on its line would put
/// the new line outside the op's region.
std::optional<TextEdit> insertLineAfter(std::string_view text,
                                        SourceRange opRange,
                                        std::string_view line);

/// The lines holding `range`, from the start of the first through the end
/// of the last line's terminator, when nothing but blanks precedes `range`
/// on its first line and nothing but blanks or a `//` comment follows it on
/// its last: deleting them removes exactly that text. Nullopt otherwise.
std::optional<SourceRange> wholeLines(std::string_view text, SourceRange range);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_TEXTEDITS_H
