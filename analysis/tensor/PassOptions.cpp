//===- PassOptions.cpp - Which One-Shot Bufferize the tensor view runs ----===//
//
// A lit RUN line is read the way lit and mlir-opt read it, for the forms
// MLIR's own tests use (mlir/test/Dialect/Bufferization/Transforms/*.mlir):
// `-one-shot-bufferize="bufferize-function-boundaries test-analysis-only"`,
// `--one-shot-bufferize=bufferize-function-boundaries`, a plain
// `-one-shot-bufferize` (the pass's defaults: function boundaries are then
// NOT bufferized), and `-pass-pipeline="builtin.module(one-shot-bufferize{
// ...})"`. What the options mean is left to the pass itself
// (Pass::initializeOptions, FailureIsolation.cpp): nothing here knows the
// option names beyond the three the view sets itself.
//
//===----------------------------------------------------------------------===//

#include "analysis/tensor/PassOptions.h"

#include "llvm/ADT/StringRef.h"

using namespace bufferlens;

namespace {
/// One logical RUN line: its text after `RUN:` (continuations joined) and
/// the range of its first physical line.
struct RunLine {
  std::string command;
  SourceRange range;
};
} // namespace

static std::vector<RunLine> runLines(std::string_view text) {
  std::vector<RunLine> lines;
  bool continues = false;
  size_t offset = 0;
  while (offset < text.size()) {
    size_t end = text.find('\n', offset);
    if (end == std::string_view::npos)
      end = text.size();
    llvm::StringRef line(text.data() + offset, end - offset);
    llvm::StringRef body = line.ltrim();
    size_t run =
        body.starts_with("//") ? body.find("RUN:") : llvm::StringRef::npos;
    if (run != llvm::StringRef::npos &&
        body.substr(2, run - 2).trim().empty()) {
      llvm::StringRef command = body.substr(run + 4).rtrim();
      bool next = command.consume_back("\\");
      if (continues && !lines.empty()) {
        lines.back().command += " " + command.str();
      } else {
        lines.push_back(
            {command.str(),
             {static_cast<uint32_t>(offset), static_cast<uint32_t>(end)}});
      }
      continues = next;
    } else {
      continues = false;
    }
    offset = end + 1;
  }
  return lines;
}

/// The options after `one-shot-bufferize` at `at` in `command`, or nullopt
/// when the name there is part of another word (`one-shot-bufferize-foo`).
static std::optional<std::string> optionsAt(llvm::StringRef command,
                                            size_t at) {
  llvm::StringRef rest = command.substr(at + strlen("one-shot-bufferize"));
  if (rest.empty() || rest.front() == ' ' || rest.front() == '\t' ||
      rest.front() == '"' || rest.front() == '\'' || rest.front() == ',' ||
      rest.front() == ')')
    return std::string();
  if (rest.front() == '{') {
    size_t close = rest.find('}');
    // A `{` inside the options (dialect-filter={...}) nests one level.
    size_t depth = 0;
    for (size_t i = 1; i < rest.size(); ++i) {
      if (rest[i] == '{')
        ++depth;
      else if (rest[i] == '}' && depth-- == 0) {
        close = i;
        break;
      }
    }
    if (close == llvm::StringRef::npos)
      return std::nullopt;
    return rest.substr(1, close - 1).str();
  }
  if (rest.front() != '=')
    return std::nullopt;
  rest = rest.drop_front();
  if (!rest.empty() && (rest.front() == '"' || rest.front() == '\'')) {
    char quote = rest.front();
    size_t close = rest.find(quote, 1);
    if (close == llvm::StringRef::npos)
      return std::nullopt;
    return rest.substr(1, close - 1).str();
  }
  return rest.take_until([](char c) { return c == ' ' || c == '\t'; }).str();
}

std::optional<OneShotPassOptions>
bufferlens::oneShotOptionsOfRunLines(std::string_view text) {
  for (const RunLine &line : runLines(text)) {
    llvm::StringRef command(line.command);
    for (size_t at = command.find("one-shot-bufferize");
         at != llvm::StringRef::npos;
         at = command.find("one-shot-bufferize", at + 1)) {
      if (at > 0 && (isalnum(command[at - 1]) || command[at - 1] == '_'))
        continue;
      if (std::optional<std::string> options = optionsAt(command, at))
        return OneShotPassOptions{withoutViewOptions(*options),
                                  OneShotPassOptions::Origin::RunLine,
                                  line.range};
    }
  }
  return std::nullopt;
}

std::string bufferlens::withoutViewOptions(std::string_view text) {
  std::string kept;
  llvm::StringRef rest(text.data(), text.size());
  while (!rest.empty()) {
    rest = rest.ltrim();
    if (rest.empty())
      break;
    // One option: up to whitespace outside braces and quotes.
    size_t end = 0;
    int depth = 0;
    char quote = 0;
    for (; end < rest.size(); ++end) {
      char c = rest[end];
      if (quote) {
        quote = c == quote ? 0 : quote;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '{') {
        ++depth;
      } else if (c == '}') {
        --depth;
      } else if ((c == ' ' || c == '\t') && depth <= 0) {
        break;
      }
    }
    llvm::StringRef option = rest.take_front(end);
    rest = rest.drop_front(end);
    llvm::StringRef key = option.split('=').first;
    if (key == "test-analysis-only" || key == "print-conflicts" ||
        key == "dump-alias-sets")
      continue;
    if (!kept.empty())
      kept += ' ';
    kept += option.str();
  }
  return kept;
}

OneShotPassOptions
bufferlens::chooseOneShotOptions(std::string_view text,
                                 const AnalysisOptions &options) {
  if (std::optional<OneShotPassOptions> run = oneShotOptionsOfRunLines(text))
    return *run;
  if (!options.oneShotBufferizeOptions.empty())
    return {withoutViewOptions(options.oneShotBufferizeOptions),
            OneShotPassOptions::Origin::Settings,
            {}};
  return {
      "bufferize-function-boundaries", OneShotPassOptions::Origin::Default, {}};
}
