// LiveOutSets (analysis/classic/LiveOut.h) against upstream's mlir::Liveness
// (mlir/lib/Analysis/Liveness.cpp), which the classic plan used to query:
// the same blocks covered, the same live-out set for every block, and the
// same end operation for every value a block uses, on every input of the
// corpus and the lit tests and on random nests of regions and branches.

#include "analysis/classic/LiveOut.h"
#include "TestUtil.h"
#include "analysis/ir/Registry.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallVector.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

namespace {

/// Compares LiveOutSets with mlir::Liveness on `root`; returns how many
/// blocks were compared. `where` names the input in failure messages.
size_t compareWithUpstream(Operation *root, const std::string &where) {
  Liveness upstream(root);
  LiveOutSets ours(root);
  Ancestors ancestors;
  size_t upstreamPairs = 0, blockCount = 0;
  root->walk([&](Block *block) {
    ++blockCount;
    const LivenessBlockInfo *info = upstream.getLiveness(block);
    EXPECT_NE(info, nullptr) << where;
    EXPECT_TRUE(ours.covers(block)) << where;
    if (!info)
      return;
    const Liveness::ValueSetT &out = info->out();
    upstreamPairs += out.size();
    for (Value value : out)
      EXPECT_TRUE(ours.isLiveOut(value, block)) << where;
    // The end of every value the block sees: its arguments, its ops'
    // results, what is live-in, and every operand nested in it.
    llvm::SmallVector<Value> seen(block->getArguments().begin(),
                                  block->getArguments().end());
    seen.append(info->in().begin(), info->in().end());
    block->walk([&](Operation *op) {
      seen.append(op->result_begin(), op->result_end());
      seen.append(op->operand_begin(), op->operand_end());
    });
    if (block->empty())
      return;
    for (Value value : seen) {
      Operation *start = info->getStartOperation(value);
      if (start->getBlock() != block)
        start = block->findAncestorOpInBlock(*start);
      if (!start)
        continue;
      EXPECT_EQ(ours.getEndOperation(value, start, block, ancestors),
                info->getEndOperation(value, start))
          << where;
    }
  });
  // Every upstream pair is ours; as many pairs: the same sets.
  EXPECT_EQ(ours.size(), upstreamPairs) << where;
  // A block that is not under the root is not covered.
  Block outside;
  EXPECT_FALSE(ours.covers(&outside));
  return blockCount;
}

/// Parses `text` (nullptr when it does not parse or verify, as the
/// expected-error cases of the lit tests do).
OwningOpRef<ModuleOp> parse(const std::string &text, MLIRContext &context) {
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  return parseSourceString<ModuleOp>(text, &context);
}

/// Compares on the module and on each of its top-level ops.
size_t compareAll(ModuleOp module, const std::string &where) {
  size_t blocks = compareWithUpstream(module, where);
  for (Operation &op : module.getBody()->getOperations())
    if (op.getNumRegions())
      blocks += compareWithUpstream(&op, where);
  return blocks;
}

TEST(LiveOutTest, SameAsUpstreamOnCorpusAndLitInputs) {
  std::unique_ptr<MLIRContext> context = createContext();
  size_t inputs = 0, blocks = 0;
  test::forEachMlirFileBelow(
      {"test/corpus", "test/lit", "examples"},
      [&](const std::filesystem::path &path, const std::string &text) {
        std::vector<std::string> chunks = test::splitInputFile(text);
        for (size_t i = 0; i < chunks.size(); ++i) {
          OwningOpRef<ModuleOp> module = parse(chunks[i], *context);
          if (!module)
            continue;
          ++inputs;
          blocks += compareAll(*module,
                               path.string() + " chunk " + std::to_string(i));
        }
      });
  // The corpus and the lit tests parse into hundreds of inputs.
  EXPECT_GT(inputs, 300u);
  EXPECT_GT(blocks, 3000u);
}

/// A random function: nests of scf.for (carrying values), scf.if,
/// scf.execute_region holding several blocks with branches and loops, and
/// uses of values from any enclosing scope, in unregistered ops so that
/// any value can be used anywhere it is visible.
class RandomNest {
public:
  explicit RandomNest(unsigned seed) : rng(seed) {}

  std::string function() {
    out << "func.func @f(%p: i1, %lb: index, %ub: index, %s: index) {\n";
    // %p (an i1) only decides branches; every other value is an index.
    std::vector<std::string> scope = {"%lb", "%ub", "%s"};
    body(scope, 0);
    out << "  return\n}\n";
    return out.str();
  }

private:
  unsigned pick(unsigned n) {
    return std::uniform_int_distribution<>(0, n - 1)(rng);
  }

  std::string fresh() { return "%v" + std::to_string(next++); }

  /// A use of up to three visible values.
  void use(const std::vector<std::string> &scope) {
    out << "\"t.use\"(";
    unsigned n = 1 + pick(3);
    for (unsigned i = 0; i < n; ++i)
      out << (i ? ", " : "") << scope[pick(scope.size())];
    out << ") : (";
    for (unsigned i = 0; i < n; ++i)
      out << (i ? ", " : "") << "index";
    out << ") -> ()\n";
  }

  /// Ops of one block; new values join `scope` (a copy per block).
  void body(std::vector<std::string> &scope, unsigned depth) {
    unsigned ops = 1 + pick(3);
    for (unsigned i = 0; i < ops; ++i) {
      unsigned kind = pick(depth < 5 ? 5 : 2);
      if (kind == 0) {
        std::string v = fresh();
        out << v << " = \"t.def\"() : () -> index\n";
        scope.push_back(v);
      } else if (kind == 1) {
        use(scope);
      } else if (kind == 2) {
        std::string iv = fresh(), carried = fresh(), result = fresh();
        out << result << " = scf.for " << iv << " = %lb to %ub step %s"
            << " iter_args(" << carried << " = " << scope[pick(scope.size())]
            << ") -> (index) {\n";
        std::vector<std::string> inner = scope;
        inner.push_back(iv);
        inner.push_back(carried);
        body(inner, depth + 1);
        out << "scf.yield " << inner[pick(inner.size())] << " : index\n}\n";
        scope.push_back(result);
      } else if (kind == 3) {
        std::string result = fresh();
        out << result << " = scf.if %p -> (index) {\n";
        std::vector<std::string> thenScope = scope;
        body(thenScope, depth + 1);
        out << "scf.yield " << thenScope[pick(thenScope.size())]
            << " : index\n} else {\n";
        std::vector<std::string> elseScope = scope;
        body(elseScope, depth + 1);
        out << "scf.yield " << elseScope[pick(elseScope.size())]
            << " : index\n}\n";
        scope.push_back(result);
      } else {
        blocks(scope, depth);
      }
    }
  }

  /// scf.execute_region with an entry, two arms, a join with an argument
  /// and, sometimes, a back edge from the join to an arm.
  void blocks(std::vector<std::string> &scope, unsigned depth) {
    std::string result = fresh();
    unsigned id = next++;
    std::string bb = "^b" + std::to_string(id) + "_";
    out << result << " = scf.execute_region -> index {\n";
    std::vector<std::string> entry = scope;
    body(entry, depth + 1);
    out << "cf.cond_br %p, " << bb << "1, " << bb << "2\n";
    std::string joinArg = "%j" + std::to_string(id);
    for (int arm = 1; arm <= 2; ++arm) {
      out << bb << arm << ":\n";
      std::vector<std::string> armScope = entry;
      body(armScope, depth + 1);
      out << "cf.br " << bb << "3(" << armScope[pick(armScope.size())]
          << " : index)\n";
    }
    out << bb << "3(" << joinArg << ": index):\n";
    std::vector<std::string> join = entry;
    join.push_back(joinArg);
    body(join, depth + 1);
    if (pick(2))
      out << "cf.cond_br %p, " << bb << "1, " << bb << "4\n" << bb << "4:\n";
    out << "scf.yield " << join[pick(join.size())] << " : index\n}\n";
    scope.push_back(result);
  }

  std::mt19937 rng;
  std::ostringstream out;
  unsigned next = 0;
};

TEST(LiveOutTest, SameAsUpstreamOnRandomNests) {
  std::unique_ptr<MLIRContext> context = createContext();
  size_t blocks = 0;
  for (unsigned seed = 1; seed <= 150; ++seed) {
    std::string text = RandomNest(seed).function();
    OwningOpRef<ModuleOp> module = parse(text, *context);
    ASSERT_TRUE(module) << text;
    blocks += compareAll(*module, "seed " + std::to_string(seed));
  }
  EXPECT_GT(blocks, 1500u);
}

// The shape that made upstream's construction quadratic (the comparison
// itself is cubic in the depth: every block asks for every value nested
// in it).
TEST(LiveOutTest, SameAsUpstreamOnDeepNest) {
  std::unique_ptr<MLIRContext> context = createContext();
  std::ostringstream text;
  const unsigned depth = 40;
  text << "func.func @f(%lb: index, %ub: index, %s: index, %b: i1) {\n"
       << "%m = \"t.def\"() : () -> index\n";
  for (unsigned i = 0; i < depth; ++i)
    text << "%r" << i << " = scf.for %i" << i << " = %lb to %ub step %s "
         << "iter_args(%c" << i << " = "
         << (i ? "%c" + std::to_string(i - 1) : "%m") << ") -> (index) {\n";
  text << "\"t.use\"(%m, %lb) : (index, index) -> ()\n";
  for (unsigned i = depth; i-- > 0;)
    text << "scf.yield %c" << i << " : index\n}\n";
  text << "\"t.use\"(%r0) : (index) -> ()\nreturn\n}\n";
  OwningOpRef<ModuleOp> module = parse(text.str(), *context);
  ASSERT_TRUE(module);
  // The module's blocks (its body, the function's, one per loop), then
  // the function's.
  EXPECT_EQ(compareAll(*module, "deep nest"), (depth + 2) + (depth + 1));
}

} // namespace
