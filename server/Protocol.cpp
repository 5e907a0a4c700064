//===- Protocol.cpp -------------------------------------------------------===//

#include "server/Protocol.h"
#include "analysis/rewrite/StageRewrite.h"

using namespace bufferlens;
using namespace bufferlens::lsp;
using json = nlohmann::json;

namespace {
const json &member(const json &object, const char *key) {
  static const json null;
  if (!object.is_object() || !object.contains(key))
    return null;
  return object[key];
}

[[noreturn]] void reject(const std::string &message) {
  throw InvalidParamsError{message};
}

std::string requireString(const json &object, const char *key) {
  const json &value = member(object, key);
  if (!value.is_string())
    reject(std::string("'") + key + "' must be a string");
  return value.get<std::string>();
}

const json &requireObject(const json &object, const char *key) {
  const json &value = member(object, key);
  if (!value.is_object())
    reject(std::string("'") + key + "' must be an object");
  return value;
}

std::string documentUri(const json &params) {
  return requireString(requireObject(params, "textDocument"), "uri");
}

Position requirePosition(const json &params, const char *key = "position") {
  std::optional<Position> position = parsePosition(member(params, key));
  if (!position)
    reject(std::string("'") + key + "' must be a Position");
  return *position;
}

Range requireRange(const json &params) {
  std::optional<Range> range = parseRange(member(params, "range"));
  if (!range)
    reject("'range' must be a Range");
  return *range;
}
} // namespace

std::optional<Position> lsp::parsePosition(const json &value) {
  const json &line = member(value, "line");
  const json &character = member(value, "character");
  if (!line.is_number_integer() || !character.is_number_integer())
    return std::nullopt;
  int64_t l = line.get<int64_t>(), c = character.get<int64_t>();
  if (l < 0 || c < 0 || l > UINT32_MAX || c > UINT32_MAX)
    return std::nullopt;
  return Position{static_cast<uint32_t>(l), static_cast<uint32_t>(c)};
}

std::optional<Range> lsp::parseRange(const json &value) {
  std::optional<Position> start = parsePosition(member(value, "start"));
  std::optional<Position> end = parsePosition(member(value, "end"));
  if (!start || !end)
    return std::nullopt;
  return Range{*start, *end};
}

void lsp::from_json(const json &value, InitializeParams &params) {
  if (!value.is_object())
    reject("'initialize' needs InitializeParams");
  const json &capabilities = member(value, "capabilities");
  const json &offered =
      member(member(capabilities, "general"), "positionEncodings");
  if (offered.is_array())
    for (const json &name : offered)
      if (name == "utf-8")
        params.utf8 = true;
  params.workDoneProgress =
      member(member(capabilities, "window"), "workDoneProgress") == true;
  const json &diagnostics =
      member(member(capabilities, "textDocument"), "publishDiagnostics");
  params.relatedInformation = member(diagnostics, "relatedInformation") == true;
  params.codeDescription =
      member(diagnostics, "codeDescriptionSupport") == true;
  params.compactDiagnostics =
      member(member(member(capabilities, "experimental"), "bufferlens"),
             "compactDiagnostics") == true;
  // Either the settings object itself or, like didChangeConfiguration's,
  // nested under the section name.
  const json &options = member(value, "initializationOptions");
  const json &section = member(options, "bufferlens");
  if (options.is_object())
    params.settings = section.is_object() ? section : options;
}

void lsp::from_json(const json &value, DidOpenParams &params) {
  const json &document = requireObject(value, "textDocument");
  params.uri = requireString(document, "uri");
  params.text = requireString(document, "text");
  const json &version = member(document, "version");
  params.version = version.is_number_integer() ? version.get<int64_t>() : 0;
}

void lsp::from_json(const json &value, DidChangeParams &params) {
  const json &document = requireObject(value, "textDocument");
  params.uri = requireString(document, "uri");
  const json &version = member(document, "version");
  if (version.is_number_integer())
    params.version = version.get<int64_t>();
  const json &changes = member(value, "contentChanges");
  if (!changes.is_array())
    reject("'contentChanges' must be an array");
  for (const json &change : changes) {
    ContentChange out;
    const json &text = member(change, "text");
    if (text.is_string())
      out.text = text.get<std::string>();
    out.hasRange = change.is_object() && change.contains("range");
    if (out.hasRange) {
      out.range = parseRange(change["range"]);
      out.rangeText = change["range"].dump();
    }
    params.changes.push_back(std::move(out));
  }
}

void lsp::from_json(const json &value, TextDocumentParams &params) {
  params.uri = documentUri(value);
}

void lsp::from_json(const json &value, DidChangeConfigurationParams &params) {
  const json &settings = member(value, "settings");
  if (!settings.is_object())
    reject("'settings' must be an object");
  // VS Code sends the section's object; other clients nest it under the
  // section name.
  const json &section = member(settings, "bufferlens");
  params.settings = section.is_object() ? section : settings;
}

void lsp::from_json(const json &value, TextDocumentPositionParams &params) {
  params.uri = documentUri(value);
  params.position = requirePosition(value);
}

void lsp::from_json(const json &value, ReferenceParams &params) {
  params.uri = documentUri(value);
  params.position = requirePosition(value);
  params.includeDeclaration =
      member(member(value, "context"), "includeDeclaration") == true;
}

void lsp::from_json(const json &value, InlayHintParams &params) {
  params.uri = documentUri(value);
  params.range = requireRange(value);
}

void lsp::from_json(const json &value, SemanticTokensParams &params) {
  params.uri = documentUri(value);
}

void lsp::from_json(const json &value, SemanticTokensRangeParams &params) {
  params.uri = documentUri(value);
  params.range = requireRange(value);
}

void lsp::from_json(const json &value, SemanticTokensDeltaParams &params) {
  params.uri = documentUri(value);
  params.previousResultId = requireString(value, "previousResultId");
}

void lsp::from_json(const json &value, CodeActionParams &params) {
  params.uri = documentUri(value);
  params.range = requireRange(value);
  const json &only = member(member(value, "context"), "only");
  if (only.is_array()) {
    params.only.emplace();
    for (const json &kind : only)
      if (kind.is_string())
        params.only->push_back(kind.get<std::string>());
  }
}

void lsp::from_json(const json &value, CodeActionResolveParams &params) {
  const json &data = member(value, "data");
  if (!data.is_object())
    reject("only actions with 'data' need resolving");
  params.uri = requireString(data, "uri");
  params.function = requireString(data, "function");
  const json &version = member(data, "version");
  if (!version.is_number_integer())
    reject("'data.version' must be an integer");
  params.version = version.get<int64_t>();
  const json &allocation = member(data, "allocation");
  if (!allocation.is_null()) {
    if (!allocation.is_number_unsigned() ||
        allocation.get<uint64_t>() > UINT32_MAX)
      reject("'data.allocation' must be a byte offset");
    params.allocation = allocation.get<uint32_t>();
  }
  const json &title = member(value, "title");
  if (title.is_string())
    params.title = title.get<std::string>();
  const json &kind = member(value, "kind");
  if (kind.is_string())
    params.kind = kind.get<std::string>();
}

void lsp::from_json(const json &value, OwnershipAtParams &params) {
  params.uri = requireString(value, "uri");
  params.position = requirePosition(value);
}

void lsp::from_json(const json &value, GraphParams &params) {
  params.uri = requireString(value, "uri");
  if (!member(value, "stage").is_null())
    params.stage = requireString(value, "stage");
  if (!parseViewStage(params.stage))
    reject("'stage' must be \"input\", \"classic\", \"ownership\" or "
           "\"pipeline\"");
  if (!member(value, "format").is_null())
    params.format = requireString(value, "format");
  if (params.format == "dot")
    params.graphFormat = viz::GraphFormat::Dot;
  else if (params.format == "svg")
    params.graphFormat = viz::GraphFormat::Svg;
  else
    reject("'format' must be \"dot\" or \"svg\"");
  if (!member(value, "finding").is_null()) {
    // The path is drawn on the user's IR: another stage has other blocks.
    if (params.stage != "input")
      reject("'finding' draws the \"input\" stage only");
    params.finding = requirePosition(value, "finding");
    return;
  }
  const json &function = member(value, "function");
  if (function.is_string())
    params.function = function.get<std::string>();
  else if (!function.is_null())
    reject("'function' must be a string");
  if (params.function)
    return;
  if (member(value, "position").is_null())
    reject("'function' or 'position' is needed");
  params.position = requirePosition(value);
}

void lsp::from_json(const json &value, RewriteParams &params) {
  params.uri = requireString(value, "uri");
  std::string strategy = requireString(value, "strategy");
  if (strategy == "classic")
    params.request.strategy = RewriteStrategy::Classic;
  else if (strategy == "ownership")
    params.request.strategy = RewriteStrategy::Ownership;
  else if (strategy == "multiBuffer")
    params.request.strategy = RewriteStrategy::MultiBuffer;
  else
    reject("'strategy' must be \"classic\", \"ownership\" or "
           "\"multiBuffer\"");
  if (params.request.strategy == RewriteStrategy::MultiBuffer) {
    params.position = requirePosition(value);
    const json &factor = member(value, "factor");
    if (!factor.is_null()) {
      if (!factor.is_number_unsigned() || factor.get<uint64_t>() < 1 ||
          factor.get<uint64_t>() > 64)
        reject("'factor' must be an integer from 1 to 64");
      params.request.factor = factor.get<unsigned>();
    }
  }
  const json &stage = member(value, "stage");
  if (stage == "ownership")
    params.request.stage = OwnershipStage::Ownership;
  else if (stage == "simplified")
    params.request.stage = OwnershipStage::Simplified;
  else if (stage == "lowered" || stage.is_null())
    params.request.stage = OwnershipStage::Lowered;
  else
    reject("'stage' must be \"ownership\", \"simplified\" or \"lowered\"");
}

void lsp::from_json(const json &value, CancelParams &params) {
  params.id = member(value, "id");
}
