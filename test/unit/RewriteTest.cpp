//===- RewriteTest.cpp - The pipeline preview's retry ---------------------===//
//
// A preview (keepRejectedFunctions) runs the passes again without the
// functions they rejected. The retry starts from a fresh context and a
// fresh parse; the previous parse must be gone before its context is (the
// server's preview once crashed here: the old module was destroyed after
// the context that owned its types and attributes; this test segfaulted).
//
//===----------------------------------------------------------------------===//

#include "analysis/rewrite/Rewrite.h"

#include <gtest/gtest.h>

using namespace bufferlens;

namespace {
// @cfg_loop is an unstructured loop, which the ownership pass rejects;
// @plain is what the pass handles.
const char *kModule = R"mlir(func.func @cfg_loop(%n: i1) {
  %0 = memref.alloc() : memref<2xf32>
  cf.br ^bb1
^bb1:
  cf.cond_br %n, ^bb1, ^bb2
^bb2:
  return
}
func.func @plain(%c: i1) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  return %0 : memref<2xf32>
}
)mlir";
} // namespace

TEST(RewriteTest, PreviewRetriesWithoutRejectedFunctions) {
  for (OwnershipStage stage :
       {OwnershipStage::Ownership, OwnershipStage::Simplified,
        OwnershipStage::Lowered}) {
    RewriteRequest request;
    request.stage = stage;
    request.keepRejectedFunctions = true;
    RewriteOutput out =
        rewriteDocument(kModule, "module.mlir", request, AnalysisOptions());
    ASSERT_TRUE(out.succeeded);
    EXPECT_EQ(out.keptAsWritten, std::vector<std::string>{"cfg_loop"});
    // @cfg_loop as written (its loop back edge), @plain rewritten.
    EXPECT_NE(out.text.find("cf.cond_br %arg0, ^bb1, ^bb2"), std::string::npos)
        << out.text;
    EXPECT_NE(out.text.find("func.func @plain(%arg0: i1) -> memref<2xf32>"),
              std::string::npos)
        << out.text;
  }
}

TEST(RewriteTest, WithoutPreviewTheModuleFails) {
  RewriteRequest request;
  RewriteOutput out =
      rewriteDocument(kModule, "module.mlir", request, AnalysisOptions());
  EXPECT_FALSE(out.succeeded);
  ASSERT_FALSE(out.diagnostics.empty());
  EXPECT_EQ(out.diagnostics.front().message,
            "Only structured control-flow loops are supported.");
}
