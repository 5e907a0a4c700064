//===- DraftStore.cpp -----------------------------------------------------===//

#include "server/DraftStore.h"
#include "ide/SourceCode.h"

using namespace bufferlens;

void DraftStore::open(const std::string &uri, std::string text,
                      int64_t version) {
  Draft &draft = drafts[uri];
  draft.text = std::make_shared<const std::string>(std::move(text));
  draft.version = version;
  draft.lost = false;
}

DraftStore::Change
DraftStore::change(const std::string &uri, std::optional<int64_t> version,
                   const std::vector<lsp::ContentChange> &changes,
                   PositionEncoding encoding) {
  auto it = drafts.find(uri);
  if (it == drafts.end())
    throw InvalidParamsError{"didChange for a document that is not open: " +
                             uri};
  Draft &draft = it->second;
  // Edits build the next text from the current one; only a text an edit
  // changed is copied (one pass per edit: the bytes before it, its text,
  // the bytes after it).
  std::optional<std::string> edited;
  auto current = [&]() -> const std::string & {
    return edited ? *edited : *draft.text;
  };
  bool wasLost = draft.lost, lost = wasLost;
  std::string problem;
  for (const lsp::ContentChange &change : changes) {
    if (change.text && !change.hasRange) {
      edited = *change.text; // The whole text: in sync again.
      lost = false;
      continue;
    }
    if (lost)
      continue;
    // LSP: a character past the end of its line means the line's end. A
    // line past the last one is no position of the text (as in clangd's
    // positionToOffset).
    std::optional<SourceRange> range;
    if (change.text && change.range)
      range = rangeOfEdit(current(), *change.range, encoding);
    if (!range) {
      problem = change.text ? "an edit's range " + change.rangeText +
                                  " is not a range of the text"
                            : "an edit has no 'text'";
      lost = true;
      edited.emplace();
      continue;
    }
    edited = applyEdit(current(), *range, *change.text);
  }
  if (edited)
    draft.text = std::make_shared<const std::string>(std::move(*edited));
  draft.lost = lost;
  if (version)
    draft.version = *version;
  if (!lost)
    return {Change::Updated, ""};
  return {wasLost ? Change::StillLost : Change::Lost, problem};
}

void DraftStore::close(const std::string &uri) { drafts.erase(uri); }

const DraftStore::Draft *DraftStore::find(const std::string &uri) const {
  auto it = drafts.find(uri);
  return it == drafts.end() ? nullptr : &it->second;
}
