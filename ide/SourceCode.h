//===- SourceCode.h - Positions as editors count them, and text edits -----===//
//
// Everything the features return is in byte offsets into one version of a
// document. Editors count positions as a line and a column in their own
// units: UTF-16 code units by default in LSP, bytes when a session
// negotiated UTF-8. This is the one place that converts between the two
// (clangd keeps the same job in clang-tools-extra/clangd/SourceCode.cpp),
// and that applies an edit given in positions to a text.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_IDE_SOURCECODE_H
#define BUFFERLENS_IDE_SOURCECODE_H

#include "analysis/model/LineIndex.h"
#include "analysis/model/ModelTypes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bufferlens {

/// The unit of a position's column.
enum class PositionEncoding { Utf16, Utf8 };

/// A 0-based line and a column in some PositionEncoding's units.
struct TextPosition {
  uint32_t line = 0;
  uint32_t character = 0;
};

struct TextPositionRange {
  TextPosition start, end;
};

/// The position of byte `offset` of the indexed text.
TextPosition positionOf(const LineIndex &lines, uint32_t offset,
                        PositionEncoding encoding);

/// The byte offset of `position`. A column past its line's end clamps to
/// the line's end (as LSP asks), a line past the last one to the text's
/// end.
uint32_t offsetOf(const LineIndex &lines, TextPosition position,
                  PositionEncoding encoding);

/// The same without an index of the text: the line breaks before the
/// position are counted (an edit's position is converted once, and
/// indexing a large text for it cost more than the rest of the edit).
/// Nothing when the line is past the last one (as clangd's
/// positionToOffset refuses it).
std::optional<uint32_t> offsetOfPosition(std::string_view text,
                                         TextPosition position,
                                         PositionEncoding encoding);

/// The bytes an edit's range covers in `text`, or none when it is not a
/// range of it (a line past the last one, an end before its start).
std::optional<SourceRange> rangeOfEdit(std::string_view text,
                                       TextPositionRange range,
                                       PositionEncoding encoding);

/// `text` with the bytes of `range` replaced by `replacement`, in one pass.
std::string applyEdit(std::string_view text, SourceRange range,
                      std::string_view replacement);

} // namespace bufferlens

#endif // BUFFERLENS_IDE_SOURCECODE_H
