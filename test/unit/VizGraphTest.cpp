// The visualizer's graph model: rows, markers, edges, clusters, ranges,
// limits, origins of rewritten IR; and its rendering through Graphviz.

#include "Annotations.h"
#include "TestUtil.h"
#include "analysis/model/LineIndex.h"
#include "viz/DotWriter.h"
#include "viz/Graph.h"

using namespace bufferlens;
using namespace bufferlens::test;
using namespace bufferlens::viz;

namespace {

std::string hrefOf(const std::string &text, SourceRange range) {
  LineIndex lines(text);
  LineColumn a = lines.toUtf16Column(range.begin);
  LineColumn b = lines.toUtf16Column(range.end);
  return UserRange{a.line, a.column, b.line, b.column}.href();
}

const GraphRow *rowOf(const FunctionGraph &g, const std::string &prefix) {
  for (const GraphBlock &b : g.blocks)
    for (const GraphRow &r : b.rows)
      if (r.text.rfind(prefix, 0) == 0)
        return &r;
  ADD_FAILURE() << "no row starting with " << prefix;
  return nullptr;
}

std::vector<std::string> edgesOf(const AnalysisResult &r,
                                 const FunctionGraph &g) {
  auto label = [&](BlockId b) {
    const std::string &header = g.find(b)->header;
    return header.substr(0, header.find('('));
  };
  std::vector<std::string> out;
  for (const GraphEdge &e : g.edges)
    out.push_back(std::string(toString(e.kind)) + " " + label(e.from) + ":" +
                  e.fromPort + " -> " + label(e.to) + ":" + e.toPort +
                  (e.backEdge ? " back" : "") +
                  (e.label.empty() ? "" : " " + e.label));
  return out;
}

TEST(VizGraphTest, BlocksRowsMarkersAndBranchEdges) {
  Annotations src(R"(func.func @f(%arg0: i1) {
  $alloca[[%0 = memref.alloca() : memref<2xf32>]]
  $alloc[[%1 = memref.alloc() : memref<2xf32>]]
  cf.cond_br %arg0, ^bb1, ^bb2
$bb1[[^bb1]]:
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  %c = bufferization.clone %1 : memref<2xf32> to memref<2xf32>
  memref.dealloc %1 : memref<2xf32>
  cf.br ^bb3(%c : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  cf.cond_br %arg0, ^bb3(%2 : memref<2xf32>), ^bb4
^bb4:
  return
}
)");
  AnalysisResult r = analyze(src.code());
  FunctionGraph g = buildFunctionGraph(r, 0, {});
  ASSERT_EQ(g.blocks.size(), 5u);
  EXPECT_EQ(g.blocks[0].header, "^bb0(%arg0: i1)");
  EXPECT_EQ(g.blocks[3].header, "^bb3(%2: memref<2xf32>)");
  EXPECT_EQ(rowOf(g, "%0 = memref.alloca")->marker, Marker::StackAlloc);
  EXPECT_EQ(rowOf(g, "%1 = memref.alloc")->marker, Marker::HeapAlloc);
  EXPECT_EQ(rowOf(g, "%c = bufferization.clone")->marker, Marker::Clone);
  EXPECT_EQ(rowOf(g, "memref.dealloc")->marker, Marker::Dealloc);
  EXPECT_EQ(rowOf(g, "cf.br ^bb3(%0")->marker, Marker::None);
  // Exact ranges, as LSP positions.
  EXPECT_EQ(rowOf(g, "%1 = memref.alloc")->range->href(),
            hrefOf(src.code(), src.range("alloc")));
  EXPECT_EQ(g.blocks[1].headerRange->href(),
            hrefOf(src.code(), src.range("bb1")));
  EXPECT_EQ(edgesOf(r, g), (std::vector<std::string>{
                               "branch ^bb0:o2 -> ^bb1: true",
                               "branch ^bb0:o2 -> ^bb2: false",
                               "branch ^bb1:o3 -> ^bb3: (%0)",
                               "branch ^bb2:o6 -> ^bb3: (%c)",
                               "branch ^bb3:o7 -> ^bb3: back true (%2)",
                               "branch ^bb3:o7 -> ^bb4: false",
                           }));
}

TEST(VizGraphTest, RegionsAreClustersWithRegionEdges) {
  AnalysisResult r = analyze(
      R"(func.func @f(%lb: index, %ub: index, %buf: memref<2xf32>, %c: i1) {
  %0 = scf.for %i = %lb to %ub step %lb iter_args(%it = %buf) -> (memref<2xf32>) {
    %1 = scf.if %c -> (memref<2xf32>) {
      %a = memref.alloc() : memref<2xf32>
      scf.yield %a : memref<2xf32>
    } else {
      scf.yield %it : memref<2xf32>
    }
    scf.yield %1 : memref<2xf32>
  }
  %w = scf.while (%x = %buf) : (memref<2xf32>) -> memref<2xf32> {
    scf.condition(%c) %x : memref<2xf32>
  } do {
  ^bb0(%y: memref<2xf32>):
    scf.yield %y : memref<2xf32>
  }
  return
}
)");
  FunctionGraph g = buildFunctionGraph(r, 0, {});
  ASSERT_EQ(g.topLevel.size(), 1u);
  const GraphBlock &entry = *g.find(g.topLevel[0]);
  ASSERT_EQ(entry.regionOps.size(), 2u);
  EXPECT_EQ(entry.regionOps[0].title, "scf.for");
  EXPECT_EQ(entry.regionOps[0].regionNames, (std::vector<std::string>{"body"}));
  EXPECT_EQ(entry.regionOps[1].regionNames,
            (std::vector<std::string>{"before", "after"}));
  const GraphBlock &body = *g.find(entry.regionOps[0].regions[0][0]);
  ASSERT_EQ(body.regionOps.size(), 1u);
  EXPECT_EQ(body.regionOps[0].regionNames,
            (std::vector<std::string>{"then", "else"}));
  EXPECT_EQ(rowOf(g, "%0 = scf.for")->text,
            "%0 = scf.for %i = %lb to %ub step %lb iter_args(%it = %buf) -> "
            "(memref<\xE2\x80\xA6");
  EXPECT_EQ(rowOf(g, "%1 = scf.if")->text,
            "%1 = scf.if %c -> (memref<2xf32>) { \xE2\x80\xA6 }");
  // Blocks are named by the model: the entry blocks of regions are ^bb0.
  EXPECT_EQ(edgesOf(r, g), (std::vector<std::string>{
                               "region-entry ^bb0:o0 -> ^bb0:",
                               "region-entry ^bb0:o6 -> ^bb0:",
                               "region-entry ^bb0:o1 -> ^bb0:",
                               "region-entry ^bb0:o1 -> ^bb0:",
                               "region-back ^bb0:o5 -> ^bb0: back (%1)",
                               "region-yield ^bb0:o5 -> ^bb0:o0 (%1)",
                               "region-yield ^bb0:o3 -> ^bb0:o1 (%a)",
                               "region-yield ^bb0:o4 -> ^bb0:o1 (%it)",
                               "region-next ^bb0:o7 -> ^bb0: (%x)",
                               "region-yield ^bb0:o7 -> ^bb0:o6 (%x)",
                               "region-back ^bb0:o8 -> ^bb0: back (%y)",
                           }));
}

// Regions without a memref at any depth (linalg's scalar payloads, an
// scf.if over scalars) are not drawn: their op keeps one row with a count,
// and no edge to them is counted as missing. A region op that holds a
// memref deeper down is still a cluster.
TEST(VizGraphTest, PayloadRegionsWithoutMemRefsAreCountedNotDrawn) {
  AnalysisResult r = analyze(
      R"(#id = affine_map<(d0) -> (d0)>
func.func @f(%in: memref<4xf32>, %out: memref<4xf32>, %c: i1, %n: index) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%in : memref<4xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  %x = scf.if %c -> (index) {
    scf.yield %n : index
  } else {
    %m = arith.addi %n, %n : index
    scf.yield %m : index
  }
  scf.if %c {
    scf.if %c {
      %v = memref.load %in[%x] : memref<4xf32>
      memref.store %v, %out[%n] : memref<4xf32>
    }
  }
  return
}
)");
  FunctionGraph g = buildFunctionGraph(r, 0, {});
  ASSERT_EQ(g.topLevel.size(), 1u);
  const GraphBlock &entry = *g.find(g.topLevel[0]);
  ASSERT_EQ(entry.regionOps.size(), 1u);
  EXPECT_EQ(entry.regionOps[0].title, "scf.if");
  EXPECT_EQ(g.blocks.size(), 3u); // The entry and the two nested scf.if's.
  EXPECT_EQ(
      rowOf(g, "linalg.generic")->text,
      "linalg.generic {indexing_maps = [#id, #id\xE2\x80\xA6  \xC2\xB7  1 "
      "region without memrefs");
  EXPECT_EQ(rowOf(g, "%x = scf.if")->text,
            "%x = scf.if %c -> (index) { \xE2\x80\xA6 }  \xC2\xB7  2 regions "
            "without memrefs");
  EXPECT_EQ(edgesOf(r, g), (std::vector<std::string>{
                               "region-entry ^bb0:o7 -> ^bb0:",
                               "region-entry ^bb0:o8 -> ^bb0:",
                               "region-yield ^bb0:o12 -> ^bb0:o7",
                               "region-yield ^bb0:o11 -> ^bb0:o8",
                           }));
  EXPECT_TRUE(g.notes.empty());
}

TEST(VizGraphTest, FindingsSitOnTheirOpAndBlockHeader) {
  AnalysisResult r = analyze(R"(func.func @f(%arg0: i1) {
  %1 = memref.alloc() : memref<2xf32>
  cf.br ^bb1(%1 : memref<2xf32>)
^bb1(%2: memref<2xf32>):
  return
}
)");
  Finding onOp;
  onOp.code = FindingCode::BL101;
  onOp.severity = Severity::Error;
  onOp.range = r.ops[0].nameRange;
  onOp.message = "%1 leaks";
  Finding onArg;
  onArg.code = FindingCode::BL201;
  onArg.severity = Severity::Info;
  onArg.range = r.values[valueNamed(r, "f", "%2")].definition;
  onArg.message = "%2 is a critical alias";
  r.findings = {onOp, onArg};
  FunctionGraph g = buildFunctionGraph(r, 0, {});
  const GraphRow *alloc = rowOf(g, "%1 = memref.alloc");
  EXPECT_EQ(alloc->findingCodes, (std::vector<std::string>{"BL101"}));
  EXPECT_EQ(alloc->findingMessages, "BL101: %1 leaks");
  EXPECT_EQ(alloc->worstSeverity, Severity::Error);
  EXPECT_EQ(g.blocks[1].headerFindingCodes,
            (std::vector<std::string>{"BL201"}));
  EXPECT_TRUE(g.blocks[1].criticalAlias);
}

TEST(VizGraphTest, OwnershipAtEachBlockEnd) {
  AnalysisResult r = analyze(R"(func.func @f(%arg0: memref<2xf32>) {
  %1 = memref.alloc() : memref<2xf32>
  cf.br ^bb1
^bb1:
  return
}
)");
  OwnershipFacts facts;
  facts.function = 0;
  facts.computed = true;
  ValueOwnership owned;
  owned.value = valueNamed(r, "f", "%1");
  owned.block = 0;
  owned.ownership.kind = Ownership::Kind::Unique;
  owned.ownership.indicator = "true";
  ValueOwnership argument = owned;
  argument.value = valueNamed(r, "f", "%arg0");
  argument.ownership.indicator = "false";
  facts.states = {owned, argument};
  r.ownership = {facts};
  FunctionGraph g = buildFunctionGraph(r, 0, {});
  EXPECT_EQ(
      g.blocks[0].ownershipAtEnd,
      (std::vector<std::string>{"%1: unique(true)", "%arg0: unique(false)"}));
  EXPECT_TRUE(g.blocks[1].ownershipAtEnd.empty());
  EXPECT_NE(writeDot(g).find(
                "owned at end:<BR/>%1: unique(true)<BR/>%arg0: unique(false)"),
            std::string::npos);
}

TEST(VizGraphTest, LongBlocksAndManyBlocksAreElidedAndSaySo) {
  std::string text = "func.func @f() {\n";
  for (int i = 0; i < 100; ++i)
    text += "  %c" + std::to_string(i) + " = arith.constant " +
            std::to_string(i) + " : index\n";
  text += "  return\n}\n";
  AnalysisResult r = analyze(text);
  GraphOptions options;
  options.limits.maxRowsPerBlock = 12;
  FunctionGraph g = buildFunctionGraph(r, 0, options);
  ASSERT_EQ(g.blocks.size(), 1u);
  EXPECT_EQ(g.blocks[0].rows.size(), 13u);
  EXPECT_EQ(g.blocks[0].elidedRows, 89u);
  EXPECT_EQ(g.blocks[0].rows[9].text,
            "\xE2\x80\xA6 89 ops not shown (limit 12 rows per block)");
  EXPECT_EQ(g.blocks[0].rows.back().text, "return");
  EXPECT_EQ(g.notes, (std::vector<std::string>{
                         "89 ops in 1 long blocks not shown (limit 12 rows "
                         "per block)"}));
}

// A chain of `blocks` blocks, each branching to the next and back to the
// first.
std::string chain(int blocks) {
  std::string text = "func.func @big(%c: i1) {\n  cf.br ^bb1\n";
  for (int i = 1; i <= blocks; ++i) {
    text += "^bb" + std::to_string(i) + ":\n";
    text += "  %v" + std::to_string(i) + " = memref.alloc() : memref<4xf32>\n";
    text += "  memref.dealloc %v" + std::to_string(i) + " : memref<4xf32>\n";
    text += i < blocks
                ? "  cf.cond_br %c, ^bb" + std::to_string(i + 1) + ", ^bb1\n"
                : "  return\n";
  }
  return text + "}\n";
}

TEST(VizGraphTest, BlockLimitLeavesBlocksOutAndSaysSo) {
  AnalysisResult r = analyze(chain(30));
  GraphOptions options;
  options.limits.maxBlocks = 10;
  FunctionGraph g = buildFunctionGraph(r, 0, options);
  EXPECT_EQ(g.blocks.size(), 10u);
  EXPECT_EQ(g.notes, (std::vector<std::string>{
                         "21 of 31 blocks not drawn (limit 10)",
                         "1 edges to blocks not drawn are not shown"}));
}

TEST(VizGraphTest, FiveHundredBlocksRenderAsSvg) {
  AnalysisResult r = analyze(chain(500));
  ASSERT_FALSE(r.parseFailed);
  Rendered svg = renderGraph(r, 0, GraphFormat::Svg);
  ASSERT_TRUE(svg.ok()) << svg.error;
  EXPECT_NE(svg.bytes.find("large graph (501 blocks): layout effort limited; "
                           "490 edges spanning more than 8 blocks are written "
                           "on their branch&#39;s row instead of drawn"),
            std::string::npos);
  EXPECT_NE(svg.bytes.find("id=\"bl&#45;block&#45;500\""), std::string::npos);
}

TEST(VizGraphTest, RenderingIsDeterministicAndPngIsAPng) {
  AnalysisResult r = analyze(chain(3));
  Rendered a = renderGraph(r, 0, GraphFormat::Png);
  Rendered b = renderGraph(r, 0, GraphFormat::Png);
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_EQ(a.bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_GT(a.bytes.size(), 10000u);
  EXPECT_EQ(a.bytes, b.bytes);
  EXPECT_EQ(renderGraph(r, 0, GraphFormat::Svg).bytes,
            renderGraph(r, 0, GraphFormat::Svg).bytes);
}

TEST(VizGraphTest, BrokenDotIsAnErrorNotACrash) {
  Rendered out = renderDot("digraph { a -> ", GraphFormat::Svg);
  EXPECT_FALSE(out.ok());
  EXPECT_EQ(out.error.rfind("Graphviz could not read the graph", 0), 0u);
}

// A rewrite printed with debug locations names the user's file: its ops link
// to the user's ranges; ops the rewrite made from nothing link nowhere.
TEST(VizGraphTest, RewrittenOpsLinkToTheUsersRanges) {
  Annotations user(R"(func.func @f() {
  $alloc[[%0 = memref.alloc() : memref<2xf32>]]
  $ret[[return]]
}
)");
  AnalysisResult original = analyzeDocument(user.code(), "dir/user.mlir", {});
  AnalysisResult rewritten = analyzeDocument(R"(func.func @f() {
  %alloc = memref.alloc() : memref<2xf32> loc("/abs/dir/user.mlir":2:3)
  memref.dealloc %alloc : memref<2xf32> loc("/abs/dir/user.mlir":3:3)
  %c = arith.constant 0 : index loc(unknown)
  return loc("/abs/dir/user.mlir":3:3)
} loc("/abs/dir/user.mlir":1:1)
)",
                                             "rewritten.mlir", {});
  ASSERT_FALSE(rewritten.parseFailed);
  EXPECT_EQ(rewritten.ops[0].originFile, "/abs/dir/user.mlir");
  EXPECT_EQ(rewritten.ops[0].originLine, 2u);
  EXPECT_EQ(rewritten.ops[0].originColumn, 3u);
  OriginMap origins(original, "dir/user.mlir", rewritten);
  GraphOptions options;
  options.stage = "pipeline";
  FunctionGraph g = buildFunctionGraph(rewritten, 0, options, &origins);
  EXPECT_EQ(rowOf(g, "%alloc = memref.alloc() : memref<2xf32>")->range->href(),
            hrefOf(user.code(), user.range("alloc")));
  EXPECT_EQ(rowOf(g, "memref.dealloc %alloc : memref<2xf32>")->range->href(),
            hrefOf(user.code(), user.range("ret")));
  EXPECT_FALSE(rowOf(g, "%c = arith.constant 0 : index")->range);
  EXPECT_EQ(g.title, "@f  \xC2\xB7  after buffer-deallocation-pipeline");
}

TEST(VizGraphTest, OriginsOnlyFromTheNamedBuffer) {
  EXPECT_TRUE(sameBuffer("a/b/user.mlir", "user.mlir"));
  EXPECT_TRUE(sameBuffer("user.mlir", "user.mlir"));
  EXPECT_FALSE(sameBuffer("other.mlir", "user.mlir"));
  EXPECT_FALSE(sameBuffer("", "user.mlir"));
}

} // namespace
