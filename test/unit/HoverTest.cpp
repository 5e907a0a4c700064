//===- HoverTest.cpp - textDocument/hover on analysed text ----------------===//
//
// The hover's range is the name under the cursor; its text is the one
// `bufferlens explain` prints. (Line numbers in a snapshot part reused
// from an earlier version: IncrementalAnalysisTest.)
//
//===----------------------------------------------------------------------===//

#include "Annotations.h"
#include "TestUtil.h"
#include "ide/Features.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using bufferlens::test::Annotations;

namespace {
const char *kCode = "func.func @f(%c: i1) {\n"
                    "  $def[[%0]] = memref.alloc() : memref<2xf32>\n"
                    "  cf.cond_br %c, ^bb1, ^bb2\n"
                    "$label[[^bb1]]:\n"
                    "  $op[[memref.dealloc]] $use[[%0]] : memref<2xf32>\n"
                    "  return\n"
                    "^bb2:\n"
                    "$none^  return\n"
                    "}\n";

std::string valueHover(int freedAtLine) {
  return "**%0** : `memref<2xf32>` in `@f` (deallocated)\n"
         "\n"
         "heap allocation (`memref.alloc`): owned by this function, 8 bytes\n"
         "\n"
         "classic deallocation: not planned: the function already frees "
         "memory (it is analysed as deallocated IR), and the classic "
         "algorithm applies to bufferized IR only\n"
         "\n"
         "freed by:\n"
         "- `memref.dealloc` at line " +
         std::to_string(freedAtLine) + "\n";
}
} // namespace

TEST(HoverTest, ValuesBlocksAndOps) {
  Annotations code(kCode);
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  Snapshot snapshot(std::move(result), "file:///t.mlir", 1);

  std::optional<HoverInfo> hover = hoverAt(snapshot, code.range("use").end);
  ASSERT_TRUE(hover);
  EXPECT_EQ(hover->range, code.range("use"));
  EXPECT_EQ(hover->markdown, valueHover(5));
  hover = hoverAt(snapshot, code.range("def").begin);
  ASSERT_TRUE(hover);
  EXPECT_EQ(hover->range, code.range("def"));

  hover = hoverAt(snapshot, code.range("label").begin + 2);
  ASSERT_TRUE(hover);
  EXPECT_EQ(hover->range, code.range("label"));
  EXPECT_EQ(hover->markdown, "**^bb1** in `@f`\n\npredecessors: ^bb0\n");

  hover = hoverAt(snapshot, code.range("op").begin);
  ASSERT_TRUE(hover);
  EXPECT_EQ(hover->range, code.range("op"));
  EXPECT_EQ(hover->markdown, "**memref.dealloc** in ^bb1 of `@f`\n");

  EXPECT_FALSE(hoverAt(snapshot, code.point("none")));
}

// An unlabelled region block is named by the line its code ends on. The
// then region's `scf.yield` is implicit, so it is the line of the last op
// written there: 5, not the document's first line.
TEST(HoverTest, RegionBlockWithAnImplicitTerminatorEndsOnItsLastWrittenOp) {
  Annotations code("func.func @f(%c: i1, %out: memref<f32>) {\n"
                   "  scf.if %c {\n"
                   "    %0 = memref.alloc() : memref<f32>\n"
                   "    %v = memref.load $use[[%0]][] : memref<f32>\n"
                   "    memref.store %v, %out[] : memref<f32>\n"
                   "  }\n"
                   "  return\n"
                   "}\n");
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  Snapshot snapshot(std::move(result), "file:///t.mlir", 1);
  std::optional<HoverInfo> hover = hoverAt(snapshot, code.range("use").begin);
  ASSERT_TRUE(hover);
  EXPECT_EQ(hover->markdown,
            "**%0** : `memref<f32>` in `@f` (bufferized)\n"
            "\n"
            "heap allocation (`memref.alloc`): owned by this function, 4 "
            "bytes\n"
            "\n"
            "classic deallocation:\n"
            "- tracked heap allocation\n"
            "- freed: `memref.dealloc` after `memref.load` in the then region "
            "of scf.if\n"
            "- hoisting: can move to the entry block\n"
            "- stack: can become a `memref.alloca`\n"
            "\n"
            "ownership (ownership-based deallocation):\n"
            "- in the then region of scf.if (ending on line 5): unique(true)\n"
            "\n"
            "deallocation:\n"
            "- at the end of the then region of scf.if (ending on line 5) when "
            "leaving the region: freed if true\n");
}
