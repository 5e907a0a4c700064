//===- TestUtil.h - Looking things up in an AnalysisResult by name --------===//

#ifndef BUFFERLENS_TEST_TESTUTIL_H
#define BUFFERLENS_TEST_TESTUTIL_H

#include "analysis/Analyzer.h"
#include "analysis/ir/BufferFacts.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace bufferlens::test {

inline AnalysisResult analyze(const std::string &text,
                              const AnalysisOptions &options = {}) {
  return analyzeDocument(text, "test.mlir", options);
}

/// MLIR's own parse and verifier errors (the analyses' findings aside):
/// tests of the document model expect none.
inline std::vector<std::string> mlirErrors(const AnalysisResult &result) {
  std::vector<std::string> out;
  for (const Finding &finding : result.findings)
    if (finding.source == "mlir")
      out.push_back(finding.message);
  return out;
}

/// Every field of the findings, one line each, for comparing two analyses
/// with a readable difference.
inline std::string describe(const std::vector<Finding> &findings) {
  std::ostringstream out;
  for (const Finding &f : findings) {
    out << f.code << " " << f.range.begin << "-" << f.range.end << " "
        << static_cast<int>(f.severity) << " " << f.source << ": " << f.message
        << "\n";
    for (const RelatedLocation &r : f.related)
      out << "  related " << r.range.begin << "-" << r.range.end << " "
          << r.message << "\n";
    for (const Fix &fix : f.fixes) {
      out << "  fix " << fix.title << "\n";
      for (const TextEdit &e : fix.edits)
        out << "    " << e.range.begin << "-" << e.range.end << " '"
            << e.newText << "'\n";
    }
  }
  return out.str();
}

/// The findings with one code, in order.
inline std::vector<const Finding *> withCode(const AnalysisResult &r,
                                             FindingCode code) {
  std::vector<const Finding *> out;
  for (const Finding &f : r.findings)
    if (f.code == code)
      out.push_back(&f);
  return out;
}

/// The value named `name` in function `function`.
inline ValueId valueNamed(const AnalysisResult &result,
                          const std::string &function,
                          const std::string &name) {
  for (size_t f = 0; f < result.functions.size(); ++f) {
    if (result.functions[f].name != function)
      continue;
    for (ValueId v = result.functions[f].valueBegin;
         v < result.functions[f].valueEnd; ++v)
      if (result.values[v].name == name)
        return v;
  }
  ADD_FAILURE() << "no value " << name << " in @" << function;
  return kNone;
}

inline std::vector<std::string> names(const AnalysisResult &result,
                                      const std::vector<ValueId> &ids) {
  std::vector<std::string> out;
  for (ValueId id : ids)
    out.push_back(result.values[id].name);
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> aliasesOf(const AnalysisResult &result,
                                          const std::string &function,
                                          const std::string &name) {
  const BufferFact *fact =
      result.bufferFact(valueNamed(result, function, name));
  if (!fact) {
    ADD_FAILURE() << name << " has no buffer fact";
    return {};
  }
  return names(result, aliasesOf(result, fact->value));
}

using Names = std::vector<std::string>;

using MlirFileVisitor =
    std::function<void(const std::filesystem::path &, const std::string &)>;

/// Calls `visit(path, text)` if `path` is a .mlir file; counts it in `files`.
inline void visitMlirFile(const std::filesystem::path &path,
                          const MlirFileVisitor &visit, size_t &files) {
  if (path.extension() != ".mlir")
    return;
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  visit(path, text);
  ++files;
}

/// Calls `visit(path, text)` for every .mlir file among the examples and
/// the analyses' test inputs; returns how many there were.
inline size_t forEachAnalysisInput(const MlirFileVisitor &visit) {
  size_t files = 0;
  for (const char *dir : {"examples", "test/lit/checker", "test/lit/classic",
                          "test/lit/ownership", "test/lit/ownership/Inputs",
                          "test/exec/inputs", "test/lsp/inputs"}) {
    std::filesystem::path root =
        std::filesystem::path(BUFFERLENS_SOURCE_DIR) / dir;
    if (!std::filesystem::exists(root))
      continue;
    for (const auto &entry : std::filesystem::directory_iterator(root))
      visitMlirFile(entry.path(), visit, files);
  }
  return files;
}

/// `op` in the generic form with its properties and locations: two IRs
/// that print alike this way are the same IR.
inline std::string printGenericForm(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, mlir::OpPrintingFlags()
                    .printGenericOpForm()
                    .enableDebugInfo()
                    .assumeVerified());
  return text;
}

/// Calls `visit(path, text)` for every .mlir file below each of `dirs`
/// (paths in the source tree), recursively; returns how many there were.
inline size_t forEachMlirFileBelow(std::initializer_list<const char *> dirs,
                                   const MlirFileVisitor &visit) {
  size_t files = 0;
  for (const char *dir : dirs) {
    std::error_code error;
    for (const auto &entry : std::filesystem::recursive_directory_iterator(
             std::filesystem::path(BUFFERLENS_SOURCE_DIR) / dir, error))
      visitMlirFile(entry.path(), visit, files);
  }
  return files;
}

/// The inputs `// -----` lines separate, as `mlir-opt --split-input-file`
/// reads them.
inline std::vector<std::string> splitInputFile(const std::string &text) {
  std::vector<std::string> chunks(1);
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("// -----", 0) == 0)
      chunks.emplace_back();
    else
      chunks.back() += line + "\n";
  }
  return chunks;
}

} // namespace bufferlens::test

#endif // BUFFERLENS_TEST_TESTUTIL_H
