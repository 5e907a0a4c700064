//===- SameAnswers.h - Two snapshots answering alike ----------------------===//
//
// Snapshots made another way (an edit's reused parts, a reach analysed
// alone) must answer what a whole analysis of the same text answers. The
// tests compare them where users look most: the hover after each sigil.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_TEST_SAMEANSWERS_H
#define BUFFERLENS_TEST_SAMEANSWERS_H

#include "ide/Features.h"

#include <gtest/gtest.h>

#include <string_view>

namespace bufferlens::test {

/// Expects `got` and `want` (snapshots of `text`) to give the same hover
/// just after each of `sigils` in [begin, end); returns how many hovers
/// there were.
inline size_t expectSameHovers(const Snapshot &got, const Snapshot &want,
                               std::string_view text, uint32_t begin,
                               uint32_t end, std::string_view sigils) {
  size_t compared = 0;
  for (uint32_t offset = begin; offset < end; ++offset) {
    if (sigils.find(text[offset]) == std::string_view::npos)
      continue;
    std::optional<HoverInfo> a = hoverAt(got, offset + 1);
    std::optional<HoverInfo> b = hoverAt(want, offset + 1);
    EXPECT_EQ(a.has_value(), b.has_value()) << offset;
    if (!a || !b)
      continue;
    EXPECT_EQ(a->markdown, b->markdown) << offset;
    EXPECT_EQ(a->range, b->range) << offset;
    ++compared;
  }
  return compared;
}

} // namespace bufferlens::test

#endif // BUFFERLENS_TEST_SAMEANSWERS_H
