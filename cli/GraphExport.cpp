//===- GraphExport.cpp - Writing graph files for `graph` and `lint --graphs`
//===//

#include "cli/GraphExport.h"
#include "viz/Graph.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace bufferlens;
namespace fs = std::filesystem;

/// `s` with the characters that are not safe in a file name replaced by `_`.
static std::string safeInFileName(std::string s) {
  for (char &c : s)
    if (!isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' &&
        c != '.')
      c = '_';
  return s;
}

std::string bufferlens::graphFileName(const std::string &sourceStem,
                                      const std::string &function,
                                      const std::string &stage,
                                      viz::GraphFormat format) {
  return safeInFileName(sourceStem) + "." + safeInFileName(function) + "." +
         stage + "." + viz::toString(format);
}

static bool writeBytes(const fs::path &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  return bool(out);
}

std::vector<std::string>
bufferlens::uniqueGraphStems(const std::vector<std::string> &files) {
  std::map<std::string, size_t> stemCount;
  for (const std::string &file : files)
    ++stemCount[fs::path(file).stem().string()];
  std::vector<std::string> stems;
  std::set<std::string> taken;
  for (const std::string &file : files) {
    std::string stem = fs::path(file).stem().string();
    if (stemCount[stem] > 1)
      stem = fs::path(file).lexically_normal().replace_extension().string();
    // Different paths can still read the same once made safe for a file
    // name ("a/b_x" and "a_b/x"): compare them as graphFileName writes them.
    std::string base = stem;
    for (int n = 2; !taken.insert(safeInFileName(stem)).second; ++n)
      stem = base + "-" + std::to_string(n);
    stems.push_back(stem);
  }
  return stems;
}

std::vector<std::string> bufferlens::exportInputGraphs(
    const AnalysisResult &result, const std::string &sourcePath,
    const std::string &stem, const std::string &dir, viz::GraphFormat format) {
  std::vector<std::string> problems;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    return {dir + ": cannot create the directory: " + ec.message()};
  viz::GraphOptions options;
  for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn) {
    viz::Rendered out = viz::renderGraph(result, fn, format, options);
    fs::path path =
        fs::path(dir) /
        graphFileName(stem, result.functions[fn].name, "input", format);
    if (!out.ok())
      problems.push_back(sourcePath + ": @" + result.functions[fn].name + ": " +
                         out.error);
    else if (!writeBytes(path, out.bytes))
      problems.push_back(path.string() + ": cannot write the file");
  }
  return problems;
}
