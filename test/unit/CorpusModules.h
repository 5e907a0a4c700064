//===- CorpusModules.h - The inputs tests hold the analyses to -*- C++ -*-===//
//
// The unit tests that hold a part of the analysis to upstream or to MLIR's
// own printer run it on every input the project has (each `// -----`
// chunk of each .mlir file below the given folders that parses) and on
// BufferizedGenerator's modules.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_TEST_CORPUSMODULES_H
#define BUFFERLENS_TEST_CORPUSMODULES_H

#include "BufferizedGenerator.h"
#include "TestUtil.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

namespace bufferlens::test {

/// Calls `visit(module, where)` for every chunk below `dirs` that parses
/// in `context` (parse errors are silenced); `where` names the file and
/// the chunk. Returns how many modules were visited.
inline size_t
forEachModuleBelow(std::initializer_list<const char *> dirs,
                   mlir::MLIRContext &context,
                   const std::function<void(mlir::OwningOpRef<mlir::ModuleOp>,
                                            const std::string &)> &visit) {
  size_t modules = 0;
  forEachMlirFileBelow(dirs, [&](const std::filesystem::path &path,
                                 const std::string &text) {
    std::vector<std::string> chunks = splitInputFile(text);
    for (size_t i = 0; i < chunks.size(); ++i) {
      mlir::ScopedDiagnosticHandler quiet(
          &context, [](mlir::Diagnostic &) { return mlir::success(); });
      mlir::OwningOpRef<mlir::ModuleOp> module =
          mlir::parseSourceString<mlir::ModuleOp>(chunks[i], &context);
      if (!module)
        continue;
      ++modules;
      visit(std::move(module), path.string() + " chunk " + std::to_string(i));
    }
  });
  return modules;
}

/// Calls `visit(module, where)` for BufferizedGenerator's module of each
/// seed from 1 to `seeds`, of `functions` functions each, until the test
/// has a failure; `where` names the seed.
inline void forEachGeneratedModule(
    mlir::MLIRContext &context, uint32_t seeds, unsigned functions,
    const std::function<void(mlir::ModuleOp, const std::string &)> &visit) {
  for (uint32_t seed = 1; seed <= seeds; ++seed) {
    std::string text = BufferizedGenerator::module(seed, functions);
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(text, &context);
    if (!module) {
      ADD_FAILURE() << "the generator's module does not parse:\n" << text;
      return;
    }
    visit(*module, "seed " + std::to_string(seed));
    if (::testing::Test::HasFailure())
      return;
  }
}

} // namespace bufferlens::test

#endif // BUFFERLENS_TEST_CORPUSMODULES_H
