// The classic plan's questions about whole alias sets (AliasClosure.h):
// the fold gives what resolving each set gives, on every input of the
// corpus and the lit tests, and the work of a plan over a chain or a tree
// of selects (bench/blowups.py's `select`) grows with the IR, not with the
// sum of the allocations' alias sets (N^2/2 values on a chain).

#include "TestUtil.h"

#include "analysis/classic/AliasClosure.h"
#include "analysis/classic/ClassicAnalysis.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace bufferlens::test;
using namespace mlir;

namespace {

struct Planned {
  ClassicStats stats;
  /// The allocations' alias sets, summed: what resolving each costs.
  uint64_t setSizes = 0;
  std::vector<Finding> findings;
  bool computed = false;
};

Planned plan(const std::string &text,
             const AnalysisOptions &options = AnalysisOptions()) {
  Planned out;
  AnalysisResult result;
  result.sharedText = std::make_shared<const std::string>(text);
  std::unique_ptr<MLIRContext> context = takeThreadContext();
  std::unique_ptr<ParsedModule> parsed =
      ParsedModule::parse(result.text(), "in.mlir", *context, result.findings);
  if (!parsed || !result.findings.empty())
    return out;
  {
    SourceIndex index(*parsed, result);
    for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn) {
      computeBufferFacts(index, fn);
      analyzeClassic(index, fn, options, &out.stats);
      BufferViewFlowAnalysis flow(index.function(fn));
      index.function(fn)->walk([&](Operation *op) {
        for (Value v : op->getResults())
          if (classifyBuffer(v) == BufferKind::HeapAlloc)
            out.setSizes += flow.resolve(v).size();
      });
    }
    out.computed = !result.classic.empty() && result.classic[0].computed;
  }
  out.findings = std::move(result.findings);
  return out;
}

// bench/blowups.py's `select`: a chain of `arith.select`, each over the
// previous one and a new allocation; `written`: each allocation filled
// before the select takes it, and the last one stored to.
std::string selectChain(int n, bool written = false) {
  std::string t = "memref<8xf32>";
  std::string text = "func.func @select(%c: i1, %i: index, %f: f32) -> f32 {\n"
                     "  %s0 = memref.alloc() : " +
                     t + "\n";
  for (int k = 1; k < n; ++k) {
    std::string a = "%a" + std::to_string(k);
    text += "  " + a + " = memref.alloc() : " + t + "\n";
    if (written)
      text += "  memref.store %f, " + a + "[%i] : " + t + "\n";
    text += "  %s" + std::to_string(k) + " = arith.select %c, %s" +
            std::to_string(k - 1) + ", " + a + " : " + t + "\n";
  }
  std::string last = "%s" + std::to_string(n - 1);
  if (written)
    text += "  memref.store %f, " + last + "[%i] : " + t + "\n";
  text +=
      "  %v = memref.load " + last + "[%i] : " + t + "\n  return %v : f32\n}\n";
  return text;
}

// A balanced tree of selects over `n` allocations (n a power of two).
std::string selectTree(int n) {
  std::string t = "memref<8xf32>";
  std::string text = "func.func @tree(%c: i1, %i: index) -> f32 {\n";
  std::vector<std::string> level;
  for (int k = 0; k < n; ++k) {
    level.push_back("%a" + std::to_string(k));
    text += "  " + level.back() + " = memref.alloc() : " + t + "\n";
  }
  int next = 0;
  while (level.size() > 1) {
    std::vector<std::string> up;
    for (size_t k = 0; k + 1 < level.size(); k += 2) {
      up.push_back("%t" + std::to_string(next++));
      text += "  " + up.back() + " = arith.select %c, " + level[k] + ", " +
              level[k + 1] + " : " + t + "\n";
    }
    level = up;
  }
  text += "  %v = memref.load " + level[0] + "[%i] : " + t +
          "\n  return %v : f32\n}\n";
  return text;
}

/// Work of the plan at 10 times the size, over work at the size: the
/// plan is held to linear growth (10, with room for constant terms).
void expectLinear(const Planned &small, const Planned &large) {
  ASSERT_TRUE(small.computed);
  ASSERT_TRUE(large.computed);
  ASSERT_GT(small.stats.aliasVisits, 0u);
  EXPECT_LE(large.stats.aliasVisits, 12 * small.stats.aliasVisits)
      << small.stats.aliasVisits << " -> " << large.stats.aliasVisits;
}

TEST(ClassicAliasWorkTest, SelectChainIsLinear) {
  Planned small = plan(selectChain(100)), large = plan(selectChain(1000));
  expectLinear(small, large);
  // The bound tells linear from quadratic: resolving every allocation's
  // set, as the plan did, grows 100 times.
  EXPECT_GT(large.setSizes, 50 * small.setSizes);
  // One promotion hint per allocation, each free of its aliases' uses.
  size_t hints = 0;
  for (const Finding &f : large.findings)
    hints += f.code == FindingCode::BL301;
  EXPECT_EQ(hints, 1000u);
}

TEST(ClassicAliasWorkTest, WrittenSelectChainIsLinear) {
  Planned small = plan(selectChain(100, true)),
          large = plan(selectChain(1000, true));
  expectLinear(small, large);
  EXPECT_GT(large.setSizes, 50 * small.setSizes);
  // Every write dominates the read: no BL401.
  for (const Finding &f : large.findings)
    EXPECT_NE(f.code, FindingCode::BL401) << f.message;
}

TEST(ClassicAliasWorkTest, SelectTreeIsLinear) {
  Planned small = plan(selectTree(128)), large = plan(selectTree(1024));
  ASSERT_TRUE(small.computed);
  ASSERT_TRUE(large.computed);
  // 8 times the allocations; each set has log2(n) + 1 values, so resolving
  // them grows by 8 * 11/8 = 11: folding, by 8 and constants.
  EXPECT_LE(large.stats.aliasVisits, 10 * small.stats.aliasVisits);
}

/// Parses `text` (nullptr when it does not parse or verify).
OwningOpRef<ModuleOp> parseQuietly(const std::string &text,
                                   MLIRContext &context) {
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  return parseSourceString<ModuleOp>(text, &context);
}

/// The fold of every value's own set, as sorted pointers, against resolve.
size_t compareWithResolve(Operation *root, const std::string &where) {
  using Set = std::vector<const void *>;
  BufferViewFlowAnalysis flow(root);
  AliasClosure closure(flow);
  AliasFold<Set> fold(
      closure,
      [](Value v, const void *) { return Set{v.getAsOpaquePointer()}; },
      [](Set &into, const Set &from) {
        Set merged;
        std::set_union(into.begin(), into.end(), from.begin(), from.end(),
                       std::back_inserter(merged));
        into = std::move(merged);
      });
  size_t values = 0;
  root->walk([&](Operation *op) {
    auto check = [&](Value v) {
      Set expected;
      for (Value alias : flow.resolve(v))
        expected.push_back(alias.getAsOpaquePointer());
      llvm::sort(expected);
      EXPECT_EQ(fold.get(v), expected) << where;
      ++values;
    };
    for (Value v : op->getResults())
      check(v);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Value v : block.getArguments())
          check(v);
  });
  return values;
}

TEST(ClassicAliasWorkTest, FoldIsResolveOnCorpusAndLitInputs) {
  std::unique_ptr<MLIRContext> context = createContext();
  size_t inputs = 0, values = 0;
  forEachMlirFileBelow(
      {"test/corpus", "test/lit", "examples"},
      [&](const std::filesystem::path &path, const std::string &text) {
        std::vector<std::string> chunks = splitInputFile(text);
        for (size_t i = 0; i < chunks.size(); ++i) {
          OwningOpRef<ModuleOp> module = parseQuietly(chunks[i], *context);
          if (!module)
            continue;
          ++inputs;
          for (Operation &op : module->getBody()->getOperations())
            if (op.getNumRegions())
              values += compareWithResolve(&op, path.string() + " chunk " +
                                                    std::to_string(i));
        }
      });
  EXPECT_GT(inputs, 300u);
  EXPECT_GT(values, 5000u);
}

// A value whose uses changed: the answers that include it are computed
// again, and only those.
TEST(ClassicAliasWorkTest, UsersChangedForgetsTheSetsHoldingTheValue) {
  std::unique_ptr<MLIRContext> context = createContext();
  OwningOpRef<ModuleOp> module = parseQuietly(selectChain(3), *context);
  ASSERT_TRUE(module);
  Operation *fn = &module->getBody()->front();
  BufferViewFlowAnalysis flow(fn);
  AliasClosure closure(flow);
  int locals = 0;
  AliasFold<unsigned> uses(
      closure,
      [&](Value v, const void *) {
        ++locals;
        return unsigned(std::distance(v.use_begin(), v.use_end()));
      },
      [](unsigned &into, unsigned from) { into += from; });
  // Values by name order: %s0 %a1 %s1 %a2 %s2.
  SmallVector<Value> values;
  fn->walk([&](Operation *op) {
    if (op->getNumResults() && isa<MemRefType>(op->getResult(0).getType()))
      values.push_back(op->getResult(0));
  });
  ASSERT_EQ(values.size(), 5u);
  Value s0 = values[0], a2 = values[3], s2 = values[4];
  // %s0 -> %s1 -> %s2 (a sum is not idempotent, but here each value is
  // reached once): 1 + 1 + 1 uses.
  EXPECT_EQ(uses.get(s0), 3u);
  EXPECT_EQ(locals, 3);
  EXPECT_EQ(uses.get(a2), 2u); // %a2, %s2: %s2's answer is remembered.
  EXPECT_EQ(locals, 4);
  // A second use of %s2 (a load inserted at the end).
  OpBuilder builder(fn->getRegion(0).front().getTerminator());
  Value zero = arith::ConstantIndexOp::create(builder, fn->getLoc(), 0);
  memref::LoadOp::create(builder, fn->getLoc(), s2, ValueRange{zero});
  closure.usersChanged(s2);
  EXPECT_EQ(uses.get(a2), 3u);
  EXPECT_EQ(uses.get(s0), 4u);
  EXPECT_EQ(locals, 4 + 2 + 2); // %s2 and %a2, then %s1 and %s0.
}

// Without explanations, a stage whose only finding is turned off is not
// run (analyzeClassic): with BL401 off, the check of writes against reads
// does none of its alias work on a chain of written allocations.
TEST(ClassicAliasWorkTest, AStageWhoseFindingIsOffIsNotRun) {
  AnalysisOptions all, without401;
  all.explanations = without401.explanations = false;
  without401.enabled[FindingCode::BL401] = false;
  Planned with = plan(selectChain(100, /*written=*/true), all);
  Planned without = plan(selectChain(100, /*written=*/true), without401);
  ASSERT_TRUE(with.computed);
  ASSERT_TRUE(without.computed);
  EXPECT_LT(without.stats.aliasVisits, with.stats.aliasVisits);
  // The other findings are the same (FindingsOnlyTest holds it on every
  // input).
  EXPECT_EQ(describe(without.findings), describe(with.findings));
}

} // namespace
