//===- ExplainCommand.cpp - `bufferlens explain FILE:LINE:COL` ------------===//
//
// Prints what BufferLens knows about the value (or block) at a position:
// the editor's hover (ide/Hover.cpp) of the same analysis, so the two never
// disagree. LINE and COL are 1-based, COL in bytes, as compilers print them.

#include "analysis/model/LineIndex.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/SourceFile.h"
#include "config/Config.h"
#include "ide/CrashIsolation.h"
#include "ide/Features.h"
#include "ide/IncrementalAnalysis.h"

#include <iostream>
#include <optional>
#include <regex>

#include "llvm/ADT/STLExtras.h"

using namespace bufferlens;

namespace cl = llvm::cl;

static cl::opt<std::string> location(cl::Positional,
                                     cl::desc("<FILE:LINE:COL>"),
                                     cl::sub(explainCommand()),
                                     cl::cat(optionCategory()));

int bufferlens::runExplain() {
  const std::string &configFile = configFileOption();
  std::smatch m;
  static const std::regex pattern(R"(^(.+):([0-9]{1,9}):([0-9]{1,9})$)");
  if (!std::regex_match(location.getValue(), m, pattern))
    return usageError(explainCommand(), "expected FILE:LINE:COL");
  std::string file = m[1];
  uint32_t line = std::stoul(m[2]), column = std::stoul(m[3]);
  std::string text, error;
  if (!readSourceFile(file, text, error)) {
    std::cerr << file << ": error: " << error << "\n";
    return 2;
  }
  AnalysisOptions options;
  if (auto configError = commandOptionsFor(file, configFile, options)) {
    std::cerr << *configError << "\n";
    return 2;
  }

  // The server's whole analysis of the text, crash isolation included.
  WholeRequest request;
  request.uri = file;
  WholeAnalysis analysis;
  runOnAnalysisThread([&] {
    analysis = analyzeWhole(std::make_shared<const std::string>(text), options,
                            request);
  });
  const Snapshot &snapshot = *analysis.snapshot;
  const LineIndex &lines = snapshot.lines();
  if (line == 0 || line > lines.lineCount() || column == 0) {
    std::cerr << location << ": error: position outside the file\n";
    return 2;
  }
  uint32_t offset = lines.fromByteColumn({line - 1, column - 1});
  if (std::optional<HoverInfo> hover = hoverAt(snapshot, offset)) {
    std::cout << hover->markdown;
    return 0;
  }
  bool parseFailed = llvm::any_of(snapshot.parts(), [](const SnapshotPart &p) {
    return p.result->parseFailed;
  });
  if (parseFailed) {
    std::cerr << location << ": error: the file does not parse\n";
    return 1;
  }
  std::cerr << location << ": no value or block here\n";
  return 1;
}
