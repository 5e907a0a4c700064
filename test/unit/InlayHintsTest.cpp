//===- InlayHintsTest.cpp - textDocument/inlayHint on analysed text -------===//
//
// After each memref definition its ownership; before a terminator where the
// ownership-based pipeline frees buffers, what it frees; only the hints
// whose position lies in the requested range.
//
//===----------------------------------------------------------------------===//

#include "Annotations.h"
#include "TestUtil.h"
#include "ide/Features.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using bufferlens::test::Annotations;

namespace {
std::vector<std::pair<uint32_t, std::string>> hints(const Snapshot &snapshot,
                                                    SourceRange range) {
  std::vector<std::pair<uint32_t, std::string>> out;
  for (const InlayHintInfo &hint : inlayHints(snapshot, range))
    out.push_back({hint.offset, hint.label});
  // Hints at the range's ends are in it.
  return out;
}
} // namespace

TEST(InlayHintsTest, OwnershipAfterDefinitionsAndFreesBeforeTerminators) {
  Annotations code("func.func @f(%arg0$arg^: memref<2xf32>) {\n"
                   "$first^  %0$kept^ = memref.alloc() : memref<2xf32>\n"
                   "  %1$dropped^ = memref.alloc() : memref<2xf32>\n"
                   "  memref.copy %0, %1 : memref<2xf32> to memref<2xf32>\n"
                   "  $ret^return\n"
                   "}\n");
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  Snapshot snapshot(std::move(result), "file:///t.mlir", 1);
  uint32_t end = static_cast<uint32_t>(code.code().size());
  EXPECT_EQ(hints(snapshot, {0, end}),
            (std::vector<std::pair<uint32_t, std::string>>{
                {code.point("arg"), "borrowed"},
                {code.point("kept"), "owned"},
                {code.point("dropped"), "owned"},
                {code.point("ret"), "frees %0, %1"}}));
  // A range of the body's first two lines: the hints inside it only.
  EXPECT_EQ(
      hints(snapshot, {code.point("first"), code.point("dropped")}),
      (std::vector<std::pair<uint32_t, std::string>>{
          {code.point("kept"), "owned"}, {code.point("dropped"), "owned"}}));
}

TEST(InlayHintsTest, ARetainedBufferIsNotListedAsFreed) {
  // Upstream's dealloc before the return is `bufferization.dealloc (%0, %1)
  // if (true, true) retain (%0)`: %0 is handed to the caller, only %1 is
  // freed (mlir-opt --ownership-based-buffer-deallocation on this function).
  Annotations code("func.func @g() -> memref<2xf32> {\n"
                   "  %0 = memref.alloc() : memref<2xf32>\n"
                   "  %1 = memref.alloc() : memref<2xf32>\n"
                   "  memref.copy %0, %1 : memref<2xf32> to memref<2xf32>\n"
                   "  $ret^return %0 : memref<2xf32>\n"
                   "}\n");
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  Snapshot snapshot(std::move(result), "file:///t.mlir", 1);
  std::vector<InlayHintInfo> all =
      inlayHints(snapshot, {0, static_cast<uint32_t>(code.code().size())});
  auto at = std::find_if(all.begin(), all.end(), [&](const InlayHintInfo &h) {
    return h.offset == code.point("ret");
  });
  ASSERT_NE(at, all.end());
  EXPECT_EQ(at->label, "frees %1");
  EXPECT_NE(at->tooltip.find("%0: retained (passed on, not freed)"),
            std::string::npos)
      << at->tooltip;
}
