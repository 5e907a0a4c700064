//===- ClassicRewrite.cpp -------------------------------------------------===//

#include "analysis/rewrite/ClassicRewrite.h"
#include "analysis/Analyzer.h"
#include "analysis/classic/Internal.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/raw_ostream.h"

using namespace bufferlens;
using namespace mlir;

bool bufferlens::applyClassicPlan(SourceIndex &index,
                                  const AnalysisResult &result,
                                  std::string &error) {
  const AnalysisResult &copy = index.result();
  if (copy.ops.size() != result.ops.size() ||
      copy.values.size() != result.values.size()) {
    error = "the IR does not match the analysed text";
    return false;
  }
  for (size_t i = 0; i < copy.ops.size(); ++i)
    if (copy.ops[i].name != result.ops[i].name) {
      error = "the IR does not match the analysed text";
      return false;
    }
  for (const ClassicPlan &plan : result.classic) {
    if (!plan.computed)
      continue;
    std::vector<Value> clones(plan.clones.size());
    // Frees of clones whose clone comes later in the list (a successor
    // block written before its predecessor): made once every clone is.
    std::vector<const ClassicInsertion *> later;
    auto freeClone = [&](const ClassicInsertion &insertion) {
      Operation *anchor = index.op(insertion.before);
      OpBuilder builder(anchor);
      memref::DeallocOp::create(builder, anchor->getLoc(),
                                clones[insertion.clone]);
    };
    for (const ClassicInsertion &insertion : plan.insertions) {
      Operation *anchor = index.op(insertion.before);
      OpBuilder builder(anchor);
      if (insertion.kind == ClassicInsertion::Kind::Move) {
        index.op(insertion.moved)->moveBefore(anchor);
        continue;
      }
      if (insertion.kind == ClassicInsertion::Kind::Dealloc) {
        if (insertion.value != kNone)
          classic::createFree(builder, anchor->getLoc(),
                              index.value(insertion.value));
        else if (clones[insertion.clone])
          freeClone(insertion);
        else
          later.push_back(&insertion);
        continue;
      }
      const ClassicClone &clone = plan.clones[insertion.clone];
      auto op = bufferization::CloneOp::create(builder, anchor->getLoc(),
                                               index.value(clone.source));
      clones[insertion.clone] = op.getResult();
      Operation *user = index.op(clone.user);
      for (int32_t operand : clone.operandIndices)
        user->setOperand(operand, op.getResult());
    }
    for (const ClassicInsertion *insertion : later)
      freeClone(*insertion);
  }
  return true;
}

std::optional<std::string>
bufferlens::rewriteClassic(std::string_view text, std::string_view bufferName,
                           const AnalysisOptions &options, std::string &error,
                           std::vector<std::string> &notes) {
  AnalysisOptions repairing = options;
  repairing.classicRepairsFrees = true;
  AnalysisResult result = analyzeDocument(text, bufferName, repairing);
  if (result.parseFailed) {
    error = "the file does not parse";
    return std::nullopt;
  }
  for (const ClassicPlan &plan : result.classic)
    if (!plan.computed)
      notes.push_back("@" + result.functions[plan.function].name +
                      " is unchanged: " + plan.reason);
  for (const FunctionEntry &fn : result.functions)
    if (!fn.analysed)
      notes.push_back("@" + fn.name + " is unchanged: " +
                      (fn.notAnalysed.empty()
                           ? "it does not verify"
                           : "not analysed: " + fn.notAnalysed));

  std::unique_ptr<MLIRContext> context = createContext(options.dialects);
  context->getOrLoadDialect<bufferization::BufferizationDialect>();
  context->getOrLoadDialect<memref::MemRefDialect>();
  std::vector<Finding> diagnostics;
  std::unique_ptr<ParsedModule> parsed =
      ParsedModule::parse(result.text(), bufferName, *context, diagnostics);
  if (!parsed) {
    error = "the file does not parse";
    return std::nullopt;
  }
  AnalysisResult scratch;
  scratch.sharedText = result.sharedText;
  SourceIndex index(*parsed, scratch);
  if (!applyClassicPlan(index, result, error))
    return std::nullopt;
  std::string out;
  llvm::raw_string_ostream os(out);
  parsed->module()->print(os);
  os << "\n";
  return out;
}
