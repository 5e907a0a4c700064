//===- DraftStore.h - The client's text of each open document -------------===//
//
// The protocol layer keeps what the client has sent of each document and
// applies its incremental edits (as clangd's ClangdLSPServer keeps a
// DraftStore and hands ClangdServer whole texts). An edit that cannot be
// applied loses the text: it is no longer known what the client has, so
// the document is dropped until a whole text comes (README.md, "lost
// documents").
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_DRAFTSTORE_H
#define BUFFERLENS_SERVER_DRAFTSTORE_H

#include "analysis/model/Model.h"
#include "server/Protocol.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bufferlens {

class DraftStore {
public:
  struct Draft {
    TextRef text;
    int64_t version = 0;
    /// An edit could not be applied: `text` is empty and incremental
    /// edits are ignored until a whole text comes.
    bool lost = false;
  };

  /// What a didChange did to the draft.
  struct Change {
    enum Kind {
      Updated,   ///< `draft` holds the new text.
      Lost,      ///< This change lost the text; `problem` says why.
      StillLost, ///< The text was lost before and no whole text came.
    } kind = Updated;
    std::string problem;
  };

  void open(const std::string &uri, std::string text, int64_t version);
  /// Applies `changes` in order, their positions in `encoding`; throws
  /// InvalidParamsError when the document is not open.
  Change change(const std::string &uri, std::optional<int64_t> version,
                const std::vector<lsp::ContentChange> &changes,
                PositionEncoding encoding);
  void close(const std::string &uri);
  /// The draft of an open document, or null.
  const Draft *find(const std::string &uri) const;

private:
  std::map<std::string, Draft> drafts;
};

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_DRAFTSTORE_H
