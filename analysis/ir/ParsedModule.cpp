//===- ParsedModule.cpp ---------------------------------------------------===//

#include "analysis/ir/ParsedModule.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace bufferlens;
using namespace mlir;

static bool isIdentifierChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' ||
         c == '$' || c == '-';
}

SourceRange bufferlens::tokenRangeAt(std::string_view text, uint32_t offset) {
  if (offset >= text.size())
    return {static_cast<uint32_t>(text.size()),
            static_cast<uint32_t>(text.size())};
  uint32_t end = offset;
  char first = text[offset];
  if (first == '"') {
    for (++end; end < text.size() && text[end] != '"' && text[end] != '\n';
         ++end)
      if (text[end] == '\\')
        ++end;
    if (end < text.size() && text[end] == '"')
      ++end;
  } else {
    if (first == '%' || first == '^' || first == '@' || first == '#' ||
        first == '!')
      ++end;
    while (end < text.size() && isIdentifierChar(text[end]))
      ++end;
    // `%0#1` and `%0:2` name one result of a group.
    if (first == '%' && end + 1 < text.size() && text[end] == '#' &&
        std::isdigit(static_cast<unsigned char>(text[end + 1])))
      for (++end; end < text.size() && std::isdigit(text[end]); ++end)
        ;
  }
  if (end == offset)
    end = offset + 1;
  return {offset, std::min<uint32_t>(end, text.size())};
}

ParsedModule::ParsedModule(std::string_view text, std::string_view name)
    : sourceText(text), lineIndex(sourceText), bufferName(name) {}

uint32_t ParsedModule::offsetOf(llvm::SMLoc loc) const {
  const char *begin = sourceMgr.getMemoryBuffer(1)->getBufferStart();
  return static_cast<uint32_t>(loc.getPointer() - begin);
}

SourceRange ParsedModule::rangeOf(llvm::SMRange range) const {
  if (!range.isValid())
    return {};
  return {offsetOf(range.Start), offsetOf(range.End)};
}

SourceRange ParsedModule::rangeOf(Location loc) const {
  std::optional<FileLineColLoc> fileLoc = findLocation<FileLineColLoc>(loc);
  if (!fileLoc || fileLoc->getFilename() != bufferName ||
      fileLoc->getLine() == 0)
    return {};
  uint32_t offset = lineIndex.fromByteColumn(
      {fileLoc->getLine() - 1,
       fileLoc->getColumn() ? fileLoc->getColumn() - 1 : 0});
  return tokenRangeAt(sourceText, offset);
}

bool ParsedModule::failedVerification(Operation *op) const {
  Operation *top = op;
  while (top && top->getParentOp() &&
         top->getParentOp() != module().getOperation())
    top = top->getParentOp();
  return invalidTopLevelOps.contains(top);
}

namespace {
/// Collects diagnostics as findings while alive.
class DiagnosticCollector {
public:
  DiagnosticCollector(MLIRContext &context, const ParsedModule &module,
                      std::vector<Finding> &out)
      : handler(&context, [this](Diagnostic &diag) { collect(diag); }),
        module(module), out(out) {}

  size_t count() const { return collected; }

private:
  void collect(Diagnostic &diag) {
    Finding finding;
    finding.source = "mlir";
    switch (diag.getSeverity()) {
    case DiagnosticSeverity::Error:
      finding.severity = Severity::Error;
      break;
    case DiagnosticSeverity::Warning:
      finding.severity = Severity::Warning;
      break;
    default:
      finding.severity = Severity::Info;
      break;
    }
    finding.range = module.rangeOf(diag.getLocation());
    finding.message = diag.str();
    for (Diagnostic &note : diag.getNotes())
      finding.related.push_back(
          {module.rangeOf(note.getLocation()), note.str()});
    out.push_back(std::move(finding));
    ++collected;
  }

  ScopedDiagnosticHandler handler;
  const ParsedModule &module;
  std::vector<Finding> &out;
  size_t collected = 0;
};
} // namespace

std::unique_ptr<ParsedModule>
ParsedModule::parse(std::string_view text, std::string_view bufferName,
                    MLIRContext &context, std::vector<Finding> &diagnostics) {
  std::unique_ptr<ParsedModule> parsed(new ParsedModule(text, bufferName));
  parsed->sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(parsed->sourceText, bufferName,
                                       /*RequiresNullTerminator=*/true),
      llvm::SMLoc());
  DiagnosticCollector collector(context, *parsed, diagnostics);

  // Verification is done below, one top-level op at a time.
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  Block block;
  if (failed(parseAsmSourceFile(parsed->sourceMgr, &block, config,
                                &parsed->state)))
    return nullptr;

  // As mlir-opt: a lone top-level module is the module, anything else is
  // wrapped in an implicit one.
  if (block.getOperations().size() == 1)
    if (auto module = dyn_cast<ModuleOp>(block.front())) {
      module->remove();
      parsed->moduleOp = module;
    }
  if (!parsed->moduleOp) {
    OpBuilder builder(&context);
    parsed->moduleOp =
        ModuleOp::create(FileLineColLoc::get(&context, bufferName, 1, 1));
    Block *body = parsed->moduleOp->getBody();
    body->getOperations().splice(body->begin(), block.getOperations());
  }

  // Each top-level op alone first, so a broken function is isolated; then
  // the module, for what spans ops (symbol uses of calls).
  bool allValid = true;
  for (Operation &op : parsed->moduleOp->getBody()->getOperations()) {
    if (failed(verify(&op))) {
      parsed->invalidTopLevelOps.insert(&op);
      allValid = false;
    }
  }
  if (allValid) {
    size_t before = diagnostics.size();
    if (failed(verify(*parsed->moduleOp, /*verifyRecursively=*/false))) {
      // Attribute the failure to the top-level ops the messages point into.
      for (size_t i = before; i < diagnostics.size(); ++i)
        for (Operation &op : parsed->moduleOp->getBody()->getOperations()) {
          SourceRange range =
              parsed->rangeOf(parsed->state.getOpDef(&op)
                                  ? parsed->state.getOpDef(&op)->scopeLoc
                                  : llvm::SMRange());
          if (range.begin <= diagnostics[i].range.begin &&
              diagnostics[i].range.begin < range.end)
            parsed->invalidTopLevelOps.insert(&op);
        }
      if (diagnostics.size() == before)
        for (Operation &op : parsed->moduleOp->getBody()->getOperations())
          parsed->invalidTopLevelOps.insert(&op);
    }
  }
  return parsed;
}
