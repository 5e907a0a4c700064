// Buffer facts of the upstream documents' examples: allocation kinds, static
// sizes and the
// `// aliases:` sets the upstream documents state.

#include "analysis/ir/BufferFacts.h"
#include "TestUtil.h"
#include "analysis/model/Origins.h"

using namespace bufferlens;
using namespace bufferlens::test;

static const BufferFact &fact(const AnalysisResult &r, const std::string &fn,
                              const std::string &name) {
  const BufferFact *f = r.bufferFact(valueNamed(r, fn, name));
  EXPECT_NE(f, nullptr);
  static BufferFact none;
  return f ? *f : none;
}

// mlir/docs/BufferDeallocationInternals.md, "Detection of Buffer Allocations".
TEST(BufferFactsTest, MixedAllocation) {
  AnalysisResult r = analyze(R"(
func.func @mixedAllocation(%arg0: i1) {
  %0 = memref.alloca() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  return
}
)");
  ASSERT_EQ(mlirErrors(r), Names{});
  EXPECT_EQ(fact(r, "mixedAllocation", "%0").kind, BufferKind::StackAlloc);
  EXPECT_EQ(fact(r, "mixedAllocation", "%1").kind, BufferKind::HeapAlloc);
  EXPECT_EQ(fact(r, "mixedAllocation", "%2").kind, BufferKind::Merge);
  EXPECT_EQ(fact(r, "mixedAllocation", "%1").staticSizeBytes, 8u);
  EXPECT_EQ(aliasesOf(r, "mixedAllocation", "%0"), Names{"%2"});
  EXPECT_EQ(aliasesOf(r, "mixedAllocation", "%1"), Names{"%2"});
  EXPECT_EQ(names(r, fact(r, "mixedAllocation", "%2").origins),
            (Names{"%0", "%1"}));
}

// mlir/docs/BufferDeallocationInternals.md, "Introduction of Clones":
// condBranchDynamicTypeNested's alias comments.
TEST(BufferFactsTest, CondBranchDynamicTypeNested) {
  AnalysisResult r = analyze(R"(
func.func @condBranchDynamicTypeNested(%arg0: i1, %arg1: memref<?xf32>,
                                       %arg2: memref<?xf32>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb6(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):
  cf.br ^bb6(%2 : memref<?xf32>)
^bb6(%3: memref<?xf32>):
  cf.br ^bb7(%3 : memref<?xf32>)
^bb7(%4: memref<?xf32>):
  memref.copy %4, %arg2 : memref<?xf32> to memref<?xf32>
  return
}
)");
  ASSERT_EQ(mlirErrors(r), Names{});
  const char *fn = "condBranchDynamicTypeNested";
  EXPECT_EQ(aliasesOf(r, fn, "%arg1"), (Names{"%3", "%4"}));
  EXPECT_EQ(aliasesOf(r, fn, "%1"), (Names{"%2", "%3", "%4"}));
  EXPECT_EQ(fact(r, fn, "%arg1").kind, BufferKind::FunctionArgument);
  EXPECT_EQ(fact(r, fn, "%1").staticSizeBytes, std::nullopt);
  EXPECT_EQ(names(r, fact(r, fn, "%4").origins), (Names{"%1", "%arg1"}));
}

// Region results alias what the regions yield (nested_region_control_flow:
// "%2 will be an alias of %1").
TEST(BufferFactsTest, RegionResultsAndViews) {
  AnalysisResult r = analyze(R"(
memref.global "private" constant @g : memref<4xi32> = dense<0>
func.func @f(%arg0: index, %arg1: index, %c: i1) -> memref<?x?xf32> {
  %1 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %2 = scf.if %c -> (memref<?x?xf32>) {
    scf.yield %1 : memref<?x?xf32>
  } else {
    %3 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    scf.yield %1 : memref<?x?xf32>
  }
  %g = memref.get_global @g : memref<4xi32>
  %v = memref.subview %g[1] [2] [1] : memref<4xi32> to memref<2xi32, strided<[1], offset: 1>>
  %s = memref.alloca() : memref<3x3xcomplex<f64>>
  return %2 : memref<?x?xf32>
}
)");
  ASSERT_EQ(mlirErrors(r), Names{});
  EXPECT_EQ(aliasesOf(r, "f", "%1"), Names{"%2"});
  EXPECT_EQ(aliasesOf(r, "f", "%3"), Names{});
  EXPECT_EQ(fact(r, "f", "%g").kind, BufferKind::Global);
  EXPECT_EQ(fact(r, "f", "%g").staticSizeBytes, 16u);
  EXPECT_EQ(fact(r, "f", "%v").kind, BufferKind::View);
  EXPECT_EQ(names(r, fact(r, "f", "%v").origins), Names{"%g"});
  EXPECT_EQ(fact(r, "f", "%s").staticSizeBytes, 144u);
}

// bench/blowups.py's `select`: %sK may point into %s0 and %a1 .. %aK. Past
// kMaxStoredOrigins roots a value stores its direct sources instead
// (Origins.h): the facts hold a number of ids linear in the chain, not
// N^2/2, and originsOf gives every list whole.
TEST(BufferFactsTest, SelectChainDefersLongOriginLists) {
  const int n = 300;
  std::string text = "func.func @f(%c: i1, %i: index) -> f32 {\n"
                     "  %s0 = memref.alloc() : memref<8xf32>\n";
  for (int k = 1; k < n; ++k) {
    std::string K = std::to_string(k);
    text += "  %a" + K + " = memref.alloc() : memref<8xf32>\n  %s" + K +
            " = arith.select %c, %s" + std::to_string(k - 1) + ", %a" + K +
            " : memref<8xf32>\n";
  }
  text += "  %v = memref.load %s" + std::to_string(n - 1) +
          "[%i] : memref<8xf32>\n  return %v : f32\n}\n";
  AnalysisResult r = analyze(text);
  ASSERT_EQ(mlirErrors(r), Names{});
  size_t stored = 0;
  for (const BufferFact &f : r.buffers)
    stored += f.origins.size();
  EXPECT_LE(stored, size_t(4 * n + kMaxStoredOrigins * kMaxStoredOrigins));
  for (int k : {1, 63, 64, 65, 200, n - 1}) {
    std::string K = std::to_string(k);
    Names expected{"%s0"};
    for (int j = 1; j <= k; ++j)
      expected.push_back("%a" + std::to_string(j));
    std::sort(expected.begin(), expected.end());
    Names got = names(r, originsOf(r, valueNamed(r, "f", "%s" + K)));
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, expected) << "%s" << K;
    const BufferFact &f = fact(r, "f", "%s" + K);
    EXPECT_EQ(originsDeferred(f), size_t(k + 1) > kMaxStoredOrigins) << K;
  }
  // An allocation is its own origin, stored.
  EXPECT_EQ(names(r, originsOf(r, valueNamed(r, "f", "%a7"))), Names{"%a7"});
}
