//===- DialectPlugins.cpp -------------------------------------------------===//

#include "analysis/ir/DialectPlugins.h"
#include "support/RegularFile.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <mutex>

using namespace bufferlens;

namespace {
struct LoadedPlugin {
  /// Null when the plugin did not load.
  std::unique_ptr<mlir::DialectRegistry> registry;
  std::string error;
};

std::mutex pluginsMutex;
std::map<std::string, LoadedPlugin> &plugins() {
  static auto *loaded = new std::map<std::string, LoadedPlugin>();
  return *loaded;
}

LoadedPlugin load(const std::string &path) {
  LoadedPlugin plugin;
  // dlopen of a FIFO would block, and of a directory says less than this.
  if (std::string why = whyNotRegularFile(path); !why.empty()) {
    plugin.error = path + ": cannot load the dialect plugin: " + why;
    return plugin;
  }
  llvm::Expected<mlir::DialectPlugin> loaded = mlir::DialectPlugin::load(path);
  if (!loaded) {
    plugin.error = path + ": cannot load the dialect plugin: " +
                   llvm::toString(loaded.takeError());
    return plugin;
  }
  plugin.registry = std::make_unique<mlir::DialectRegistry>();
  loaded->registerDialectRegistryCallbacks(*plugin.registry);
  return plugin;
}
} // namespace

std::string bufferlens::loadDialectPlugin(const std::string &path) {
  std::lock_guard<std::mutex> lock(pluginsMutex);
  auto it = plugins().find(path);
  if (it == plugins().end())
    it = plugins().emplace(path, load(path)).first;
  return it->second.error;
}

void bufferlens::appendPluginDialects(mlir::MLIRContext &context,
                                      const std::vector<std::string> &paths) {
  for (const std::string &path : paths) {
    if (!loadDialectPlugin(path).empty())
      continue;
    std::lock_guard<std::mutex> lock(pluginsMutex);
    context.appendDialectRegistry(*plugins().at(path).registry);
  }
}
