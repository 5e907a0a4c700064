// The deallocation checker: exact ranges of its findings and related
// locations, the free sites it records, integer sets, and its bounds (it
// reduces precision with a note instead of exploding or hanging).

#include "Annotations.h"
#include "TestUtil.h"

#include "analysis/checker/Interpreter.h"
#include "analysis/explain/Explain.h"

#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/MLIRContext.h"

using namespace bufferlens;
using namespace bufferlens::test;

TEST(CheckerTest, LeakIsAtTheAllocationWithTheExitAsRelated) {
  Annotations code(R"(func.func @f(%cond: i1) {
  $alloc[[%0]] = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  memref.dealloc %0 : memref<2xf32>
  return
^bb2:
  $exit[[return]]
}
)");
  AnalysisResult r = analyze(code.code());
  auto leaks = withCode(r, FindingCode::BL101);
  ASSERT_EQ(leaks.size(), 1u);
  EXPECT_EQ(leaks[0]->range, code.range("alloc"));
  EXPECT_EQ(leaks[0]->message,
            "%0 leaks when %cond is false: ^bb0 -> ^bb2 -> return");
  EXPECT_EQ(leaks[0]->severity, Severity::Error);
  ASSERT_EQ(leaks[0]->related.size(), 1u);
  EXPECT_EQ(leaks[0]->related[0].range, code.range("exit"));
  EXPECT_EQ(r.findings.size(), 1u);
}

TEST(CheckerTest, DoubleFreeIsAtTheSecondFreeWithTheFirstAsRelated) {
  Annotations code(R"(func.func @f() {
  $alloc[[%0]] = memref.alloc() : memref<2xf32>
  %1 = memref.cast %0 : memref<2xf32> to memref<?xf32>
  $first[[memref.dealloc]] %0 : memref<2xf32>
  $second[[memref.dealloc]] %1 : memref<?xf32>
  return
}
)");
  AnalysisResult r = analyze(code.code());
  auto frees = withCode(r, FindingCode::BL102);
  ASSERT_EQ(frees.size(), 1u);
  EXPECT_EQ(frees[0]->range, code.range("second"));
  EXPECT_EQ(frees[0]->message, "double free of %1 (an alias of %0): ^bb0");
  ASSERT_EQ(frees[0]->related.size(), 2u);
  EXPECT_EQ(frees[0]->related[0].range, code.range("first"));
  EXPECT_EQ(frees[0]->related[0].message, "first freed here");
  EXPECT_EQ(frees[0]->related[1].range, code.range("alloc"));
  EXPECT_EQ(frees[0]->related[1].message, "%0 is allocated here");
}

TEST(CheckerTest, UseAfterFreeAndInvalidFreeRanges) {
  Annotations code(R"(func.func @f($arg[[%arg]]: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  %v = $use[[memref.load]] %0[%c0] : memref<2xf32>
  $bad[[memref.dealloc]] %arg : memref<2xf32>
  return %v : f32
}
)");
  AnalysisResult r = analyze(code.code());
  auto uses = withCode(r, FindingCode::BL103);
  ASSERT_EQ(uses.size(), 1u);
  EXPECT_EQ(uses[0]->range, code.range("use"));
  EXPECT_EQ(uses[0]->message, "use of %0 after it was freed: ^bb0");
  auto invalid = withCode(r, FindingCode::BL104);
  ASSERT_EQ(invalid.size(), 1u);
  EXPECT_EQ(invalid[0]->range, code.range("bad"));
  EXPECT_EQ(invalid[0]->message,
            "free of %arg (a function argument: the caller owns it): ^bb0");
  ASSERT_EQ(invalid[0]->related.size(), 1u);
  EXPECT_EQ(invalid[0]->related[0].range, code.range("arg"));
}

TEST(CheckerTest, RecordsWhereEachAllocationIsFreed) {
  Annotations code(R"(func.func @f(%c: i1) {
  %0 = memref.alloc() : memref<2xf32>
  scf.if %c {
    $then[[memref.dealloc]] %0 : memref<2xf32>
  } else {
    %base, %o, %s, %st = memref.extract_strided_metadata %0 : memref<2xf32> -> memref<f32>, index, index, index
    $else[[memref.dealloc]] %base : memref<f32>
  }
  return
}
)");
  AnalysisResult r = analyze(code.code());
  EXPECT_TRUE(r.findings.empty());
  ValueId alloc = valueNamed(r, "f", "%0");
  std::vector<SourceRange> sites;
  for (const FreeSite &site : r.freeSites) {
    EXPECT_EQ(site.allocation, alloc);
    sites.push_back(r.ops[site.freeOp].nameRange);
  }
  std::sort(sites.begin(), sites.end());
  EXPECT_EQ(sites,
            (std::vector<SourceRange>{code.range("then"), code.range("else")}));
}

TEST(CheckerTest, BufferizedFunctionsAreNotChecked) {
  // Frees nothing: stage Bufferized, so the missing free is expected.
  AnalysisResult r = analyze(R"(func.func @f() {
  %0 = memref.alloc() : memref<2xf32>
  return
}
)");
  EXPECT_TRUE(withCode(r, FindingCode::BL101).empty());
  AnalysisOptions forced;
  forced.stage = StageOverride::Deallocated;
  EXPECT_EQ(withCode(analyze(R"(func.func @f() {
  %0 = memref.alloc() : memref<2xf32>
  return
}
)",
                             forced),
                     FindingCode::BL101)
                .size(),
            1u);
}

TEST(CheckerTest, ManyIndependentBranchesReducePrecisionWithANote) {
  // 2^8 paths: past the limit of 64 the checker merges and notes it, and
  // still reports nothing on this correct function.
  std::string text = "func.func @f(";
  for (int i = 0; i < 8; ++i)
    text += std::string(i ? ", " : "") + "%c" + std::to_string(i) + ": i1";
  text += ") {\n  %0 = memref.alloc() : memref<2xf32>\n";
  for (int i = 0; i < 8; ++i)
    text += "  scf.if %c" + std::to_string(i) + " {\n    %a" +
            std::to_string(i) +
            " = memref.alloc() : memref<2xf32>\n    memref.dealloc %a" +
            std::to_string(i) + " : memref<2xf32>\n  }\n";
  text += "  memref.dealloc %0 : memref<2xf32>\n  return\n}\n";
  AnalysisResult r = analyze(text);
  ASSERT_EQ(r.findings.size(), 1u) << r.findings[0].message;
  EXPECT_EQ(r.findings[0].code, FindingCode::None);
  EXPECT_EQ(r.findings[0].severity, Severity::Info);
  EXPECT_EQ(r.findings[0].message,
            "deallocation checker: precision reduced in @f: more than 64 "
            "paths at one point; paths were merged");
}

TEST(CheckerTest, LeakFixFreesBeforeEveryExitItLeaksAt) {
  Annotations code(R"(func.func @f(%cond: i1) {
  $alloc[[%0]] = memref.alloc() : memref<2xf32>
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
$first^  return
^bb2:
$second^  return
}
)");
  AnalysisResult r = analyze(code.code(), [] {
    AnalysisOptions options;
    options.stage = StageOverride::Deallocated;
    return options;
  }());
  auto leaks = withCode(r, FindingCode::BL101);
  ASSERT_EQ(leaks.size(), 1u);
  ASSERT_EQ(leaks[0]->fixes.size(), 1u);
  const Fix &fix = leaks[0]->fixes[0];
  EXPECT_EQ(fix.title, "Insert memref.dealloc %0");
  ASSERT_EQ(fix.edits.size(), 2u);
  uint32_t first = code.point("first"), second = code.point("second");
  EXPECT_EQ(fix.edits[0].range, (SourceRange{first, first}));
  EXPECT_EQ(fix.edits[0].newText, "  memref.dealloc %0 : memref<2xf32>\n");
  EXPECT_EQ(fix.edits[1].range, (SourceRange{second, second}));
  EXPECT_EQ(fix.edits[1].newText, fix.edits[0].newText);
}

TEST(CheckerTest, NoLeakFixWhenPathsWereMerged) {
  // As above, without the final free of %0: its leak is found either way,
  // but past 64 paths some were merged away, so the fix could not be shown
  // right on all of them; with 2^6 paths it can.
  auto branches = [](int n) {
    std::string text = "func.func @f(";
    for (int i = 0; i < n; ++i)
      text += std::string(i ? ", " : "") + "%c" + std::to_string(i) + ": i1";
    text += ") {\n  %0 = memref.alloc() : memref<2xf32>\n";
    for (int i = 0; i < n; ++i) {
      std::string a = "%a" + std::to_string(i);
      text += "  scf.if %c" + std::to_string(i) + " {\n    " + a +
              " = memref.alloc() : memref<2xf32>\n    memref.dealloc " + a +
              " : memref<2xf32>\n  }\n";
    }
    return text + "  return\n}\n";
  };
  AnalysisOptions options;
  options.stage = StageOverride::Deallocated;
  for (auto [n, fixes] : {std::pair{8, 0u}, std::pair{6, 1u}}) {
    AnalysisResult r = analyze(branches(n), options);
    auto leaks = withCode(r, FindingCode::BL101);
    ASSERT_EQ(leaks.size(), 1u) << n;
    EXPECT_EQ(leaks[0]->fixes.size(), fixes) << n;
  }
}

TEST(CheckerTest, NestedLoopsTerminate) {
  // Nested structured and unstructured loops with unknown trip counts: the
  // exploration is bounded (this test fails by hanging).
  AnalysisResult r = analyze(R"(func.func @f(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1
^bb1:
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      scf.for %k = %c0 to %n step %c1 {
        %0 = memref.alloc() : memref<2xf32>
        memref.dealloc %0 : memref<2xf32>
      }
    }
  }
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}
)");
  for (const Finding &f : r.findings)
    EXPECT_EQ(f.code, FindingCode::None) << f.message;
}

TEST(CheckerTest, LongConstantLoopsReportNoLeakAfterTruncation) {
  // 100 iterations are not unrolled; leaving after two would make the
  // buffer freed at iteration 50 look leaked.
  AnalysisResult r = analyze(R"(func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c50 = arith.constant 50 : index
  %c100 = arith.constant 100 : index
  %0 = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %c100 step %c1 {
    %last = arith.cmpi eq, %i, %c50 : index
    scf.if %last {
      memref.dealloc %0 : memref<2xf32>
    }
  }
  return
}
)");
  EXPECT_TRUE(withCode(r, FindingCode::BL101).empty());
}

TEST(CheckerTest, EvaluatesIntegerSets) {
  mlir::MLIRContext context;
  auto d0 = mlir::getAffineDimExpr(0, &context);
  auto s0 = mlir::getAffineSymbolExpr(0, &context);
  // d0 - s0 >= 0 and d0 mod 2 == 0
  auto set = mlir::IntegerSet::get(1, 1, {d0 - s0, d0 % 2}, {false, true});
  EXPECT_EQ(checker::evaluateIntegerSet(set, {4, 2}), true);
  EXPECT_EQ(checker::evaluateIntegerSet(set, {3, 2}), false);
  EXPECT_EQ(checker::evaluateIntegerSet(set, {0, 2}), false);
}

TEST(CheckerTest, ExplainSaysWhereAValueIsFreed) {
  AnalysisResult r = analyze(R"(func.func @f(%c: i1) {
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.cast %0 : memref<2xf32> to memref<?xf32>
  scf.if %c {
    memref.dealloc %1 : memref<?xf32>
  } else {
    memref.dealloc %0 : memref<2xf32>
  }
  %2 = memref.alloc() : memref<2xf32>
  return
}
)");
  std::string allocation = explainValue(r, valueNamed(r, "f", "%0"));
  EXPECT_NE(allocation.find("\nfreed by:\n- `memref.dealloc` at line 5\n- "
                            "`memref.dealloc` at line 7\n"),
            std::string::npos)
      << allocation;
  std::string view = explainValue(r, valueNamed(r, "f", "%1"));
  EXPECT_NE(view.find("- `memref.dealloc` at line 5 (frees `%0`)"),
            std::string::npos)
      << view;
  std::string leaked = explainValue(r, valueNamed(r, "f", "%2"));
  EXPECT_NE(leaked.find("freed by: nothing (on no path)"), std::string::npos)
      << leaked;
}
