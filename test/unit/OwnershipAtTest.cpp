//===- OwnershipAtTest.cpp - bufferlens/ownershipAt on analysed text ------===//

#include "Annotations.h"
#include "TestUtil.h"
#include "ide/Features.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using bufferlens::test::Annotations;

namespace {
struct Range {
  SourceRange range;
  std::string kind;
  std::string message;
  friend bool operator==(const Range &a, const Range &b) {
    return a.range == b.range && a.kind == b.kind && a.message == b.message;
  }
  friend std::ostream &operator<<(std::ostream &os, const Range &r) {
    return os << r.kind << " " << r.range.begin << "-" << r.range.end << " '"
              << r.message << "'";
  }
};

std::vector<Range> rangesAt(const Snapshot &snapshot, uint32_t offset) {
  std::vector<Range> out;
  for (const OwnershipRangeInfo &r : ownershipAt(snapshot, offset).ranges)
    out.push_back({r.range, r.kind, r.message});
  return out;
}
} // namespace

TEST(OwnershipAtTest, UsesInNestedRegionsBelongToTheInnermostOp) {
  // Each use of %0 is classified by the innermost op holding it (the load
  // two regions down is a use, the yields pass it on), not by the scf.for
  // or scf.if around it; @before puts @nested's ops after another
  // function's.
  Annotations code("func.func @before(%m: memref<2xf32>) {\n"
                   "  %c0 = arith.constant 0 : index\n"
                   "  %v = memref.load %m[%c0] : memref<2xf32>\n"
                   "  return\n"
                   "}\n"
                   "func.func @nested(%cond: i1, %n: index) {\n"
                   "  %c0 = arith.constant 0 : index\n"
                   "  %c1 = arith.constant 1 : index\n"
                   "  $def[[%0]] = memref.alloc() : memref<2xf32>\n"
                   "  scf.for %i = %c0 to %n step %c1 {\n"
                   "    scf.if %cond {\n"
                   "      %v = memref.load $load[[%0]][%c0] : memref<2xf32>\n"
                   "    }\n"
                   "  }\n"
                   "  $alias[[%1]] = scf.if %cond -> (memref<2xf32>) {\n"
                   "    scf.yield $then[[%0]] : memref<2xf32>\n"
                   "  } else {\n"
                   "    scf.yield $else[[%0]] : memref<2xf32>\n"
                   "  }\n"
                   "  memref.dealloc $free[[%1]] : memref<2xf32>\n"
                   "  return\n"
                   "}\n");
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  Snapshot snapshot(std::move(result), "file:///t.mlir", 1);
  EXPECT_EQ(
      rangesAt(snapshot, code.range("def").begin),
      (std::vector<Range>{
          {code.range("def"), "definition", ""},
          {code.range("load"), "live", ""},
          {code.range("alias"), "alias-use", "alias %1 defined"},
          {code.range("then"), "ownership-transfer", "passed on by scf.yield"},
          {code.range("else"), "ownership-transfer", "passed on by scf.yield"},
          {code.range("free"), "freed",
           "freed by memref.dealloc (through alias %1)"}}));
}

TEST(OwnershipAtTest, TheUsesFunctionHoldsTheOpOfEveryUse) {
  // Searching the ops of the value's function finds what searching every
  // op finds, for every use of every value of the analysis inputs. In IR
  // that does not verify a use can lie in another function
  // (checker/use-in-another-function.mlir): no op of the value's function
  // holds it, and none is found.
  size_t uses = 0;
  size_t files = test::forEachAnalysisInput(
      [&](const std::filesystem::path &path, const std::string &text) {
        AnalysisResult result = test::analyze(text);
        for (const ValueEntry &value : result.values)
          for (const SourceRange &use : value.uses) {
            if (value.function != kNone) {
              const SourceRange &body =
                  result.functions[value.function].fullRange;
              if (use.begin < body.begin || use.end > body.end) {
                EXPECT_EQ(opContaining(result, value.function, use), kNone)
                    << path << ": a use of " << value.name << " at "
                    << use.begin;
                continue;
              }
            }
            ++uses;
            EXPECT_EQ(opContaining(result, value.function, use),
                      opContaining(result, kNone, use))
                << path << ": a use of " << value.name << " at " << use.begin;
          }
      });
  EXPECT_GT(files, 20u);
  EXPECT_GT(uses, 500u);
}

TEST(OwnershipAtTest, FreesAreKnownByTheirEffectNotTheirName) {
  // gpu.dealloc frees (MemoryEffects::Free) as memref.dealloc does: the
  // checker follows it, and ownershipAt marks the use it frees as freed.
  Annotations code("func.func @gpu() {\n"
                   "  %c0 = arith.constant 0 : index\n"
                   "  $def[[%0]] = gpu.alloc() : memref<2xf32>\n"
                   "  %v = memref.load $load[[%0]][%c0] : memref<2xf32>\n"
                   "  gpu.dealloc $free[[%0]] : memref<2xf32>\n"
                   "  return\n"
                   "}\n");
  AnalysisResult result = test::analyze(code.code());
  ASSERT_EQ(test::mlirErrors(result), std::vector<std::string>());
  Snapshot snapshot(std::move(result), "file:///t.mlir", 1);
  EXPECT_EQ(rangesAt(snapshot, code.range("def").begin),
            (std::vector<Range>{
                {code.range("def"), "definition", ""},
                {code.range("load"), "live", ""},
                {code.range("free"), "freed", "freed by gpu.dealloc"}}));
}
