//===- ParsedModule.cpp ---------------------------------------------------===//

#include "analysis/ir/ParsedModule.h"
#include "analysis/ir/DescribedDialects.h"
#include "analysis/parts/TopLevelSplit.h"

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

std::unique_ptr<ParsedModule> ParsedModule::adopt(OwningOpRef<ModuleOp> module,
                                                  std::string_view bufferName) {
  // At least as many positions as SourceIndex lays out (SourceIndex.cpp,
  // `place`): a function's start, name and end; a block's label and
  // arguments; an op's results, name, operands and end.
  size_t positions = 1;
  module->walk([&](Operation *op) {
    positions += 3 + op->getNumResults() + op->getNumOperands();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        positions += 1 + block.getNumArguments();
  });
  std::unique_ptr<ParsedModule> adopted(
      new ParsedModule(std::string(positions, '\n'), bufferName));
  adopted->moduleOp = std::move(module);
  adopted->adopted = true;
  return adopted;
}

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

/// What to do about an op MLIR cannot parse because its dialect is not
/// loaded: the way mlir-opt would read it, or the generic form with the
/// op's effects described.
static constexpr const char *kUnknownDialectHint =
    "; this operation is not analysed (the others are): load its dialect's "
    "plugin (`--load-dialect-plugin=PATH`, or \"plugins\" in "
    ".bufferlens.json or the server's settings), or print the IR in generic "
    "form (`mlir-opt --mlir-print-op-generic`) and describe its operations "
    "under \"operations\" in .bufferlens.json";

/// What to say of an op of a loaded dialect that has no such op: loading
/// a plugin would not help.
static constexpr const char *kUnknownOpHint =
    "; this operation is not analysed (the others are): its dialect is "
    "loaded and has no such operation (a misspelt name, or an operation of "
    "another version of the dialect)";

/// The hint for `message` when it is MLIR's parse error for the custom
/// syntax of an op whose dialect is not loaded, or is loaded without that
/// op (mlir/lib/AsmParser/Parser.cpp, OperationParser::parseCustomOperation);
/// null for any other error.
static const char *unknownCustomOpHint(llvm::StringRef message) {
  if (message.starts_with("Dialect `"))
    return message.contains("' not found for custom op '") ? kUnknownDialectHint
                                                           : nullptr;
  // A loaded dialect without the op; a name without a dialect (`modul`,
  // a typo of `module`) is tried in the enclosing op's dialects and is not
  // a dialect's op.
  if (!message.consume_front("custom op '"))
    return nullptr;
  llvm::StringRef name = message.take_until([](char c) { return c == '\''; });
  return name.contains('.') && message.contains("' is unknown") ? kUnknownOpHint
                                                                : nullptr;
}

/// The top-level op of `chunks` holding `offset`, if any.
static const TopLevelChunk *chunkAt(const std::vector<TopLevelChunk> &chunks,
                                    uint32_t offset) {
  for (const TopLevelChunk &chunk : chunks)
    if (chunk.range.begin <= offset && offset < chunk.range.end)
      return &chunk;
  return nullptr;
}

bool ParsedModule::parseOnce(MLIRContext &context, Block &block) {
  sourceMgr = llvm::SourceMgr();
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(sourceText, bufferName,
                                       /*RequiresNullTerminator=*/true),
      llvm::SMLoc());
  state = AsmParserState();
  // Verification is done below, one top-level op at a time.
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  return succeeded(parseAsmSourceFile(sourceMgr, &block, config, &state));
}

std::unique_ptr<ParsedModule>
ParsedModule::parse(std::string_view text, std::string_view bufferName,
                    MLIRContext &context, std::vector<Finding> &diagnostics) {
  std::unique_ptr<ParsedModule> parsed(new ParsedModule(text, bufferName));
  DiagnosticCollector collector(context, *parsed, diagnostics);

  // MLIR's parser stops at its first error. When that error is inside one
  // top-level op (an op of a dialect that is not loaded, most often), that
  // op is blanked (its bytes become spaces, so every other offset stays)
  // and the text parsed again: the error stays a finding at its range and
  // the other ops are analysed as usual. Each round blanks one more op, so
  // the loop ends; a text with N broken ops is parsed N + 1 times.
  std::vector<TopLevelChunk> chunks;
  std::vector<SourceRange> blanked;
  auto block = std::make_unique<Block>();
  while (true) {
    size_t before = diagnostics.size();
    if (parsed->parseOnce(context, *block))
      break;
    std::optional<uint32_t> errorAt;
    for (size_t i = before; i < diagnostics.size(); ++i) {
      if (diagnostics[i].severity != Severity::Error)
        continue;
      if (const char *hint = unknownCustomOpHint(diagnostics[i].message)) {
        llvm::StringRef message =
            llvm::StringRef(diagnostics[i].message).rtrim();
        diagnostics[i].message = message.str() + hint;
        // The list of the dialects that are loaded does not help: the
        // message says how to load this one.
        llvm::erase_if(diagnostics[i].related, [](const RelatedLocation &note) {
          return llvm::StringRef(note.message)
              .starts_with("Available dialects: ");
        });
      }
      if (!errorAt)
        errorAt = diagnostics[i].range.begin;
    }
    if (!errorAt)
      return nullptr;
    if (blanked.empty())
      chunks = splitTopLevel(text);
    const TopLevelChunk *broken = chunkAt(chunks, *errorAt);
    if (!broken || llvm::any_of(blanked, [&](const SourceRange &r) {
          return r.begin == broken->range.begin;
        }))
      return nullptr;
    blanked.push_back(broken->range);
    std::sort(blanked.begin(), blanked.end(),
              [](const SourceRange &a, const SourceRange &b) {
                return a.begin < b.begin;
              });
    // In place: the line index views this buffer, and blanking keeps every
    // byte's offset.
    std::string blankedText = blankOperations(text, blanked);
    assert(blankedText.size() == parsed->sourceText.size());
    std::copy(blankedText.begin(), blankedText.end(),
              parsed->sourceText.begin());
    block = std::make_unique<Block>();
  }
  Block &parsedBlock = *block;

  // As mlir-opt: a lone top-level module is the module, anything else is
  // wrapped in an implicit one.
  if (parsedBlock.getOperations().size() == 1)
    if (auto module = dyn_cast<ModuleOp>(parsedBlock.front())) {
      module->remove();
      parsed->moduleOp = module;
    }
  if (!parsed->moduleOp) {
    OpBuilder builder(&context);
    parsed->moduleOp =
        ModuleOp::create(FileLineColLoc::get(&context, bufferName, 1, 1));
    Block *body = parsed->moduleOp->getBody();
    body->getOperations().splice(body->begin(), parsedBlock.getOperations());
  }

  // Each top-level op alone first, so a broken function is isolated; then
  // the module, for what spans ops (symbol uses of calls).
  bool allValid = true;
  for (Operation &op : parsed->moduleOp->getBody()->getOperations()) {
    // An op that does not match its description in the configuration is
    // as broken as one that does not verify: nothing may trust its effects.
    if (failed(verify(&op)) || failed(verifyDescribedOps(&op))) {
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
