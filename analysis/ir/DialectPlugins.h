//===- DialectPlugins.h - The project's dialects, as mlir-opt loads them --===//
//
// A dialect plugin is a shared library built for `mlir-opt
// --load-dialect-plugin` (llvm-project's mlir/examples/standalone):
// MLIR's own loader (mlir/Tools/Plugins/DialectPlugin.h) opens it, checks
// its `mlirGetDialectPluginInfo` entry point and API version, and the
// plugin registers its dialects in a DialectRegistry. Each path is loaded
// once per process (a library cannot be unloaded while its dialects may
// be in use); each analysis's context gets the registries of its plugins.
// The executable exports MLIR's symbols (bufferlens is linked with
// ENABLE_EXPORTS) so the plugin binds to the MLIR it runs in, as it binds
// to libMLIR.so in mlir-opt.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_IR_DIALECTPLUGINS_H
#define BUFFERLENS_ANALYSIS_IR_DIALECTPLUGINS_H

#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace bufferlens {

/// Loads the plugin at `path` unless it was loaded already. Empty on
/// success, else one sentence saying why it is not loaded (naming the
/// path); a failure is remembered, so it is said once per path.
std::string loadDialectPlugin(const std::string &path);

/// Makes the dialects of the plugins at `paths` available in `context`
/// (those that loaded; the others were reported by loadDialectPlugin).
void appendPluginDialects(mlir::MLIRContext &context,
                          const std::vector<std::string> &paths);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_IR_DIALECTPLUGINS_H
