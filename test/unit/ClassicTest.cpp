// The classic deallocation plan as data, and the exact ranges of its
// findings (mlir/docs/BufferDeallocationInternals.md).

#include "Annotations.h"
#include "TestUtil.h"
#include "analysis/classic/ClassicAnalysis.h"
#include "analysis/classic/ClassicExplain.h"

using namespace bufferlens;
using namespace bufferlens::test;

static const ClassicPlan &planOf(const AnalysisResult &r) {
  EXPECT_EQ(r.classic.size(), 1u);
  return r.classic.front();
}

// "Introduction of Clones": critical and non-critical aliases.
TEST(ClassicTest, CondBranchDynamicTypeNestedPlan) {
  Annotations code(R"(func.func @f(%arg0: i1, %arg1: memref<?xf32>,
                 %arg2: memref<?xf32>, %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb6($in1[[%arg1]] : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):
  $br5[[cf.br]] ^bb6($in2[[%2]] : memref<?xf32>)
^bb6($crit[[%3]]: memref<?xf32>):
  cf.br ^bb7(%3 : memref<?xf32>)
^bb7(%4: memref<?xf32>):
  $copy[[memref.copy]] %4, %arg2 : memref<?xf32> to memref<?xf32>
  $ret[[return]]
}
)");
  AnalysisResult r = analyze(code.code());
  const ClassicPlan &plan = planOf(r);
  ASSERT_TRUE(plan.computed) << plan.reason;
  const ClassicValue *crit = plan.find(valueNamed(r, "f", "%3"));
  ASSERT_NE(crit, nullptr);
  EXPECT_TRUE(crit->critical);
  EXPECT_EQ(names(r, crit->incoming), (Names{"%2", "%arg1"}));
  // The fix-point starts from allocations: %arg1 is no reason.
  EXPECT_EQ(names(r, crit->criticalBecause), Names{"%2"});
  ASSERT_EQ(crit->clones.size(), 2u);
  const ClassicValue *v2 = plan.find(valueNamed(r, "f", "%2"));
  ASSERT_NE(v2, nullptr);
  EXPECT_FALSE(v2->critical);
  EXPECT_EQ(names(r, v2->aliasOf), Names{"%1"});
  const ClassicValue *v4 = plan.find(valueNamed(r, "f", "%4"));
  ASSERT_NE(v4, nullptr);
  EXPECT_EQ(names(r, v4->aliasOf), Names{"%3"});

  // %3 is freed after the copy through its alias %4, before the return.
  ASSERT_EQ(crit->deallocs.size(), 1u);
  const ClassicInsertion &free3 = plan.insertions[crit->deallocs[0]];
  EXPECT_EQ(r.ops[free3.after].nameRange, code.range("copy"));
  EXPECT_EQ(r.ops[free3.before].nameRange, code.range("ret"));
  // %1 is freed in ^bb5, after the clone, before the branch.
  const ClassicValue *alloc = plan.find(valueNamed(r, "f", "%1"));
  ASSERT_NE(alloc, nullptr);
  ASSERT_EQ(alloc->deallocs.size(), 1u);
  EXPECT_EQ(r.ops[plan.insertions[alloc->deallocs[0]].before].nameRange,
            code.range("br5"));

  std::vector<const Finding *> bl201 = withCode(r, FindingCode::BL201);
  ASSERT_EQ(bl201.size(), 1u);
  EXPECT_EQ(bl201[0]->range, code.range("crit"));
  EXPECT_EQ(bl201[0]->message, "%3 is a critical alias of %arg1 and %2: it "
                               "needs a clone in ^bb1 and ^bb5");
  ASSERT_EQ(bl201[0]->related.size(), 2u);
  EXPECT_EQ(bl201[0]->related[0].range, code.range("in1"));
  EXPECT_EQ(bl201[0]->related[1].range, code.range("in2"));
}

TEST(ClassicTest, FindingRangesAreTheOpNames) {
  Annotations code(R"(func.func @f(%c: i1, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %0 = $alloc[[memref.alloc]]() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  $store[[memref.store]] %cst, %0[%c0] : memref<2xf32>
  cf.br ^bb3
^bb3:
  $read[[memref.copy]] %0, %out : memref<2xf32> to memref<2xf32>
  return
}
)");
  AnalysisResult r = analyze(code.code());
  std::vector<const Finding *> bl401 = withCode(r, FindingCode::BL401);
  ASSERT_EQ(bl401.size(), 1u);
  EXPECT_EQ(bl401[0]->range, code.range("store"));
  ASSERT_EQ(bl401[0]->related.size(), 1u);
  EXPECT_EQ(bl401[0]->related[0].range, code.range("read"));
  std::vector<const Finding *> bl301 = withCode(r, FindingCode::BL301);
  ASSERT_EQ(bl301.size(), 1u);
  EXPECT_EQ(bl301[0]->range, code.range("alloc"));
  ASSERT_EQ(bl301[0]->fixes.size(), 1u);
  ASSERT_EQ(bl301[0]->fixes[0].edits.size(), 1u);
  EXPECT_EQ(bl301[0]->fixes[0].edits[0].range, code.range("alloc"));
  EXPECT_EQ(bl301[0]->fixes[0].edits[0].newText, "memref.alloca");
}

TEST(ClassicTest, RedundantCloneInDeallocatedIR) {
  Annotations code(R"(func.func @f(%a: index, %b: index) -> memref<?x?xf32> {
  %1 = memref.alloc(%a, %b) : memref<?x?xf32>
$cloneLine[[  %2 = $clone[[bufferization.clone]] %1 : memref<?x?xf32> to memref<?x?xf32>
]]$freeLine[[  $free[[memref.dealloc]] %1 : memref<?x?xf32>
]]  return $use[[%2]] : memref<?x?xf32>
}
)");
  AnalysisResult r = analyze(code.code());
  EXPECT_EQ(r.functions[0].stage, Stage::Deallocated);
  std::vector<const Finding *> bl304 = withCode(r, FindingCode::BL304);
  ASSERT_EQ(bl304.size(), 1u);
  EXPECT_EQ(bl304[0]->range, code.range("clone"));
  ASSERT_EQ(bl304[0]->related.size(), 1u);
  EXPECT_EQ(bl304[0]->related[0].range, code.range("free"));
  // The fix: both lines go, the return names %1.
  ASSERT_EQ(bl304[0]->fixes.size(), 1u);
  const Fix &fix = bl304[0]->fixes[0];
  EXPECT_EQ(fix.title,
            "Remove redundant clone/dealloc pair: use %1 in place of %2");
  ASSERT_EQ(fix.edits.size(), 3u);
  EXPECT_EQ(fix.edits[0].range, code.range("cloneLine"));
  EXPECT_EQ(fix.edits[1].range, code.range("freeLine"));
  EXPECT_EQ(fix.edits[2].range, code.range("use"));
  EXPECT_EQ(fix.edits[0].newText, "");
  EXPECT_EQ(fix.edits[1].newText, "");
  EXPECT_EQ(fix.edits[2].newText, "%1");
  // The plan itself is only for bufferized functions.
  EXPECT_FALSE(planOf(r).computed);
  EXPECT_TRUE(withCode(r, FindingCode::BL201).empty());
}

TEST(ClassicTest, BackEdgeFindingAtTheIterArg) {
  Annotations code(R"(func.func @f(%lb: index, %ub: index, %s: index,
             %buf: memref<2xf32>, %res: memref<2xf32>) {
  %0 = scf.for %i = %lb to %ub step %s
      iter_args($iter[[%iterBuf]] = %buf) -> (memref<2xf32>) {
    %1 = arith.cmpi eq, %i, %ub : index
    %2 = scf.if %1 -> (memref<2xf32>) {
      %3 = memref.alloc() : memref<2xf32>
      scf.yield %3 : memref<2xf32>
    } else {
      scf.yield %iterBuf : memref<2xf32>
    }
    scf.yield $back[[%2]] : memref<2xf32>
  }
  memref.copy %0, %res : memref<2xf32> to memref<2xf32>
  return
}
)");
  AnalysisResult r = analyze(code.code());
  std::vector<const Finding *> bl202 = withCode(r, FindingCode::BL202);
  ASSERT_EQ(bl202.size(), 1u);
  EXPECT_EQ(bl202[0]->range, code.range("iter"));
  ASSERT_FALSE(bl202[0]->related.empty());
  EXPECT_EQ(bl202[0]->related[0].range, code.range("back"));
  const ClassicValue *iter = planOf(r).find(valueNamed(r, "f", "%iterBuf"));
  ASSERT_NE(iter, nullptr);
  EXPECT_TRUE(iter->loopCarried);
  EXPECT_EQ(iter->deallocs.size(), 1u);
}

TEST(ClassicTest, HoistingStopsAtADataDependency) {
  Annotations code(R"(func.func @f(%c: i1, %n: index, %out: memref<?xf32>) {
  cf.cond_br %c, ^bb1, ^bb2(%n : index)
^bb1:
  %a = $hoist[[memref.alloc]](%n) : memref<?xf32>
  cf.br ^bb3(%a : memref<?xf32>)
^bb2(%m: index):
  %b = memref.alloc(%m) : memref<?xf32>
  cf.br ^bb3(%b : memref<?xf32>)
^bb3(%x: memref<?xf32>):
  memref.copy %x, %out : memref<?xf32> to memref<?xf32>
  return
}
)");
  AnalysisResult r = analyze(code.code());
  std::vector<const Finding *> bl302 = withCode(r, FindingCode::BL302);
  ASSERT_EQ(bl302.size(), 1u);
  EXPECT_EQ(bl302[0]->range, code.range("hoist"));
  EXPECT_EQ(bl302[0]->message,
            "%a can be hoisted from ^bb1 to the entry block: it dominates "
            "all of its aliases' uses from there");
  std::string b = explainClassic(r, valueNamed(r, "f", "%b"));
  EXPECT_NE(b.find("- hoisting: cannot move up: it depends on `%m`, defined "
                   "in ^bb2"),
            std::string::npos)
      << b;
}

TEST(ClassicTest, OurPreconditionGivesWayToTheOwnershipPassOnTheSameOp) {
  AnalysisResult r;
  Finding ours, theirs, elsewhere;
  ours.code = theirs.code = elsewhere.code = FindingCode::BL204;
  ours.message = "classic deallocation cannot analyse the unstructured loop";
  theirs.message = "the deallocation pass rejects @f: it contains a loop";
  ours.range = theirs.range = {10, 17};
  elsewhere = ours;
  elsewhere.range = {30, 40};
  r.findings = {ours, theirs, elsewhere};
  dropDuplicateClassicPreconditions(r);
  ASSERT_EQ(r.findings.size(), 2u);
  EXPECT_EQ(r.findings[0].message, theirs.message);
  EXPECT_EQ(r.findings[1].range, elsewhere.range);
}

TEST(ClassicTest, UnstructuredLoopIsNotPlanned) {
  AnalysisResult r = analyze(R"(func.func @f(%c: i1) {
  %0 = memref.alloc() : memref<2xf32>
  cf.br ^bb1
^bb1:
  cf.cond_br %c, ^bb1, ^bb2
^bb2:
  return
}
)");
  const ClassicPlan &plan = planOf(r);
  EXPECT_FALSE(plan.computed);
  EXPECT_EQ(plan.reason,
            "classic deallocation cannot analyse the unstructured loop ^bb1 "
            "-> ^bb1: only structured loops (scf.for, scf.while) are "
            "supported");
  EXPECT_NE(explainClassic(r, valueNamed(r, "f", "%0"))
                .find("not planned: classic deallocation cannot analyse"),
            std::string::npos);
}

TEST(ClassicTest, CriticalAliasSitesOfALoopCarriedBuffer) {
  Annotations code(R"(func.func @f(%lb: index, %ub: index, %s: index,
             %buf: memref<2xf32>, %res: memref<2xf32>) {
  $result[[%0]] = scf.for %i = %lb to %ub step %s
      iter_args($iter[[%iterBuf]] = $init[[%buf]]) -> (memref<2xf32>) {
    %1 = arith.cmpi eq, %i, %ub : index
    $if[[%2]] = scf.if %1 -> (memref<2xf32>) {
      %3 = memref.alloc() : memref<2xf32>
      scf.yield $then[[%3]] : memref<2xf32>
    } else {
      scf.yield $else[[%iterBuf]] : memref<2xf32>
    }
    scf.yield $back[[%2]] : memref<2xf32>
  }
  memref.copy %0, %res : memref<2xf32> to memref<2xf32>
  return
}
)");
  AnalysisResult r = analyze(code.code());
  using Sites = std::vector<std::pair<SourceRange, std::string>>;
  auto sites = [&](const char *name) {
    Sites out;
    for (const CriticalAliasSite &site :
         criticalAliasSites(r, valueNamed(r, "f", name)))
      out.emplace_back(site.range, site.message);
    return out;
  };
  const std::string gets =
      " so the classic deallocation gives it a buffer of its own";
  const std::string clones = " here: the classic deallocation clones it ";
  std::pair<SourceRange, std::string> result = {
      code.range("result"),
      "%0 is a critical alias: %2 does not properly dominate it," + gets};
  std::pair<SourceRange, std::string> iter = {
      code.range("iter"),
      "%iterBuf is a critical alias: %2 does not properly dominate it," + gets};
  std::pair<SourceRange, std::string> ifResult = {
      code.range("if"),
      "%2 is a critical alias: %iterBuf and %3 do not properly dominate it," +
          gets};
  std::pair<SourceRange, std::string> elseOperand = {
      code.range("else"), "%iterBuf flows into the critical alias %2" + clones +
                              "before scf.yield in the else region of scf.if"};
  // The yield feeds the iter_arg and the loop's result: one site names both.
  std::pair<SourceRange, std::string> backOperand = {
      code.range("back"), "%2 flows into the critical aliases %0 and %iterBuf" +
                              clones +
                              "before scf.yield in the body of scf.for"};
  // %3 flows into the scf.if result %2, and from there around the loop.
  EXPECT_EQ(sites("%3"),
            (Sites{result,
                   iter,
                   ifResult,
                   {code.range("then"),
                    "%3 flows into the critical alias %2" + clones +
                        "before scf.yield in the then region of scf.if"},
                   elseOperand,
                   backOperand}));
  // The iter_arg: also the loop's init operand, cloned before the loop.
  EXPECT_EQ(sites("%iterBuf"),
            (Sites{result,
                   iter,
                   {code.range("init"),
                    "%buf flows into the critical alias %iterBuf" + clones +
                        "before scf.for in the entry block"},
                   ifResult,
                   elseOperand,
                   backOperand}));
  // An argument that flows into nothing critical.
  EXPECT_EQ(sites("%res"), Sites{});
}
