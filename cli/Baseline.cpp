//===- Baseline.cpp -------------------------------------------------------===//

#include "cli/Baseline.h"
#include "support/RegularFile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace bufferlens;
namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

std::string bufferlens::baselineKey(const std::string &path) {
  fs::path normal = fs::path(path).lexically_normal();
  if (normal.is_absolute()) {
    std::error_code error;
    fs::path cwd = fs::current_path(error);
    if (!error) {
      fs::path relative = normal.lexically_relative(cwd);
      if (!relative.empty() && *relative.begin() != "..")
        normal = relative;
    }
  }
  return normal.generic_string();
}

/// Per function name, its counts, in the order the names first appear.
static std::vector<std::pair<std::string, BudgetCounts>>
countsByName(const std::vector<TensorCounts> &functions) {
  std::vector<std::pair<std::string, BudgetCounts>> out;
  std::map<std::string, size_t> index;
  for (const TensorCounts &counts : functions) {
    auto [it, added] = index.emplace(counts.function, out.size());
    if (added)
      out.push_back({counts.function, {}});
    BudgetCounts &sum = out[it->second].second;
    sum.allocations += counts.allocations;
    sum.copies += counts.copies;
  }
  return out;
}

Baseline bufferlens::baselineOf(const std::vector<FileCounts> &files) {
  Baseline out;
  for (const FileCounts &file : files) {
    // A file with no function on tensors has nothing to budget.
    if (file.functions.empty())
      continue;
    auto &functions = out[baselineKey(file.path)];
    for (const auto &[name, counts] : countsByName(file.functions)) {
      BudgetCounts &sum = functions[name];
      sum.allocations += counts.allocations;
      sum.copies += counts.copies;
    }
  }
  return out;
}

std::string bufferlens::readBaseline(const std::string &file, Baseline &out) {
  std::string text;
  if (std::string error =
          readRegularFile(file, kMaxBaselineFileBytes, text, nullptr);
      !error.empty())
    return file + ": cannot read the baseline: " + error;
  nlohmann::json root =
      nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded())
    return file + ": not valid JSON";
  auto invalid = [&](const std::string &why) {
    return file + ": not a baseline (" + why +
           "); write one with --write-baseline";
  };
  if (!root.is_object())
    return invalid("not a JSON object");
  auto version = root.find("version");
  if (version == root.end() || !version->is_number_unsigned() ||
      version->get<uint64_t>() != 1)
    return invalid("\"version\" is not 1");
  auto files = root.find("files");
  if (files == root.end() || !files->is_object())
    return invalid("no \"files\" object");
  out.clear();
  for (const auto &[path, functions] : files->items()) {
    if (!functions.is_object())
      return invalid("\"" + path + "\" is not an object");
    auto &entries = out[path];
    for (const auto &[name, counts] : functions.items()) {
      std::string where = "\"" + path + "\": \"" + name + "\"";
      if (!counts.is_object())
        return invalid(where + " is not an object");
      BudgetCounts &entry = entries[name];
      for (auto [key, field] : {std::pair{"allocations", &entry.allocations},
                                std::pair{"copies", &entry.copies}}) {
        auto value = counts.find(key);
        if (value == counts.end() || !value->is_number_unsigned())
          return invalid(where + ": \"" + key +
                         "\" is not a non-negative integer");
        *field = value->get<uint64_t>();
      }
    }
  }
  return "";
}

std::string bufferlens::writeBaseline(const std::string &file,
                                      const Baseline &baseline) {
  json files = json::object();
  for (const auto &[path, functions] : baseline) {
    json entries = json::object();
    for (const auto &[name, counts] : functions)
      entries[name] = {{"allocations", counts.allocations},
                       {"copies", counts.copies}};
    files[path] = std::move(entries);
  }
  json root = {{"version", 1}, {"files", std::move(files)}};
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
      << "\n";
  out.close();
  if (!out)
    return file + ": cannot write the baseline";
  return "";
}

static std::string counted(uint64_t n, const char *one, const char *many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

BaselineVerdict
bufferlens::compareWithBaseline(const Baseline &recorded,
                                const std::vector<FileCounts> &files,
                                bool strict, const std::string &baselineFile) {
  BaselineVerdict verdict;
  std::vector<std::string> notes;
  size_t under = 0;
  static const Baseline::mapped_type none;
  for (const FileCounts &file : files) {
    auto found = recorded.find(baselineKey(file.path));
    const auto &entries = found == recorded.end() ? none : found->second;
    auto measured = countsByName(file.functions);
    for (const auto &[name, counts] : measured) {
      std::string prefix = file.path + ": @" + name + ": ";
      auto entry = entries.find(name);
      if (entry == entries.end()) {
        if (counts.allocations + counts.copies == 0)
          continue;
        if (!strict) {
          notes.push_back(
              prefix + "note: not in the baseline: " +
              counted(counts.allocations, "allocation", "allocations") + ", " +
              counted(counts.copies, "copy", "copies"));
          continue;
        }
      }
      BudgetCounts budget =
          entry == entries.end() ? BudgetCounts{} : entry->second;
      std::string suffix =
          entry == entries.end() ? " (not in the baseline)" : "";
      if (counts.allocations > budget.allocations)
        verdict.lines.push_back(
            prefix + counted(counts.allocations, "allocation", "allocations") +
            ", baseline " + std::to_string(budget.allocations) + suffix);
      if (counts.copies > budget.copies)
        verdict.lines.push_back(
            prefix + counted(counts.copies, "copy", "copies") + ", baseline " +
            std::to_string(budget.copies) + suffix);
      under += counts.allocations < budget.allocations ||
               counts.copies < budget.copies;
    }
    // Recorded functions that are gone (renamed, removed, no longer on
    // tensors) lower the budget too.
    for (const auto &[name, budget] : entries)
      if (budget.allocations + budget.copies > 0 &&
          std::none_of(measured.begin(), measured.end(),
                       [&](const auto &m) { return m.first == name; }))
        ++under;
  }
  verdict.failed = !verdict.lines.empty();
  verdict.lines.insert(verdict.lines.end(), notes.begin(), notes.end());
  if (under)
    verdict.lines.push_back(
        "note: " + counted(under, "function has", "functions have") +
        " fewer allocations or copies than " + baselineFile +
        " records; --write-baseline " + baselineFile +
        " records the new counts");
  return verdict;
}
