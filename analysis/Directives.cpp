//===- Directives.cpp -----------------------------------------------------===//

#include "analysis/Directives.h"
#include "analysis/model/Names.h"

#include <algorithm>
#include <cctype>
#include <sstream>

using namespace bufferlens;

static std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}

/// A warning on a directive BufferLens cannot read.
static Finding directiveProblem(SourceRange range, std::string message) {
  Finding problem;
  problem.severity = Severity::Warning;
  problem.range = range;
  problem.message = std::move(message);
  return problem;
}

Directives bufferlens::parseDirectives(std::string_view text,
                                       const LineIndex &lines) {
  Directives out;
  static constexpr std::string_view marker = "// bufferlens:";
  for (uint32_t line = 0; line < lines.lineCount(); ++line) {
    std::string_view content = lines.lineText(line);
    size_t at = content.find(marker);
    if (at == std::string_view::npos)
      continue;
    std::string_view body = trim(content.substr(at + marker.size()));
    bool ownLine = trim(content.substr(0, at)).empty();
    uint32_t begin = lines.lineStart(line) + at;
    SourceRange range{
        begin, static_cast<uint32_t>(lines.lineStart(line) + content.size())};
    if (body.substr(0, 6) == "ignore") {
      Directives::Ignore ignore{line, ownLine, {}};
      std::string rest(body.substr(6));
      for (char &c : rest)
        if (c == ',')
          c = ' ';
      std::istringstream words(rest);
      for (std::string code; words >> code;)
        ignore.codes.insert(code);
      out.ignores.push_back(std::move(ignore));
    } else if (body.substr(0, 6) == "stage=") {
      std::string_view value = trim(body.substr(6));
      std::optional<StageOverride> stage = parseStageOverride(value);
      // `auto` is what a file without the directive gets: not a choice.
      if (stage && *stage != StageOverride::Auto)
        out.stage = *stage;
      else
        out.problems.push_back(
            directiveProblem(range, "unknown stage '" + std::string(value) +
                                        "': expected 'bufferized' or "
                                        "'deallocated'"));
    } else {
      out.problems.push_back(directiveProblem(
          range, "unknown bufferlens directive '" + std::string(body) +
                     "': expected 'ignore [CODE...]' or 'stage=...'"));
    }
  }
  return out;
}

bool Directives::suppresses(FindingCode code, uint32_t line) const {
  // Only the directives of the finding's line and the line above it can
  // apply: found by their line rather than by a scan of all of them, which
  // made a file of 100,000 directives and as many findings quadratic.
  auto first = std::lower_bound(
      ignores.begin(), ignores.end(), line ? line - 1 : 0,
      [](const Ignore &ignore, uint32_t at) { return ignore.line < at; });
  for (auto it = first; it != ignores.end() && it->line <= line; ++it) {
    const Ignore &ignore = *it;
    // On the finding's line, or alone on the line above it.
    bool applies =
        ignore.line == line || (ignore.ownLine && ignore.line + 1 == line);
    if (applies && (ignore.codes.empty() ||
                    ignore.codes.count(std::string(codeName(code)))))
      return true;
  }
  return false;
}
