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

#include <map>

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

// Functions that still work on tensors: after each tensor value an op
// defines, where One-Shot Bufferize (bufferize-function-boundaries) gets its
// buffer: "in place", "alloc <size>" ("alloc" when dynamic), "copy <size>";
// the size as describeByteCount prints sizes. Arguments and values that are
// not tensors get none, nor a function the pass fails on.
TEST(InlayHintsTest, TensorBuffersAfterTensorDefinitions) {
  Annotations code(
      "func.func @raw(%t: tensor<4x8xf32>, %v: f32) -> (tensor<4x8xf32>, "
      "f32) {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %w$copy^ = tensor.insert %v into %t[%c0, %c0] : tensor<4x8xf32>\n"
      "  %r = tensor.extract %t[%c0, %c0] : tensor<4x8xf32>\n"
      "  return %w, %r : tensor<4x8xf32>, f32\n"
      "}\n"
      "func.func @rbw(%t: tensor<4x8xf32>, %v: f32) -> (tensor<4x8xf32>, "
      "f32) {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %r = tensor.extract %t[%c0, %c0] : tensor<4x8xf32>\n"
      "  %w$inplace^ = tensor.insert %v into %t[%c0, %c0] : "
      "tensor<4x8xf32>\n"
      "  return %w, %r : tensor<4x8xf32>, f32\n"
      "}\n"
      "func.func @fill(%v: f32, %n: index) -> (tensor<16x16xf32>, "
      "tensor<?xf32>) {\n"
      "  %e$empty^ = tensor.empty() : tensor<16x16xf32>\n"
      "  %f$fill^ = linalg.fill ins(%v : f32) outs(%e : tensor<16x16xf32>) "
      "-> tensor<16x16xf32>\n"
      "  %d$dynamic^ = tensor.empty(%n) : tensor<?xf32>\n"
      "  return %f, %d : tensor<16x16xf32>, tensor<?xf32>\n"
      "}\n"
      "$failsBegin^func.func @fails(%t: tensor<16xf32>, %n: index) -> "
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
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  Snapshot snapshot(std::move(result), "file:///t.mlir", 1);
  uint32_t end = static_cast<uint32_t>(code.code().size());
  EXPECT_EQ(hints(snapshot, {0, end}),
            (std::vector<std::pair<uint32_t, std::string>>{
                {code.point("copy"), "copy 128 bytes"},
                {code.point("inplace"), "in place"},
                {code.point("empty"), "alloc 1 KiB"},
                {code.point("fill"), "in place"},
                {code.point("dynamic"), "alloc"}}));
  EXPECT_EQ(hints(snapshot, {code.point("failsBegin"), end}),
            (std::vector<std::pair<uint32_t, std::string>>{}));

  // The tooltips are the hover's line: the plan's why, and the exact size.
  std::map<uint32_t, std::string> tooltips;
  for (const InlayHintInfo &hint : inlayHints(snapshot, {0, end}))
    tooltips[hint.offset] = hint.tooltip;
  EXPECT_EQ(tooltips[code.point("copy")],
            "buffer (One-Shot Bufferize): a copy of the buffer of `%t` "
            "(operand #1 of `tensor.insert`), made here: the operand is "
            "bufferized out of place because `tensor.extract` still reads "
            "the old contents after this write (128 bytes)");
  EXPECT_EQ(tooltips[code.point("inplace")],
            "buffer (One-Shot Bufferize): in place: the buffer of `%t` "
            "(operand #1 of `tensor.insert`)");
  EXPECT_EQ(tooltips[code.point("empty")],
            "buffer (One-Shot Bufferize): a new allocation here "
            "(`tensor.empty` bufferizes to `memref.alloc`) (1024 bytes)");
  EXPECT_EQ(tooltips[code.point("fill")],
            "buffer (One-Shot Bufferize): in place: the buffer of `%e` "
            "(operand #1 of `linalg.fill`)");
  EXPECT_EQ(tooltips[code.point("dynamic")],
            "buffer (One-Shot Bufferize): a new allocation here "
            "(`tensor.empty` bufferizes to `memref.alloc`)");
}
