//===- LaidOutIndexTest.cpp - An adopted module's index against its text --===//
//
// A module built in memory (ParsedModule::adopt) has no text: SourceIndex
// lays it out at positions of its own. The analyses read only how ranges
// nest (a use inside an op, an op inside another), so the judge is the
// index of the same module printed by MLIR and parsed: for every op, the
// op whose range holds its name is the same; for every use of every value,
// the op whose range holds it is the same; the tables list the same ops,
// values and blocks in the same order. On every input of the corpus, the
// lit tests and the examples that verifies. The terminators the printer
// elides have no place in the text; in the layout they are where the
// printer would have written them; and so are the ops a printer hides
// (the body of linalg.fill), with their uses.
//
//===----------------------------------------------------------------------===//

#include "CorpusModules.h"
#include "TestUtil.h"

#include "analysis/ir/DestroyIR.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

using namespace bufferlens;
using namespace mlir;

namespace {

/// The innermost op of `fn` other than `self` whose full range holds
/// `at`, or kNone.
OpId enclosing(const AnalysisResult &result, FunctionId fn, uint32_t at,
               OpId self) {
  const FunctionEntry &function = result.functions[fn];
  OpId best = kNone;
  for (OpId op = function.opBegin; op < function.opEnd; ++op) {
    const SourceRange &full = result.ops[op].fullRange;
    if (op == self || at < full.begin || at >= full.end)
      continue;
    if (best == kNone || full.begin >= result.ops[best].fullRange.begin)
      best = op;
  }
  return best;
}

/// How the ranges of `result` nest, as text: each op's enclosing op, then
/// each value's uses as the ops that hold them. Ops the printed text
/// leaves out (`reference` has no range for them: a terminator without
/// operands that the printer elides) are skipped.
std::string nesting(const AnalysisResult &result,
                    const AnalysisResult &reference) {
  std::string out;
  llvm::raw_string_ostream os(out);
  for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn) {
    const FunctionEntry &function = result.functions[fn];
    os << "function " << function.name << "\n";
    for (OpId op = function.opBegin; op < function.opEnd; ++op)
      if (!reference.ops[op].nameRange.empty())
        os << "  op " << op << " " << result.ops[op].name << " in "
           << enclosing(result, fn, result.ops[op].nameRange.begin, op) << "\n";
    for (ValueId v = function.valueBegin; v < function.valueEnd; ++v) {
      const ValueEntry &value = result.values[v];
      os << "  value " << v << " used in";
      // In the order of the text: the parser records some uses when it
      // resolves them (scf.for's operands after its body).
      std::vector<SourceRange> uses = value.uses;
      llvm::sort(uses);
      for (const SourceRange &use : uses) {
        OpId holder = enclosing(result, fn, use.begin, kNone);
        // A use inside an op the text leaves out (the body of
        // linalg.fill, which its printer hides) has no place in the text.
        if (holder != kNone && reference.ops[holder].nameRange.empty())
          continue;
        os << " " << holder;
      }
      os << "\n";
    }
  }
  return out;
}

TEST(LaidOutIndexTest, NestsAsThePrintedTextOfTheSameModule) {
  std::unique_ptr<MLIRContext> context = createContext();
  size_t modules = 0, ops = 0;
  test::forEachModuleBelow(
      {"test/corpus", "test/lit", "examples"}, *context,
      [&](OwningOpRef<ModuleOp> module, const std::string &where) {
        if (HasFailure() || failed(verify(*module)))
          return;

        std::string printedText;
        llvm::raw_string_ostream os(printedText);
        module->print(os);
        AnalysisResult printedResult;
        std::vector<Finding> diagnostics;
        std::unique_ptr<ParsedModule> printed =
            ParsedModule::parse(printedText, "printed", *context, diagnostics);
        ASSERT_TRUE(printed) << where;
        SourceIndex printedIndex(*printed, printedResult);

        AnalysisResult adoptedResult;
        std::unique_ptr<ParsedModule> adopted =
            ParsedModule::adopt(std::move(module), "adopted");
        ASSERT_TRUE(adopted->isAdopted());
        SourceIndex adoptedIndex(*adopted, adoptedResult);

        ASSERT_EQ(printedResult.ops.size(), adoptedResult.ops.size()) << where;
        ASSERT_EQ(printedResult.values.size(), adoptedResult.values.size())
            << where;
        ASSERT_EQ(printedResult.blocks.size(), adoptedResult.blocks.size())
            << where;
        EXPECT_EQ(nesting(printedResult, printedResult),
                  nesting(adoptedResult, printedResult))
            << where;

        // Every range inside the text, each op's name at a position of
        // its own, each value named by its id.
        uint32_t size = adopted->text().size();
        std::set<uint32_t> names;
        for (const OpEntry &op : adoptedResult.ops) {
          EXPECT_LT(op.fullRange.end, size + 1) << where;
          EXPECT_TRUE(names.insert(op.nameRange.begin).second) << where;
          EXPECT_LE(op.fullRange.begin, op.nameRange.begin) << where;
        }
        // And found back from them (BufferizedFindings maps findings so).
        for (OpId op = 0; op < (OpId)adoptedResult.ops.size(); ++op)
          EXPECT_EQ(
              adoptedIndex.laidOutOpAt(adoptedResult.ops[op].nameRange.begin),
              op)
              << where;
        for (ValueId v = 0; v < (ValueId)adoptedResult.values.size(); ++v) {
          EXPECT_EQ(adoptedResult.values[v].name, "%v" + std::to_string(v))
              << where;
          EXPECT_EQ(
              adoptedIndex.laidOutValueNamed(adoptedResult.values[v].name), v)
              << where;
          for (const SourceRange &use : adoptedResult.values[v].uses)
            EXPECT_LT(use.end, size + 1) << where;
        }
        // Unlabelled entry blocks are ^bb0 in both.
        for (size_t b = 0; b < printedResult.blocks.size(); ++b) {
          if (printedResult.blocks[b].label == "^bb0") {
            EXPECT_EQ(adoptedResult.blocks[b].label, "^bb0") << where;
          }
        }
        ++modules;
        ops += adoptedResult.ops.size();
        eraseNestedInnermostFirst(printed->module());
        eraseNestedInnermostFirst(adopted->module());
      });
  EXPECT_GT(modules, 200u);
  EXPECT_GT(ops, 5000u);
}

} // namespace
