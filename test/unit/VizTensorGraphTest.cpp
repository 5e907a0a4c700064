// The graph of a function still on tensors (viz/TensorOverlay.cpp): the
// decisions of the stored TensorPlan under each op, the op's row marked
// with the weightiest, the memref graph left as it was, and the decisions
// at ops a limit hides counted rather than lost.

#include "TestUtil.h"
#include "viz/DotWriter.h"
#include "viz/FunctionGraph.h"

using namespace bufferlens;
using namespace bufferlens::test;
using namespace bufferlens::viz;

namespace {

const GraphRow *rowOf(const FunctionGraph &g, const std::string &prefix) {
  for (const GraphBlock &b : g.blocks)
    for (const GraphRow &r : b.rows)
      if (r.text.rfind(prefix, 0) == 0)
        return &r;
  ADD_FAILURE() << "no row starting with " << prefix;
  return nullptr;
}

std::vector<std::string> effectsOf(const GraphRow *row) {
  std::vector<std::string> out;
  if (row)
    for (const RowEffect &e : row->effects)
      out.push_back(std::string(toString(e.marker)) + ": " + e.text);
  return out;
}

// A copy of %t (tensor.extract reads it after tensor.insert writes it) in
// a loop body, freed before the yield every iteration.
const char *kCopyInLoop = R"(func.func @f(%t: tensor<64xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> f32 {
    %w = tensor.insert %v into %t[%i] : tensor<64xf32>
    %new = tensor.extract %w[%c0] : tensor<64xf32>
    %old = tensor.extract %t[%i] : tensor<64xf32>
    %d = arith.subf %new, %old : f32
    %a = arith.addf %acc, %d : f32
    scf.yield %a : f32
  }
  return %s : f32
}
)";

TEST(VizTensorGraphTest, CopyInALoopIsPerIterationAndFreedAtTheYield) {
  AnalysisResult r = analyze(kCopyInLoop);
  ASSERT_NE(r.tensorPlan(0), nullptr);
  FunctionGraph g = buildFunctionGraph(r, 0, {});
  EXPECT_TRUE(g.tensorView);
  EXPECT_EQ(g.title, "@f  \xC2\xB7  on tensors, as One-Shot Bufferize "
                     "bufferizes it: 1 allocation \xC2\xB7 1 copy");
  // The loop holds tensors: a cluster, not a payload row.
  ASSERT_EQ(g.blocks.size(), 2u);
  EXPECT_EQ(g.blocks[0].regionOps.size(), 1u);
  EXPECT_TRUE(g.notes.empty());

  const GraphRow *insert = rowOf(g, "%w = tensor.insert");
  ASSERT_NE(insert, nullptr);
  EXPECT_EQ(insert->marker, Marker::Copy);
  EXPECT_EQ(effectsOf(insert),
            (std::vector<std::string>{
                "heap-alloc: alloc memref<64xf32>, 256 bytes, per iteration, "
                "for a copy",
                "copy: copy of %t (operand #1), memref<64xf32>, 256 bytes, "
                "per iteration: writing its buffer in place would clobber "
                "what a later read needs"}));
  const GraphRow *yield = rowOf(g, "scf.yield %a");
  EXPECT_EQ(yield->marker, Marker::Dealloc);
  EXPECT_EQ(effectsOf(yield),
            (std::vector<std::string>{
                "dealloc: freed here every iteration: memref<64xf32> "
                "allocated at line 7 by tensor.insert"}));
  // Reads decide nothing.
  EXPECT_TRUE(rowOf(g, "%new = tensor.extract")->effects.empty());
  EXPECT_EQ(rowOf(g, "%new = tensor.extract")->marker, Marker::None);
}

TEST(VizTensorGraphTest, AFailureIsAllThatIsDrawn) {
  AnalysisResult r =
      analyze(R"(func.func @f(%t: tensor<16xf32>, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> tensor<16xf32> {
    %e = tensor.empty() : tensor<16xf32>
    %filled = linalg.fill ins(%f : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %filled : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}
)");
  FunctionGraph g = buildFunctionGraph(r, 0, {});
  EXPECT_EQ(g.title,
            "@f  \xC2\xB7  on tensors: One-Shot Bufferize fails on it (BL503)");
  size_t effects = 0;
  for (const GraphBlock &b : g.blocks)
    for (const GraphRow &row : b.rows)
      effects += row.effects.size();
  EXPECT_EQ(effects, 1u);
  EXPECT_EQ(effectsOf(rowOf(g, "scf.yield %filled")),
            (std::vector<std::string>{
                "fails: One-Shot Bufferize fails here: Yield operand #0 is "
                "not equivalent to the corresponding iter bbArg"}));
  EXPECT_EQ(g.notes, (std::vector<std::string>{
                         "One-Shot Bufferize fails on the function: what it "
                         "would allocate, copy and free is not known"}));
}

TEST(VizTensorGraphTest, DecisionsAtOpsNotDrawnAreCounted) {
  // Six ops in one block, four rows at most: the middle ones are elided,
  // the allocation among them.
  AnalysisResult r = analyze(R"(func.func @f(%v: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tensor.empty() : tensor<8xf32>
  %c3 = arith.constant 3 : index
  return %e : tensor<8xf32>
}
)");
  GraphOptions options;
  options.limits.maxRowsPerBlock = 4;
  FunctionGraph g = buildFunctionGraph(r, 0, options);
  EXPECT_EQ(g.blocks[0].elidedRows, 2u);
  // The return is drawn with its release; the allocation is not.
  EXPECT_EQ(effectsOf(rowOf(g, "return %e")),
            (std::vector<std::string>{"returned: returned: the caller frees "
                                      "it: memref<8xf32> allocated at line 5 "
                                      "by tensor.empty"}));
  ASSERT_EQ(g.notes.size(), 2u);
  EXPECT_EQ(g.notes[1], "1 decision of One-Shot Bufferize at ops not drawn "
                        "is not shown");
}

TEST(VizTensorGraphTest, AMemrefFunctionBesideKeepsItsOwnGraph) {
  AnalysisResult r = analyze(R"(func.func @m() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
func.func @t(%v: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}
)");
  FunctionGraph m = buildFunctionGraph(r, 0, {});
  EXPECT_FALSE(m.tensorView);
  EXPECT_EQ(rowOf(m, "%a = memref.alloc")->marker, Marker::HeapAlloc);
  EXPECT_TRUE(rowOf(m, "%a = memref.alloc")->effects.empty());
  std::string dot = writeDot(m);
  EXPECT_NE(dot.find("critical alias (BL201: needs a clone)"),
            std::string::npos);
  EXPECT_EQ(dot.find("-effect-"), std::string::npos);

  FunctionGraph t = buildFunctionGraph(r, 1, {});
  EXPECT_TRUE(t.tensorView);
  EXPECT_EQ(effectsOf(rowOf(t, "%e = tensor.empty")),
            (std::vector<std::string>{"heap-alloc: alloc memref<4xf32>, 16 "
                                      "bytes"}));
  dot = writeDot(t);
  EXPECT_EQ(dot.find("critical alias"), std::string::npos);
  EXPECT_NE(dot.find("ID=\"bl-op-2-effect-0\""), std::string::npos);
}

} // namespace
