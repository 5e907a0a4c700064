//===- TopLevelSplitTest.cpp - Cutting a document at top-level ops --------===//

#include "analysis/TopLevelSplit.h"
#include "Annotations.h"
#include "analysis/Analyzer.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using bufferlens::test::Annotations;

static std::vector<SourceRange> ranges(std::string_view text) {
  std::vector<SourceRange> out;
  for (const TopLevelChunk &chunk : splitTopLevel(text))
    out.push_back(chunk.range);
  return out;
}

TEST(TopLevelSplitTest, FunctionsAtFileLevel) {
  Annotations code(R"(// a comment { with a brace
#map = affine_map<(d0) -> (d0)>
$a[[func.func @a(%x: i32,
             %y: i32) {
  %s = "test.op"() {text = "}"} : () -> i32
  return
}
]]$b[[func.func private @b()
]])");
  std::vector<TopLevelChunk> chunks = splitTopLevel(code.code());
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_TRUE(chunks[0].shared); // The alias.
  EXPECT_EQ(chunks[1].range, code.range("a"));
  EXPECT_FALSE(chunks[1].shared);
  EXPECT_EQ(chunks[2].range, code.range("b"));
}

TEST(TopLevelSplitTest, FunctionsInsideALoneModule) {
  Annotations code(R"(module attributes {x = 1} {
  $a[[func.func @a() {
    return
  }
  ]]$b[[memref.global "private" @g : memref<2xf32>
]]})");
  EXPECT_EQ(ranges(code.code()),
            (std::vector<SourceRange>{code.range("a"), code.range("b")}));
}

TEST(TopLevelSplitTest, UnbalancedTextIsNotCut) {
  EXPECT_TRUE(ranges("func.func @a() {\n  return\n").empty());
  EXPECT_TRUE(ranges("}\nfunc.func @a() {\n}\n").empty());
}

TEST(TopLevelSplitTest, BlankingKeepsOffsetsAndLines) {
  std::string text = "ab\ncd\nef";
  EXPECT_EQ(blankOperations(text, {{1, 7}}), "a \n  \n f");
}

TEST(TopLevelSplitTest, BlankingKeepsCommentsAndDirectives) {
  std::string text = "func.func @a() { // bufferlens: stage=bufferized\n"
                     "  // bufferlens: disable-next-line BL101\n"
                     "  %0 = memref.alloc() : memref<2xf32> // a note\n"
                     "}\n";
  EXPECT_EQ(blankOperations(text, {{0, uint32_t(text.size())}}),
            std::string(17, ' ') + "// bufferlens: stage=bufferized\n" +
                "  // bufferlens: disable-next-line BL101\n" +
                std::string(47, ' ') + "\n \n");
}

// Analysing the document with one function blanked out gives that
// function's neighbours exactly the facts the whole-file analysis gives.
TEST(TopLevelSplitTest, BlankedFunctionLeavesTheOthersIntact) {
  std::string text = "func.func @a() {\n"
                     "  %m = memref.alloc() : memref<2xf32>\n"
                     "  memref.dealloc %m : memref<2xf32>\n"
                     "  memref.dealloc %m : memref<2xf32>\n"
                     "  return\n"
                     "}\n"
                     "func.func @b(%x: memref<2xf32>) {\n"
                     "  memref.dealloc %x : memref<2xf32>\n"
                     "  return\n"
                     "}\n";
  std::vector<TopLevelChunk> chunks = splitTopLevel(text);
  ASSERT_EQ(chunks.size(), 2u);
  AnalysisResult whole = analyzeDocument(text, "t.mlir", {});
  AnalysisResult onlyB =
      analyzeDocument(blankOperations(text, {chunks[0].range}), "t.mlir", {});
  std::vector<Finding> wholeB;
  for (const Finding &f : whole.findings)
    if (chunks[1].range.contains(f.range.begin))
      wholeB.push_back(f);
  ASSERT_EQ(onlyB.findings.size(), wholeB.size());
  ASSERT_FALSE(wholeB.empty());
  for (size_t i = 0; i < wholeB.size(); ++i) {
    EXPECT_EQ(onlyB.findings[i].code, wholeB[i].code);
    EXPECT_EQ(onlyB.findings[i].range, wholeB[i].range);
    EXPECT_EQ(onlyB.findings[i].message, wholeB[i].message);
  }
}

TEST(TopLevelSplitTest, SymbolNamesAsMlirResolvesThem) {
  std::string text = "func.func @a() {\n"
                     "  call @\"b c\"() : () -> () // @in_comment\n"
                     "  call @\"q\"() {note = \"@in_string\"} : () -> ()\n"
                     "  call @m::@n() : () -> ()\n"
                     "}\n"
                     "\"func.func\"() <{sym_name = \"gen\", "
                     "function_type = () -> ()}> ({}) : () -> ()\n";
  EXPECT_EQ(symbolNames(text),
            (std::vector<std::string>{"a", "b c", "q", "m", "n", "gen"}));
}

TEST(TopLevelSplitTest, BodylessSymbolsAreShared) {
  EXPECT_TRUE(isBodylessSymbol("func.func private @f(memref<2xf32>) -> i1"));
  EXPECT_TRUE(isBodylessSymbol(
      "func.func private @f() attributes {llvm.emit_c_interface}\n"));
  EXPECT_TRUE(isBodylessSymbol(
      "memref.global \"private\" constant @g : memref<2xf32> = "
      "dense<[1.0, 2.0]> {alignment = 64 : i64}"));
  EXPECT_FALSE(isBodylessSymbol("func.func @f() { return }"));
  EXPECT_FALSE(
      isBodylessSymbol("func.func @f() -> !x.my_attributes {\n  return\n}\n"));
  EXPECT_FALSE(isBodylessSymbol(
      "func.func @f() attributes {a = \"{\"} {\n  return\n}\n"));
  // The generic form and other ops are left alone.
  EXPECT_FALSE(isBodylessSymbol(
      "\"func.func\"() <{function_type = () -> (), sym_name = \"f\"}> "
      "({}) : () -> ()"));
  EXPECT_FALSE(isBodylessSymbol("gpu.module @m {\n}\n"));

  std::vector<TopLevelChunk> chunks =
      splitTopLevel("#map = affine_map<(d0) -> (d0)>\n"
                    "func.func private @ext()\n"
                    "func.func @f() {\n  return\n}\n");
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_TRUE(chunks[0].shared);
  EXPECT_TRUE(chunks[1].shared);
  EXPECT_FALSE(chunks[2].shared);
}
