//===- TensorCountsTest.cpp - What One-Shot Bufferize adds, per function --===//
//
// `lint`'s per-function counts (ide/TensorCounts.cpp): the allocations and
// copies of the stored tensor plans with their static bytes, in document
// order, from `lint`'s own analysis (findings only, no explanations), and
// each function counted once when the document is analysed in parts whose
// texts also hold the functions they call.
//
//===----------------------------------------------------------------------===//

#include "analysis/parts/Partition.h"
#include "ide/Features.h"
#include "ide/IncrementalAnalysis.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace bufferlens;

namespace {
std::string describe(const std::vector<TensorCounts> &counts) {
  std::ostringstream os;
  for (const TensorCounts &c : counts)
    os << "@" << c.function << ": " << c.allocations << " allocations ("
       << c.allocatedBytes << " bytes), " << c.copies << " copies ("
       << c.copiedBytes << " bytes)" << (c.bufferizes ? "" : ", fails") << "\n";
  return os.str();
}

/// As `lint` analyses a file.
std::vector<TensorCounts> lintCounts(const std::string &text,
                                     unsigned threads = 1,
                                     std::string *how = nullptr) {
  AnalysisOptions options;
  options.explanations = false;
  WholeRequest request;
  request.uri = "t.mlir";
  request.threads = threads;
  request.crashes = CrashPolicy::FailDocument;
  request.findingsOnly = true;
  WholeAnalysis analysis =
      analyzeWhole(std::make_shared<const std::string>(text), options, request);
  EXPECT_EQ(analysis.crash, 0);
  if (how)
    *how = analysis.how;
  return tensorCounts(*analysis.snapshot);
}

const char *kUpdate =
    "func.func @update(%t: tensor<64xf32>, %v: f32, %i: index)"
    " -> (tensor<64xf32>, f32) {\n"
    "  %w = tensor.insert %v into %t[%i] : tensor<64xf32>\n"
    "  %old = tensor.extract %t[%i] : tensor<64xf32>\n"
    "  return %w, %old : tensor<64xf32>, f32\n"
    "}\n";
} // namespace

TEST(TensorCountsTest, CountsAndStaticBytesInDocumentOrder) {
  std::string text =
      std::string(kUpdate) +
      "func.func @sizes(%n: index) -> (tensor<16xf64>, tensor<?xf32>) {\n"
      "  %a = tensor.empty() : tensor<16xf64>\n"
      "  %b = tensor.empty(%n) : tensor<?xf32>\n"
      "  return %a, %b : tensor<16xf64>, tensor<?xf32>\n"
      "}\n"
      "func.func @on_memrefs(%m: memref<4xf32>) {\n"
      "  return\n"
      "}\n"
      "func.func @unknown(%t: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %r = \"test.unknown\"(%t) : (tensor<4xf32>) -> tensor<4xf32>\n"
      "  return %r : tensor<4xf32>\n"
      "}\n";
  // A buffer of dynamic size counts, but adds no bytes; a function on
  // memrefs has no entry; one the pass fails on has one without counts.
  EXPECT_EQ(describe(lintCounts(text)),
            "@update: 1 allocations (256 bytes), 1 copies (256 bytes)\n"
            "@sizes: 2 allocations (128 bytes), 0 copies (0 bytes)\n"
            "@unknown: 0 allocations (0 bytes), 0 copies (0 bytes), fails\n");
}

TEST(TensorCountsTest, EachFunctionOnceWhenAnalysedInParts) {
  // Enough functions for several parts, a few of them calling the first:
  // the parts of those hold @update too, which only its own part counts.
  std::string text = kUpdate;
  std::string expected =
      "@update: 1 allocations (256 bytes), 1 copies (256 bytes)\n";
  for (int i = 0; i < 400; ++i) {
    std::string name = "caller" + std::to_string(i);
    text += "func.func @" + name +
            "(%t: tensor<64xf32>, %v: f32, %i: index) -> f32 {\n" +
            (i % 100 == 99 ? "  %w, %old = call @update(%t, %v, %i) : "
                             "(tensor<64xf32>, f32, index) -> "
                             "(tensor<64xf32>, f32)\n"
                           : "") +
            "  %e = tensor.empty() : tensor<8xf32>\n"
            "  %x = tensor.extract %e[%i] : tensor<8xf32>\n"
            "  return %x : f32\n"
            "}\n";
    expected += "@" + name + ": 1 allocations (32 bytes), 0 copies (0 bytes)\n";
  }
  ASSERT_GT(text.size(), 4 * kMinPartBytes);
  std::string how;
  EXPECT_EQ(describe(lintCounts(text, /*threads=*/4, &how)), expected);
  EXPECT_EQ(how, "whole document in 4 parts");
  EXPECT_EQ(describe(lintCounts(text, /*threads=*/1)), expected);
}
