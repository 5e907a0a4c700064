//===- CodeLensTest.cpp - textDocument/codeLens on analysed text ----------===//
//
// One lens per function with memrefs, on its name: its buffers, the
// classic plan's critical aliases, and where its buffers are freed (the
// ownership pass's deallocs that free something, or the frees the checker
// followed); counts of zero left out but for the buffers, singular and
// plural as the count says. On a function that still works on tensors, the
// allocations and copies of its One-Shot Bufferize plan, or that the pass
// fails on it.
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

TEST(CodeLensTest, TensorFunctionsCountAllocationsAndCopies) {
  // One lens per function in document order: the tensor functions' from
  // their One-Shot Bufferize plans (upstream's bufferized output has a
  // `memref.alloc` per allocation and a `memref.copy` per copy), the memref
  // function's as before, none on @scalar.
  Annotations code(
      "func.func $twice[[@twice]](%t: tensor<4xf32>, %v: f32) -> "
      "(tensor<4xf32>, tensor<4xf32>, f32) {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %c1 = arith.constant 1 : index\n"
      "  %a = tensor.insert %v into %t[%c0] : tensor<4xf32>\n"
      "  %b = tensor.insert %v into %t[%c1] : tensor<4xf32>\n"
      "  %r = tensor.extract %t[%c0] : tensor<4xf32>\n"
      "  return %a, %b, %r : tensor<4xf32>, tensor<4xf32>, f32\n"
      "}\n"
      "func.func $once[[@once]](%t: tensor<4xf32>, %v: f32) -> "
      "(tensor<4xf32>, f32) {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %w = tensor.insert %v into %t[%c0] : tensor<4xf32>\n"
      "  %r = tensor.extract %t[%c0] : tensor<4xf32>\n"
      "  return %w, %r : tensor<4xf32>, f32\n"
      "}\n"
      "func.func $memref[[@memref]]() {\n"
      "  %0 = memref.alloc() : memref<2xf32>\n"
      "  return\n"
      "}\n"
      "func.func $inPlace[[@in_place]](%t: tensor<4xf32>, %v: f32) -> "
      "tensor<4xf32> {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %w = tensor.insert %v into %t[%c0] : tensor<4xf32>\n"
      "  return %w : tensor<4xf32>\n"
      "}\n"
      "func.func @scalar(%x: i32) -> i32 {\n"
      "  return %x : i32\n"
      "}\n"
      "func.func $fill[[@fill]](%v: f32) -> tensor<16xf32> {\n"
      "  %e = tensor.empty() : tensor<16xf32>\n"
      "  %f = linalg.fill ins(%v : f32) outs(%e : tensor<16xf32>) -> "
      "tensor<16xf32>\n"
      "  return %f : tensor<16xf32>\n"
      "}\n"
      "func.func $fails[[@fails]](%t: tensor<16xf32>, %n: index) -> "
      "tensor<16xf32> {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %c1 = arith.constant 1 : index\n"
      "  %f = arith.constant 1.0 : f32\n"
      "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> "
      "tensor<16xf32> {\n"
      "    %e = tensor.empty() : tensor<16xf32>\n"
      "    %x = linalg.fill ins(%f : f32) outs(%e : tensor<16xf32>) -> "
      "tensor<16xf32>\n"
      "    scf.yield %x : tensor<16xf32>\n"
      "  }\n"
      "  return %r : tensor<16xf32>\n"
      "}\n");
  EXPECT_EQ(
      lenses(code),
      (std::vector<Lens>{
          {code.range("twice"), "2 allocations · 2 copies", "twice"},
          {code.range("once"), "1 allocation · 1 copy", "once"},
          {code.range("memref"), "1 buffer · frees at 1 block end", "memref"},
          {code.range("inPlace"), "0 allocations · 0 copies", "in_place"},
          {code.range("fill"), "1 allocation · 0 copies", "fill"},
          {code.range("fails"), "bufferization fails", "fails"}}));
}
