//===- CodeLensTest.cpp - textDocument/codeLens on analysed text ----------===//
//
// One lens per function with memrefs, on its name: its buffers, the
// classic plan's critical aliases, and where its buffers are freed (the
// ownership pass's deallocs that free something, or the frees the checker
// followed); counts of zero left out but for the buffers, singular and
// plural as the count says.
//
//===----------------------------------------------------------------------===//

#include "Annotations.h"
#include "TestUtil.h"
#include "ide/Features.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using bufferlens::test::Annotations;

namespace {
struct Lens {
  SourceRange range;
  std::string title;
  std::string function;
  friend bool operator==(const Lens &a, const Lens &b) {
    return a.range == b.range && a.title == b.title && a.function == b.function;
  }
  friend std::ostream &operator<<(std::ostream &os, const Lens &lens) {
    return os << "[" << lens.range.begin << ", " << lens.range.end << ") "
              << lens.function << ": " << lens.title;
  }
};

std::vector<Lens> lenses(const Annotations &code) {
  AnalysisResult result = test::analyze(code.code());
  EXPECT_EQ(test::mlirErrors(result), std::vector<std::string>());
  Snapshot snapshot(std::move(result), "file:///t.mlir", 1);
  std::vector<Lens> out;
  for (const CodeLensInfo &lens : codeLenses(snapshot))
    out.push_back({lens.range, lens.title, lens.function});
  return out;
}
} // namespace

TEST(CodeLensTest, BuffersCriticalAliasesAndFrees) {
  // BufferDeallocationInternals.md's condBranch: %1 joins %a and %0, a
  // critical alias; the ownership pass frees at the return.
  Annotations code(
      "func.func $branch[[@condBranch]](%c: i1, %a: memref<2xf32>) {\n"
      "  cf.cond_br %c, ^bb1, ^bb2\n"
      "^bb1:\n"
      "  cf.br ^bb3(%a : memref<2xf32>)\n"
      "^bb2:\n"
      "  %0 = memref.alloc() : memref<2xf32>\n"
      "  cf.br ^bb3(%0 : memref<2xf32>)\n"
      "^bb3(%1: memref<2xf32>):\n"
      "  %2 = memref.alloc() : memref<2xf32>\n"
      "  memref.copy %1, %2 : memref<2xf32> to memref<2xf32>\n"
      "  return\n"
      "}\n"
      "func.func @no_memrefs(%x: i32) -> i32 {\n"
      "  return %x : i32\n"
      "}\n"
      "func.func $borrowed[[@borrowed]](%m: memref<2xf32>) {\n"
      "  return\n"
      "}\n"
      "func.func $freed[[@freed]]() {\n"
      "  %0 = memref.alloc() : memref<2xf32>\n"
      "  %1 = memref.alloca() : memref<2xf32>\n"
      "  memref.dealloc %0 : memref<2xf32>\n"
      "  return\n"
      "}\n");
  EXPECT_EQ(
      lenses(code),
      (std::vector<Lens>{
          {code.range("branch"),
           "2 buffers · 1 critical alias · frees at 1 block end", "condBranch"},
          {code.range("borrowed"), "0 buffers", "borrowed"},
          {code.range("freed"), "2 buffers · 1 free", "freed"}}));
}

TEST(CodeLensTest, PluralsAndOneLensPerFunction) {
  // Two frees written; the ownership pass frees at both returns of @two_exits.
  Annotations code("func.func $both[[@both]]() {\n"
                   "  %0 = memref.alloc() : memref<2xf32>\n"
                   "  %1 = memref.alloc() : memref<2xf32>\n"
                   "  memref.dealloc %0 : memref<2xf32>\n"
                   "  memref.dealloc %1 : memref<2xf32>\n"
                   "  return\n"
                   "}\n"
                   "func.func $exits[[@two_exits]](%c: i1) {\n"
                   "  %0 = memref.alloc() : memref<2xf32>\n"
                   "  cf.cond_br %c, ^bb1, ^bb2\n"
                   "^bb1:\n"
                   "  return\n"
                   "^bb2:\n"
                   "  return\n"
                   "}\n");
  EXPECT_EQ(
      lenses(code),
      (std::vector<Lens>{{code.range("both"), "2 buffers · 2 frees", "both"},
                         {code.range("exits"),
                          "1 buffer · frees at 2 block ends", "two_exits"}}));
}
