//===- XRefsTest.cpp - Definition, references and highlights --------------===//
//
// textDocument/definition, references and documentHighlight on analysed
// text, with the exact ranges the annotations mark.
//
//===----------------------------------------------------------------------===//

#include "Annotations.h"
#include "TestUtil.h"
#include "ide/Features.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using bufferlens::test::Annotations;

namespace {
struct XRefsTest : ::testing::Test {
  Annotations code{"func.func @f(%c: i1) {\n"
                   "  $cst[[%f]] = arith.constant 1.0 : f32\n"
                   "  $def[[%0]] = memref.alloc() : memref<f32>\n"
                   "  cf.cond_br %c, $use1[[^bb1]], $use2[[^bb1]]\n"
                   "$label[[^bb1]]:\n"
                   "  memref.store $fuse[[%f]], $store[[%0]][] : memref<f32>\n"
                   "  memref.dealloc $free[[%0]]$after^ : memref<f32>\n"
                   "  $op[[return]]\n"
                   "}\n"};
  std::unique_ptr<Snapshot> snapshot;
  void SetUp() override {
    AnalysisResult result = test::analyze(code.code());
    ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
    snapshot =
        std::make_unique<Snapshot>(std::move(result), "file:///t.mlir", 1);
  }
  std::vector<std::pair<SourceRange, int>> highlights(uint32_t offset) {
    std::vector<std::pair<SourceRange, int>> out;
    for (const HighlightInfo &h : highlightsAt(*snapshot, offset))
      out.push_back({h.range, h.kind});
    return out;
  }
};
} // namespace

TEST_F(XRefsTest, DefinitionOfValuesAndBlocks) {
  EXPECT_EQ(definitionAt(*snapshot, code.range("free").begin),
            code.range("def"));
  // The cursor right after the name, as after a double click.
  EXPECT_EQ(definitionAt(*snapshot, code.point("after")), code.range("def"));
  EXPECT_EQ(definitionAt(*snapshot, code.range("def").begin),
            code.range("def"));
  EXPECT_EQ(definitionAt(*snapshot, code.range("use2").begin + 1),
            code.range("label"));
  // An op's name has no definition to go to.
  EXPECT_EQ(definitionAt(*snapshot, code.range("op").begin), std::nullopt);
}

TEST_F(XRefsTest, ReferencesWithAndWithoutTheDeclaration) {
  uint32_t at = code.range("store").begin;
  EXPECT_EQ(referencesAt(*snapshot, at, /*includeDeclaration=*/true),
            (std::vector<SourceRange>{code.range("def"), code.range("store"),
                                      code.range("free")}));
  EXPECT_EQ(
      referencesAt(*snapshot, at, /*includeDeclaration=*/false),
      (std::vector<SourceRange>{code.range("store"), code.range("free")}));
  EXPECT_EQ(referencesAt(*snapshot, code.range("fuse").begin, false),
            (std::vector<SourceRange>{code.range("fuse")}));
}

TEST_F(XRefsTest, HighlightsWriteTheDefinitionAndReadTheUses) {
  EXPECT_EQ(highlights(code.range("def").begin),
            (std::vector<std::pair<SourceRange, int>>{
                {code.range("def"), HighlightInfo::Write},
                {code.range("store"), HighlightInfo::Read},
                {code.range("free"), HighlightInfo::Read}}));
  EXPECT_EQ(highlights(code.range("label").begin),
            (std::vector<std::pair<SourceRange, int>>{
                {code.range("label"), HighlightInfo::Text},
                {code.range("use1"), HighlightInfo::Text},
                {code.range("use2"), HighlightInfo::Text}}));
  EXPECT_TRUE(highlights(code.range("op").begin).empty());
}

// The parser records the uses of `%r#0` and `%r#1` on the group `%r`:
// each result has only the uses that name it, so highlighting `%r#1`
// does not light `%r#0`, and the cursor on `%r#1` is on `%r#1`.
TEST(XRefsResultGroupTest, EachResultOfAGroupHasItsOwnUses) {
  Annotations code{
      "func.func private @two() -> (memref<f32>, memref<f32>)\n"
      "func.func @g() {\n"
      "  $def[[%r]]:2 = call @two() : () -> (memref<f32>, memref<f32>)\n"
      "  memref.dealloc $first[[%r]]#0 : memref<f32>\n"
      "  memref.dealloc $second[[%r]]#1 : memref<f32>\n"
      "  return\n"
      "}\n"};
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  Snapshot snapshot(std::move(result), "file:///t.mlir", 1);
  auto highlights = [&](uint32_t offset) {
    std::vector<std::pair<SourceRange, int>> out;
    for (const HighlightInfo &h : highlightsAt(snapshot, offset))
      out.push_back({h.range, h.kind});
    return out;
  };
  EXPECT_EQ(highlights(code.range("second").begin),
            (std::vector<std::pair<SourceRange, int>>{
                {code.range("def"), HighlightInfo::Write},
                {code.range("second"), HighlightInfo::Read}}));
  EXPECT_EQ(highlights(code.range("first").begin),
            (std::vector<std::pair<SourceRange, int>>{
                {code.range("def"), HighlightInfo::Write},
                {code.range("first"), HighlightInfo::Read}}));
}
