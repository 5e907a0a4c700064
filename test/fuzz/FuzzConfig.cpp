//===- FuzzConfig.cpp - libFuzzer: settings files, settings, and URIs -----===//
//
// What a user or a client names: the first line of an input is a document's
// URI, the rest is the text of the `.bufferlens.json` beside it, which is
// also sent as the client's settings. Neither may crash, hang or grow
// without bound: the settings are parsed as the server and the CLI parse
// them, the URI becomes a path whose directories are searched for the file
// (linear in the path however many components it has), and the file is
// read through the cache (bounded, regular files only).
//
//===----------------------------------------------------------------------===//

#include "config/Config.h"
#include "config/ConfigCache.h"
#include "server/DocumentService.h"
#include "server/Settings.h"

#include "ScratchDirectory.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

using namespace bufferlens;

/// A directory of this process's own, made once.
static const std::string &scratch() {
  return fuzz::scratchDirectory("bufferlens-fuzz-config-");
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string input(reinterpret_cast<const char *>(data), size);
  size_t cut = input.find('\n');
  std::string uri = input.substr(0, cut);
  std::string text = cut == std::string::npos ? "" : input.substr(cut + 1);

  nlohmann::json json = nlohmann::json::parse(text, nullptr,
                                              /*allow_exceptions=*/false,
                                              /*ignore_comments=*/true);
  if (!json.is_discarded()) {
    std::string problems;
    ClientSettings client = parseClientSettings(json, problems);
    AnalysisOptions options;
    client.analysis.applyTo(options);
    if (client.debounce && *client.debounce > kMaxDebounce)
      __builtin_trap();
    AnalysisOptions direct;
    applyConfig(json, direct);
  }

  // The file on disk, found from a document beside it and from the URI.
  std::string file = scratch() + "/.bufferlens.json";
  std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
  ConfigCache cache;
  ConfigCache::Lookup lookup = cache.forFile(scratch() + "/x.mlir");
  if (lookup.file != file)
    __builtin_trap();
  cache.forFile(pathOfUri(uri));
  ConfigCache::findFor(uri);
  return 0;
}
