// The document model: exact ranges of values, blocks and ops; MLIR errors as
// findings; a broken function does not hide the others.

#include "Annotations.h"
#include "TestUtil.h"

using namespace bufferlens;
using namespace bufferlens::test;

TEST(AnalyzerTest, SourceRangesOfDefinitionsUsesAndBlocks) {
  Annotations code(R"(func.func @$fn[[f]](%[[arg]]0: i1) {
  $def[[%buf]] = $op[[memref.alloc]]() : memref<2xf32>
  cf.cond_br $use1[[%arg0]], $bb1use[[^bb1]], ^bb1
$bb1[[^bb1]]:
  memref.dealloc $use2[[%buf]] : memref<2xf32>
  return
}
)");
  AnalysisResult r = analyze(code.code());
  ASSERT_EQ(mlirErrors(r), Names{});
  ASSERT_EQ(r.functions.size(), 1u);
  EXPECT_EQ(r.functions[0].nameRange.begin, code.range("fn").begin - 1)
      << "the name range includes the @";
  EXPECT_EQ(r.functions[0].stage, Stage::Deallocated);
  ValueId buf = valueNamed(r, "f", "%buf");
  EXPECT_EQ(r.values[buf].definition, code.range("def"));
  ASSERT_EQ(r.values[buf].uses.size(), 1u);
  EXPECT_EQ(r.values[buf].uses[0], code.range("use2"));
  ValueId arg = valueNamed(r, "f", "%arg0");
  EXPECT_TRUE(r.values[arg].isBlockArgument);
  EXPECT_EQ(r.values[arg].uses[0], code.range("use1"));
  EXPECT_EQ(r.ops[r.values[buf].definingOp].nameRange, code.range("op"));
  EXPECT_EQ(r.ops[r.values[buf].definingOp].name, "memref.alloc");
  ASSERT_EQ(r.functions[0].blocks.size(), 2u);
  const BlockEntry &bb1 = r.blocks[r.functions[0].blocks[1]];
  EXPECT_EQ(bb1.label, "^bb1");
  EXPECT_EQ(bb1.labelRange, code.range("bb1"));
  EXPECT_EQ(bb1.uses.front(), code.range("bb1use"));
  EXPECT_EQ(r.blocks[r.functions[0].blocks[0]].successors,
            (std::vector<BlockId>{r.functions[0].blocks[1],
                                  r.functions[0].blocks[1]}));
  EXPECT_EQ(r.valueAt(code.range("use2").begin + 1), buf);
}

TEST(AnalyzerTest, ParseErrorHasTheExactRange) {
  Annotations code(R"(func.func @f() {
  %0 = memref.alloc() : memref<2xf32>
  memref.dealloc $bad[[%1]] : memref<2xf32>
  return
}
)");
  AnalysisResult r = analyze(code.code());
  // The op the error is in is left out and the rest (here nothing) parsed
  // (ParsedModule::parse): the document did parse.
  EXPECT_FALSE(r.parseFailed);
  EXPECT_TRUE(r.functions.empty());
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].message, "use of undeclared SSA value name");
  EXPECT_EQ(r.findings[0].source, "mlir");
  EXPECT_EQ(r.findings[0].code, FindingCode::None);
  EXPECT_EQ(r.findings[0].range, code.range("bad"));
}

TEST(AnalyzerTest, VerifierErrorIsolatesItsFunction) {
  Annotations code(R"(func.func @bad() {
  %0 = $op[[memref.alloc]]() : memref<?xf32>
  return
}
func.func @good(%a: memref<4xf32>) {
  %v = memref.cast %a : memref<4xf32> to memref<?xf32>
  return
}
)");
  AnalysisResult r = analyze(code.code());
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].message,
            "'memref.alloc' op incorrect number of dynamic sizes, has 0, "
            "expected 1");
  EXPECT_EQ(r.findings[0].range, code.range("op"));
  ASSERT_EQ(r.functions.size(), 2u);
  EXPECT_FALSE(r.functions[0].analysed);
  EXPECT_TRUE(r.functions[1].analysed);
  EXPECT_EQ(aliasesOf(r, "good", "%a"), Names{"%v"});
}

// Ops that do not verify break what their accessors and interfaces assume
// (a symbol name, a payload block's arguments, a region count): each of
// these crashed the analysis before nothing but their structure was read.
TEST(AnalyzerTest, OpsThatDoNotVerifyAreOnlyIndexed) {
  Annotations code(R"($noname[["func.func"]]() ({
  "func.return"() : () -> ()
}) {function_type = () -> ()} : () -> ()
#map = affine_map<(d0) -> (d0)>
func.func @payload(%a: memref<4xf32>, %b: memref<4xf32>) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0:
    $yield[[linalg.yield]]
  }
  memref.dealloc %b : memref<4xf32>
  return
}
func.func @regions(%c: i1) {
  $if[["scf.if"]](%c) ({
    scf.yield
  }) : (i1) -> ()
  return
}
)");
  AnalysisResult r = analyze(code.code());
  std::vector<std::pair<std::string, SourceRange>> errors;
  for (const Finding &f : r.findings)
    errors.push_back({f.message, f.range});
  EXPECT_EQ(errors,
            (std::vector<std::pair<std::string, SourceRange>>{
                {"'func.func' op requires attribute 'sym_name'",
                 code.range("noname")},
                {"'linalg.yield' op expected number of yield values (0) to "
                 "match the number of inits / outs operands of the enclosing "
                 "LinalgOp (1)",
                 code.range("yield")},
                {"'scf.if' op expected 2 regions", code.range("if")}}));
  ASSERT_EQ(r.functions.size(), 3u);
  EXPECT_EQ(r.functions[0].name, "");
  EXPECT_EQ(r.functions[1].name, "payload");
  for (const FunctionEntry &fn : r.functions)
    EXPECT_FALSE(fn.analysed) << fn.name;
}

TEST(AnalyzerTest, StageComesFromFreesOrTheDirective) {
  std::string body = R"(func.func @f() {
  %0 = memref.alloc() : memref<2xf32>
  return
}
)";
  EXPECT_EQ(analyze(body).functions[0].stage, Stage::Bufferized);
  AnalysisResult forced = analyze("// bufferlens: stage=deallocated\n" + body);
  EXPECT_EQ(forced.functions[0].stage, Stage::Deallocated);
  EXPECT_TRUE(forced.functions[0].stageFromOverride);
  AnalysisOptions options;
  options.stage = StageOverride::Deallocated;
  EXPECT_EQ(analyze(body, options).functions[0].stage, Stage::Deallocated);
}

TEST(AnalyzerTest, UnregisteredOpsAreAccepted) {
  AnalysisResult r = analyze(R"(func.func @f() {
  %0 = memref.alloc() : memref<2xf32>
  "test.use"(%0) : (memref<2xf32>) -> ()
  return
}
)");
  EXPECT_EQ(mlirErrors(r), Names{});
  EXPECT_EQ(r.ops[1].name, "test.use");
}
