//===- TaggedCloneTest.cpp - A copy's ops name the user's ops -------------===//
//
// TaggedClone (analysis/ownership/TaggedClone.h) maps every op of its copy,
// and every op a pass makes from one, back to the user's op through the
// op's location. An op whose file position names it alone
// (SourceIndex::opLocatedAt) keeps that position; any other op gets a tag
// of its own. These tests hold both halves: which positions name one op,
// and that every copied op maps back to its original on every input the
// project has.
//
//===----------------------------------------------------------------------===//

#include "CorpusModules.h"
#include "TestUtil.h"

#include "analysis/ir/DestroyIR.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/TaggedClone.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

using namespace bufferlens;
using namespace mlir;

namespace {

constexpr const char kPositions[] = R"mlir(
func.func @f(%s: f32, %n: index, %m: memref<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  scf.for %i = %n to %n step %n {
    memref.store %s, %m[%n] : memref<4xf32>
  }
  %x = arith.addf %s, %s : f32 loc("shared.mlir":1:1)
  %y = arith.mulf %s, %s : f32 loc("shared.mlir":1:1)
  %z = arith.subf %s, %s : f32 loc(fused["inner.mlir":2:2, "other.mlir":3:3])
  %w = arith.divf %s, %s : f32 loc("inner.mlir":2:2)
  return %f : tensor<4xf32>
}
)mlir";

/// The ops of `result` by name, in the index's order.
std::vector<std::string> opNames(const AnalysisResult &result) {
  std::vector<std::string> names;
  for (const OpEntry &op : result.ops)
    names.push_back(op.name);
  return names;
}

/// kPositions parsed and indexed.
struct Positions {
  std::unique_ptr<MLIRContext> context = createContext();
  std::vector<Finding> errors;
  std::unique_ptr<ParsedModule> parsed =
      ParsedModule::parse(kPositions, "t.mlir", *context, errors);
  AnalysisResult result;
  std::optional<SourceIndex> index;
  Positions() {
    if (parsed)
      index.emplace(*parsed, result);
  }
  ~Positions() {
    index.reset();
    if (parsed)
      eraseNestedInnermostFirst(parsed->module());
  }
};

TEST(TaggedCloneTest, PositionsNameTheOpTheParserGaveThemAlone) {
  Positions positions;
  ASSERT_TRUE(positions.index) << positions.errors.size();
  const SourceIndex &index = *positions.index;
  const AnalysisResult &result = positions.result;
  ASSERT_EQ(opNames(result),
            (std::vector<std::string>{
                "tensor.empty", "linalg.fill", "linalg.yield", "scf.for",
                "memref.store", "scf.yield", "arith.addf", "arith.mulf",
                "arith.subf", "arith.divf", "func.return"}));
  std::vector<OpId> named;
  for (OpId id = 0; id < (OpId)result.ops.size(); ++id)
    named.push_back(index.opLocatedAt(index.op(id)->getLoc()));
  // linalg.fill's parser builds its body at no position. scf.for's adds
  // the terminator the text leaves out at the loop's own position, which
  // names the op the user wrote. Two ops at one position name neither; a
  // position inside another op's fused location neither; a fused
  // location is not a position.
  EXPECT_EQ(named, (std::vector<OpId>{0, 1, kNone, 3, 4, 3, kNone, kNone, kNone,
                                      kNone, 10}));
  EXPECT_EQ(index.opLocatedAt(UnknownLoc::get(positions.context.get())), kNone);
}

TEST(TaggedCloneTest, FusedLocationsNameEachOpOnceInOrder) {
  Positions positions;
  ASSERT_TRUE(positions.index) << positions.errors.size();
  const SourceIndex &index = *positions.index;
  MLIRContext *context = positions.context.get();
  TaggedClone clone(index);
  Operation *empty = clone.lookup(index.op(0));
  Operation *yield = clone.lookup(index.op(5));
  Operation *addf = clone.lookup(index.op(6));
  ASSERT_TRUE(empty && yield && addf);
  // The empty tensor keeps its position; the loop's implicit yield and
  // the ops at a shared position are tagged.
  EXPECT_EQ(empty->getLoc(), index.op(0)->getLoc());
  EXPECT_NE(yield->getLoc(), index.op(5)->getLoc());
  EXPECT_NE(addf->getLoc(), index.op(6)->getLoc());

  // What a pass that fuses them would leave. The yield's tag holds the
  // loop's position, which must not be read as a fourth op.
  Location fused = FusedLoc::get(
      context, {yield->getLoc(), empty->getLoc(), addf->getLoc()});
  std::vector<OpId> seen;
  clone.forEachOriginOp(fused, [&](OpId id) {
    seen.push_back(id);
    return true;
  });
  EXPECT_EQ(seen, (std::vector<OpId>{5, 0, 6}));
  EXPECT_EQ(clone.originOpOf(fused), 5);
  // Inside a name or a call site, as inlining leaves them.
  Location site = CallSiteLoc::get(
      NameLoc::get(StringAttr::get(context, "n"), addf->getLoc()),
      empty->getLoc());
  EXPECT_EQ(clone.originOpOf(site), 6);
  EXPECT_EQ(clone.originOpOf(UnknownLoc::get(context)), kNone);
}

TEST(TaggedCloneTest, EveryCopiedOpNamesItsOriginalOnTheCorpus) {
  std::unique_ptr<MLIRContext> context = createContext();
  size_t modules = 0, ops = 0, ownPositions = 0;
  test::forEachMlirFileBelow(
      {"test/corpus", "test/lit", "examples"},
      [&](const std::filesystem::path &path, const std::string &text) {
        std::vector<std::string> chunks = test::splitInputFile(text);
        for (size_t i = 0; i < chunks.size() && !HasFailure(); ++i) {
          std::string where = path.string() + " chunk " + std::to_string(i);
          std::vector<Finding> errors;
          std::unique_ptr<ParsedModule> parsed =
              ParsedModule::parse(chunks[i], "t.mlir", *context, errors);
          if (!parsed)
            continue;
          AnalysisResult result;
          SourceIndex index(*parsed, result);
          {
            TaggedClone clone(index);
            for (OpId id = 0; id < (OpId)result.ops.size(); ++id) {
              Operation *copy = clone.lookup(index.op(id));
              ASSERT_TRUE(copy) << where << " op " << id;
              EXPECT_EQ(clone.originOpOf(copy->getLoc()), id)
                  << where << " op " << id << " " << result.ops[id].name;
              bool own = index.opLocatedAt(index.op(id)->getLoc()) == id;
              EXPECT_EQ(copy->getLoc() == index.op(id)->getLoc(), own)
                  << where << " op " << id;
              ownPositions += own;
            }
          }
          ++modules;
          ops += result.ops.size();
          eraseNestedInnermostFirst(parsed->module());
        }
      });
  EXPECT_GT(modules, 200u);
  EXPECT_GT(ops, 5000u);
  // Most ops keep their position: no location is made for them.
  EXPECT_GT(ownPositions * 2, ops);
}

} // namespace
