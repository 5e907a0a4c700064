//===- FuzzAnalysis.cpp - libFuzzer: the analyses on mutated .mlir --------===//
//
// Every analysis a document gets (the checker, the classic and ownership
// models, explanations, fixes) on whatever text the mutator makes of the
// examples. Run without crash isolation, so that a crash is the fuzzer's
// to report. Texts with NUL bytes are refused before any analysis
// (ide/BinaryText.h) and skipped here.
//
//===----------------------------------------------------------------------===//

#include "analysis/Analyzer.h"
#include "ide/BinaryText.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  if (bufferlens::findNulByte(text) != std::string_view::npos)
    return 0;
  bufferlens::AnalysisOptions options;
  bufferlens::AnalysisResult result =
      bufferlens::analyzeDocument(text, "fuzz.mlir", options);
  // Every range must lie in the text.
  for (const bufferlens::Finding &finding : result.findings)
    if (finding.range.begin > finding.range.end ||
        finding.range.end > text.size())
      __builtin_trap();
  return 0;
}
