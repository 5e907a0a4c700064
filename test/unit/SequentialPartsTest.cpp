//===- SequentialPartsTest.cpp - A large file linted a part at a time -----===//
//
// `lint` on one thread cuts a large file into parts analysed one after
// another (WholeRequest::sequentialPartBytes), each reduced to its
// findings, functions and tensor plans as it ends: the findings and counts
// must be those of the file analysed in one piece, and no part may keep
// its model or its own copy of the text.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "ide/Features.h"
#include "ide/IncrementalAnalysis.h"
#include "ide/TakeFindings.h"

#include <gtest/gtest.h>

using namespace bufferlens;

namespace {
/// As `lint --jobs 1` analyses a file, with parts of `partBytes` (0: none).
WholeAnalysis lintOnOneThread(TextRef text, size_t partBytes) {
  AnalysisOptions options;
  options.explanations = false;
  WholeRequest request;
  request.uri = "t.mlir";
  request.threads = 1;
  request.crashes = CrashPolicy::FailDocument;
  request.findingsOnly = true;
  request.sequentialPartBytes = partBytes;
  WholeAnalysis analysis = analyzeWhole(std::move(text), options, request);
  EXPECT_EQ(analysis.crash, 0);
  return analysis;
}

/// Functions of the shapes `bench/blowups.py manyfindings` writes (a leak
/// the checker reports; two buffers the pass would free), a caller tied to
/// its callee by name, and a function still on tensors (counted).
std::string manyFunctions(int count) {
  std::string text;
  for (int k = 0; k < count; ++k) {
    std::string n = std::to_string(k);
    if (k % 2 == 0)
      text += "func.func @freed" + n +
              "(%i: index) -> f32 {\n"
              "  %a = memref.alloc() : memref<8xf32>\n"
              "  %b = memref.alloc() : memref<8xf32>\n"
              "  %v = memref.load %a[%i] : memref<8xf32>\n"
              "  memref.dealloc %b : memref<8xf32>\n"
              "  return %v : f32\n}\n";
    else
      text += "func.func @kept" + n +
              "(%i: index, %z: f32) {\n"
              "  %a = memref.alloc() : memref<8xf32>\n"
              "  %b = memref.alloc() : memref<8xf32>\n"
              "  memref.store %z, %a[%i] : memref<8xf32>\n"
              "  memref.store %z, %b[%i] : memref<8xf32>\n"
              "  return\n}\n";
    if (k == count / 2)
      text += "func.func @update(%t: tensor<64xf32>, %v: f32, %i: index)"
              " -> tensor<64xf32> {\n"
              "  %w = tensor.insert %v into %t[%i] : tensor<64xf32>\n"
              "  return %w : tensor<64xf32>\n}\n"
              "func.func @caller(%i: index) -> f32 {\n"
              "  %v = func.call @freed0(%i) : (index) -> f32\n"
              "  return %v : f32\n}\n";
  }
  return text;
}

std::string describe(const std::vector<TensorCounts> &counts) {
  std::string out;
  for (const TensorCounts &c : counts)
    out += "@" + c.function + ": " + std::to_string(c.allocations) + " " +
           std::to_string(c.copies) + "\n";
  return out;
}
} // namespace

TEST(SequentialPartsTest, SameFindingsAndCountsAsOnePiece) {
  auto text = std::make_shared<const std::string>(manyFunctions(400));
  ASSERT_GT(text->size(), size_t(64) * 1024);

  WholeAnalysis whole = lintOnOneThread(text, 0);
  EXPECT_EQ(whole.how, "whole document");
  std::string wholeCounts = describe(tensorCounts(*whole.snapshot));
  std::vector<Finding> wholeFindings = takeFindings(std::move(whole.snapshot));
  // 200 BL101, 400 BL301 and @update's returned clone (BL502).
  ASSERT_EQ(wholeFindings.size(), size_t(601));

  WholeAnalysis inParts = lintOnOneThread(text, 16 * 1024);
  // Parts of about 16 KiB (at most kMaxSequentialParts).
  EXPECT_EQ(inParts.how, "whole document in 5 parts");
  EXPECT_EQ(describe(tensorCounts(*inParts.snapshot)), wholeCounts);
  EXPECT_EQ(wholeCounts, "@update: 0 0\n"); // In place: no allocation.
  EXPECT_EQ(test::describe(takeFindings(std::move(inParts.snapshot))),
            test::describe(wholeFindings));
}

TEST(SequentialPartsTest, PartsKeepNoModelNorTextOfTheirOwn) {
  auto text = std::make_shared<const std::string>(manyFunctions(100));
  WholeAnalysis analysis = lintOnOneThread(text, 8 * 1024);
  ASSERT_GT(analysis.snapshot->parts().size(), size_t(1));
  for (const SnapshotPart &part : analysis.snapshot->parts()) {
    EXPECT_TRUE(part.result->ops.empty());
    EXPECT_TRUE(part.result->values.empty());
    EXPECT_TRUE(part.result->classic.empty());
    EXPECT_FALSE(part.result->functions.empty());
    EXPECT_EQ(part.result->sharedText.get(), text.get());
  }
}

TEST(SequentialPartsTest, SmallTextsAreNotCut) {
  auto text = std::make_shared<const std::string>(manyFunctions(100));
  // Not more than twice the part size: one piece.
  EXPECT_EQ(lintOnOneThread(text, text->size() / 2).how, "whole document");
}

TEST(SequentialPartsTest, PartsTiedTogetherAreOnePiece) {
  // Every function calls @helper (a definition: declarations tie
  // nothing), so each part would hold them all.
  std::string text = "func.func @helper(%i: index) -> f32 {\n"
                     "  %c = arith.constant 0.0 : f32\n"
                     "  return %c : f32\n}\n";
  for (int k = 0; k < 400; ++k)
    text += "func.func @f" + std::to_string(k) +
            "(%i: index) -> f32 {\n"
            "  %a = memref.alloc() : memref<8xf32>\n"
            "  %v = memref.load %a[%i] : memref<8xf32>\n"
            "  %w = func.call @helper(%i) : (index) -> f32\n"
            "  memref.dealloc %a : memref<8xf32>\n"
            "  return %v : f32\n}\n";
  auto shared = std::make_shared<const std::string>(text);
  EXPECT_EQ(lintOnOneThread(shared, 16 * 1024).how, "whole document");
}
