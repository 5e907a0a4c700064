//===- AliasClosureTest.cpp - The closure's own graph against upstream ----===//
//
// AliasClosure copies BufferViewFlowAnalysis's dependencies into a graph of
// its own, so that the analysis can be dropped once the closure is built.
// Its resolve must then give what the analysis's resolve gives: the same
// values in the same iteration order (the checks act on the sets in that
// order), on generated bufferized functions (selects, casts, scf.if and
// scf.for carrying buffers, cf diamonds), on select chains long enough for
// the sets to leave SmallPtrSet's inline storage, and after `remove`, as
// the scratch copy's critical aliases are taken out.
//
//===----------------------------------------------------------------------===//

#include "AliasSets.h"
#include "BufferizedGenerator.h"
#include "CorpusModules.h"

#include "analysis/classic/AliasClosure.h"
#include "analysis/ir/Registry.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SetVector.h"

#include <gtest/gtest.h>

#include <set>
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

/// Compares both closures' resolve with `flow`'s on every value: one
/// reading `flow` when first asked, one copied from an analysis of its own
/// that is gone before it is asked. Returns the values compared.
size_t expectSameSets(Operation *function, const BufferViewFlowAnalysis &flow,
                      AliasClosure &copied, const std::string &where) {
  AliasClosure lazy(flow);
  size_t compared = 0;
  for (Value v : valuesOf(function)) {
    Ordered expected = inOrder(flow.resolve(v));
    EXPECT_EQ(inOrder(lazy.resolve(v)), expected) << where;
    EXPECT_EQ(inOrder(copied.resolve(v)), expected) << where;
    ++compared;
  }
  return compared;
}

/// The components: each value's fold over the components it reaches is
/// its resolve set, every member of one component has the same set, and
/// successors come first (smaller numbers).
void expectComponentsCover(Operation *function, AliasClosure &closure,
                           const std::string &where) {
  for (Value v : valuesOf(function)) {
    unsigned root = closure.componentOf(v);
    std::set<const void *> reached;
    std::vector<unsigned> work{root};
    std::set<unsigned> seen{root};
    while (!work.empty()) {
      unsigned c = work.back();
      work.pop_back();
      for (Value member : closure.members(c))
        reached.insert(member.getAsOpaquePointer());
      for (unsigned s : closure.successors(c)) {
        EXPECT_LT(s, c) << where;
        if (seen.insert(s).second)
          work.push_back(s);
      }
    }
    Ordered expected = inOrder(closure.resolve(v));
    EXPECT_EQ(reached, std::set<const void *>(expected.begin(), expected.end()))
        << where;
    for (Value member : closure.members(root))
      EXPECT_EQ(std::set<const void *>(expected.begin(), expected.end()), [&] {
        Ordered set = inOrder(closure.resolve(member));
        return std::set<const void *>(set.begin(), set.end());
      }()) << where;
  }
}

size_t checkModule(ModuleOp module, const std::string &where) {
  size_t compared = 0;
  module->walk([&](FunctionOpInterface fn) {
    if (fn.isExternal())
      return;
    Operation *function = fn.getOperation();
    BufferViewFlowAnalysis flow(function);
    AliasClosure copied =
        AliasClosure::copyOf(BufferViewFlowAnalysis(function));
    compared += expectSameSets(function, flow, copied, where);
    expectComponentsCover(function, copied, where);
    // After `remove`: the copy is of what is left.
    flow.remove(someMemrefs(function));
    AliasClosure afterRemove = AliasClosure::copyOf(flow);
    compared +=
        expectSameSets(function, flow, afterRemove, where + " after remove");
    expectComponentsCover(function, afterRemove, where + " after remove");
  });
  return compared;
}

TEST(AliasClosureTest, ResolveIsUpstreamsOnGeneratedFunctions) {
  std::unique_ptr<MLIRContext> context = createContext();
  size_t compared = 0;
  test::forEachGeneratedModule(*context, /*seeds=*/300, /*functions=*/2,
                               [&](ModuleOp module, const std::string &where) {
                                 compared += checkModule(module, where);
                               });
  EXPECT_GT(compared, 10000u);
}

// bench/blowups.py's `select`: sets of up to 2N values, far past the 16 a
// SmallPtrSet keeps inline, where its order is that of its hash table.
TEST(AliasClosureTest, ResolveIsUpstreamsOnASelectChain) {
  std::unique_ptr<MLIRContext> context = createContext();
  for (int n : {3, 9, 40, 300}) {
    std::string text = "func.func @select(%c: i1, %i: index) -> f32 {\n"
                       "  %s0 = memref.alloc() : memref<8xf32>\n";
    for (int k = 1; k < n; ++k)
      text += "  %a" + std::to_string(k) +
              " = memref.alloc() : memref<8xf32>\n  %s" + std::to_string(k) +
              " = arith.select %c, %s" + std::to_string(k - 1) + ", %a" +
              std::to_string(k) + " : memref<8xf32>\n";
    text += "  %v = memref.load %s" + std::to_string(n - 1) +
            "[%i] : memref<8xf32>\n  return %v : f32\n}\n";
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(text, context.get());
    ASSERT_TRUE(module);
    EXPECT_EQ(checkModule(*module, "chain of " + std::to_string(n)),
              2 * (2u * n + 2)); // The values, before and after remove.
  }
}

// A value the analysis never saw (an index argument):
// resolve gives it alone, and it is a component of its own.
TEST(AliasClosureTest, AValueTheAnalysisNeverSawIsAlone) {
  std::unique_ptr<MLIRContext> context = createContext();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>("func.func @f(%n: index) -> memref<?xf32> {\n"
                                  "  %a = memref.alloc(%n) : memref<?xf32>\n"
                                  "  return %a : memref<?xf32>\n}\n",
                                  context.get());
  ASSERT_TRUE(module);
  Operation *function = &module->getBody()->front();
  Value n = function->getRegion(0).front().getArgument(0);
  AliasClosure closure = AliasClosure::copyOf(BufferViewFlowAnalysis(function));
  EXPECT_EQ(inOrder(closure.resolve(n)), Ordered{n.getAsOpaquePointer()});
  unsigned c = closure.componentOf(n);
  EXPECT_EQ(closure.members(c).size(), 1u);
  EXPECT_EQ(closure.members(c)[0], n);
  EXPECT_TRUE(closure.successors(c).empty());
  EXPECT_EQ(closure.componentOf(n), c);
}

} // namespace
