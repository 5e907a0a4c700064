//===- ViewFlowGraphTest.cpp - The graph built from the IR against upstream
//===//
//
// ViewFlowGraph::build reads the dependencies BufferViewFlowAnalysis
// records without building the analysis. The analysis itself is the
// judge: every value it has dependencies for has them in the graph in the
// same iteration order, no other value has any, and so after `remove` of
// the same values; and the closure over the graph resolves every value to
// upstream's set, in upstream's order. On generated bufferized functions,
// on every function of the corpus, the lit inputs and the examples, and on
// values with more than the 16 dependencies a SmallPtrSet keeps inline
// (where its order is its hash table's).
//
//===----------------------------------------------------------------------===//

#include "AliasSets.h"
#include "BufferizedGenerator.h"
#include "CorpusModules.h"
#include "TestUtil.h"

#include "analysis/classic/AliasClosure.h"
#include "analysis/ir/Registry.h"
#include "analysis/ir/ViewFlowGraph.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SetVector.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

namespace {

using test::inOrder;
using test::Ordered;
using test::someMemrefs;
using test::valuesOf;

Ordered dependenciesOf(const ViewFlowGraph &graph, Value value) {
  Ordered out;
  if (std::optional<unsigned> at = graph.find(value))
    for (unsigned target : graph.dependencies(*at))
      out.push_back(graph.value(target).getAsOpaquePointer());
  return out;
}

/// The graph's dependencies are `flow`'s, value by value and in order;
/// returns the dependencies compared.
size_t expectSameDependencies(const BufferViewFlowAnalysis &flow,
                              const ViewFlowGraph &graph,
                              const std::string &where) {
  size_t compared = 0, keys = 0;
  for (const auto &[value, dependencies] : flow) {
    EXPECT_EQ(dependenciesOf(graph, value), inOrder(dependencies)) << where;
    compared += dependencies.size();
    keys += !dependencies.empty();
  }
  size_t nodesWithDependencies = 0;
  for (unsigned n = 0; n < graph.size(); ++n)
    nodesWithDependencies += !graph.dependencies(n).empty();
  EXPECT_EQ(nodesWithDependencies, keys) << where;
  return compared;
}

/// The closure over the graph resolves every value as `flow` does.
void expectSameResolve(Operation *root, const BufferViewFlowAnalysis &flow,
                       const ViewFlowGraph &graph, const std::string &where) {
  AliasClosure closure{ViewFlowGraph(graph)};
  for (Value v : valuesOf(root))
    EXPECT_EQ(inOrder(closure.resolve(v)), inOrder(flow.resolve(v))) << where;
}

/// Compares graph and analysis on `root`, before and after removing the
/// same values from both; returns the dependencies compared.
size_t check(Operation *root, const std::string &where) {
  BufferViewFlowAnalysis flow(root);
  ViewFlowGraph graph = ViewFlowGraph::build(root);
  size_t compared = expectSameDependencies(flow, graph, where);
  expectSameResolve(root, flow, graph, where);
  llvm::SetVector<Value> removed = someMemrefs(root);
  flow.remove(removed);
  graph.remove(removed);
  compared += expectSameDependencies(flow, graph, where + " after remove");
  expectSameResolve(root, flow, graph, where + " after remove");
  return compared;
}

size_t checkFunctions(ModuleOp module, const std::string &where) {
  size_t compared = 0;
  module->walk([&](FunctionOpInterface fn) {
    if (!fn.isExternal())
      compared += check(fn, where + " @" + fn.getName().str());
  });
  return compared;
}

TEST(ViewFlowGraphTest, UpstreamsDependenciesOnGeneratedFunctions) {
  std::unique_ptr<MLIRContext> context = createContext();
  size_t compared = 0;
  test::forEachGeneratedModule(*context, /*seeds=*/300, /*functions=*/2,
                               [&](ModuleOp module, const std::string &where) {
                                 compared += checkFunctions(module, where);
                               });
  EXPECT_GT(compared, 5000u);
}

TEST(ViewFlowGraphTest, UpstreamsDependenciesOnCorpusAndLitInputs) {
  std::unique_ptr<MLIRContext> context = createContext();
  size_t compared = 0;
  size_t inputs = test::forEachModuleBelow(
      {"test/corpus", "test/lit", "examples"}, *context,
      [&](OwningOpRef<ModuleOp> module, const std::string &where) {
        // The whole module too: a walk over nested functions, and ops
        // outside any function.
        compared += check(*module, where + " (module)");
        compared += checkFunctions(*module, where);
      });
  EXPECT_GT(inputs, 300u);
  EXPECT_GT(compared, 5000u);
}

// One buffer into 40 selects, and 40 buffers into one block argument
// through 40 branches: sets of 40 values, a hash table's order upstream,
// and remove leaves tombstones there instead of moving the last value.
TEST(ViewFlowGraphTest, UpstreamsOrderPastSixteenDependencies) {
  std::unique_ptr<MLIRContext> context = createContext();
  std::string text = "func.func @wide(%c: i1, %i: index) -> f32 {\n"
                     "  %a = memref.alloc() : memref<8xf32>\n";
  for (int k = 0; k < 40; ++k)
    text += "  %s" + std::to_string(k) + " = arith.select %c, %a, " +
            (k ? "%s" + std::to_string(k - 1) : std::string("%a")) +
            " : memref<8xf32>\n";
  text += "  %v = memref.load %s39[%i] : memref<8xf32>\n";
  for (int k = 0; k < 40; ++k)
    text += "  %b" + std::to_string(k) +
            " = memref.alloc() : memref<8xf32>\n  cf.cond_br %c, ^join(%b" +
            std::to_string(k) + " : memref<8xf32>), ^next" + std::to_string(k) +
            "\n^next" + std::to_string(k) + ":\n";
  text += "  cf.br ^join(%a : memref<8xf32>)\n"
          "^join(%m: memref<8xf32>):\n"
          "  %w = memref.load %m[%i] : memref<8xf32>\n"
          "  return %w : f32\n}\n";
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, context.get());
  ASSERT_TRUE(module) << text;
  Operation *fn = &module->getBody()->front();
  BufferViewFlowAnalysis flow(fn);
  Value a = fn->getRegion(0).front().front().getResult(0);
  ASSERT_GE(flow.find(a)->second.size(), 40u);
  EXPECT_GT(checkFunctions(*module, "wide"), 120u);
}

// A value nothing flows into or out of has no node until asked for one
// (AliasClosure asks, for the values it is asked about), and then none of
// its own dependencies.
TEST(ViewFlowGraphTest, AValueWithNoDependenciesHasNoNode) {
  std::unique_ptr<MLIRContext> context = createContext();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>("func.func @f(%n: index) -> memref<?xf32> {\n"
                                  "  %a = memref.alloc(%n) : memref<?xf32>\n"
                                  "  return %a : memref<?xf32>\n}\n",
                                  context.get());
  ASSERT_TRUE(module);
  Operation *fn = &module->getBody()->front();
  ViewFlowGraph graph = ViewFlowGraph::build(fn);
  EXPECT_EQ(graph.size(), 0u);
  Value n = fn->getRegion(0).front().getArgument(0);
  EXPECT_FALSE(graph.find(n));
  unsigned node = graph.nodeOf(n);
  EXPECT_EQ(graph.find(n), node);
  EXPECT_TRUE(graph.dependencies(node).empty());
}

} // namespace
