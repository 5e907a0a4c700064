//===- MultiBuffer.cpp ----------------------------------------------------===//

#include "analysis/rewrite/MultiBuffer.h"
#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/Registry.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/raw_ostream.h"

using namespace bufferlens;
using namespace mlir;

static void fail(RewriteOutput &out, SourceRange range, std::string message) {
  Finding finding;
  finding.range = range;
  finding.message = std::move(message);
  out.diagnostics.push_back(std::move(finding));
}

RewriteOutput bufferlens::multiBufferDocument(std::string_view text,
                                              std::string_view bufferName,
                                              const RewriteRequest &request,
                                              const ProjectDialects &dialects) {
  RewriteOutput out;
  if (!request.allocation || request.factor < 1) {
    fail(out, {}, "no allocation to multi-buffer");
    return out;
  }
  uint32_t at = *request.allocation;
  std::unique_ptr<MLIRContext> context = createContext(dialects);
  std::unique_ptr<ParsedModule> parsed =
      ParsedModule::parse(text, bufferName, *context, out.diagnostics);
  if (!parsed || !out.diagnostics.empty())
    return out;
  // The rewrite builds affine.apply and arith ops.
  context->getOrLoadDialect<affine::AffineDialect>();
  context->getOrLoadDialect<arith::ArithDialect>();

  memref::AllocOp alloc;
  SourceRange allocRange;
  parsed->module()->walk([&](memref::AllocOp op) {
    const AsmParserState::OperationDefinition *def =
        parsed->asmState().getOpDef(op);
    if (!def)
      return WalkResult::advance();
    // From its result's name (`%0 = ...`) to its end.
    SourceRange range = parsed->rangeOf(def->scopeLoc);
    for (const auto &group : def->resultGroups)
      range.begin =
          std::min(range.begin, parsed->rangeOf(group.definition.loc).begin);
    if (!range.contains(at))
      return WalkResult::advance();
    alloc = op;
    allocRange = parsed->rangeOf(def->loc);
    return WalkResult::interrupt();
  });
  if (!alloc) {
    fail(out, {at, at}, "no memref.alloc here");
    return out;
  }
  Operation *top = alloc;
  while (top->getParentOp() != parsed->module().getOperation())
    top = top->getParentOp();
  auto function = dyn_cast<FunctionOpInterface>(top);
  if (request.onlyFunction &&
      (!function || function.getName() != *request.onlyFunction)) {
    fail(out, allocRange,
         "the memref.alloc here is not in @" + *request.onlyFunction);
    return out;
  }

  std::vector<Finding> errors;
  ScopedDiagnosticHandler handler(context.get(), [&](Diagnostic &diag) {
    Finding finding;
    finding.source = "mlir";
    finding.range = parsed->rangeOf(diag.getLocation());
    finding.message = diag.str();
    errors.push_back(std::move(finding));
  });
  if (failed(memref::multiBuffer(alloc, request.factor))) {
    fail(out, allocRange,
         "memref::multiBuffer refuses this allocation (it needs a loop "
         "whose single induction variable, lower bound and step are known, "
         "that a memref.copy into the whole buffer dominates every use of it "
         "in, and no use outside the loop but a dealloc)");
    return out;
  }
  if (failed(verify(top))) {
    out.diagnostics = std::move(errors);
    fail(out, allocRange, "memref::multiBuffer left IR that does not verify");
    return out;
  }

  llvm::raw_string_ostream os(out.text);
  if (request.onlyFunction) {
    OpPrintingFlags flags;
    flags.useLocalScope();
    top->print(os, flags);
  } else {
    parsed->module()->print(os);
    os << "\n";
  }
  out.succeeded = true;
  return out;
}
