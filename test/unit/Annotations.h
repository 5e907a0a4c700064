//===- Annotations.h - Sources with marked points and ranges --------------===//
//
// As clangd's tests, but MLIR's block labels own `^`: `$^` marks a point,
// `[[...]]` a range, and `$name^` / `$name[[...]]` name them. The markers are
// removed from the text; points and ranges are byte offsets into what remains.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_TEST_ANNOTATIONS_H
#define BUFFERLENS_TEST_ANNOTATIONS_H

#include "analysis/model/Model.h"

#include <cassert>
#include <map>
#include <string>
#include <vector>

namespace bufferlens::test {

class Annotations {
public:
  explicit Annotations(std::string_view annotated) {
    std::vector<std::pair<std::string, uint32_t>> open;
    for (size_t i = 0; i < annotated.size();) {
      std::string name;
      size_t j = i;
      if (annotated[j] == '$') {
        ++j;
        while (j < annotated.size() &&
               (std::isalnum(static_cast<unsigned char>(annotated[j])) ||
                annotated[j] == '_'))
          name += annotated[j++];
      }
      if (annotated.compare(j, 2, "[[") == 0) {
        open.emplace_back(name, text.size());
        i = j + 2;
      } else if (annotated.compare(j, 2, "]]") == 0 && name.empty() &&
                 !open.empty()) {
        ranges[open.back().first].push_back(
            {open.back().second, static_cast<uint32_t>(text.size())});
        open.pop_back();
        i = j + 2;
      } else if (j > i && j < annotated.size() && annotated[j] == '^') {
        points[name].push_back(text.size());
        i = j + 1;
      } else {
        text += annotated[i++];
      }
    }
    assert(open.empty() && "unterminated [[ in annotated source");
  }

  const std::string &code() const { return text; }
  uint32_t point(const std::string &name = "") const {
    assert(points.count(name) && points.at(name).size() == 1);
    return points.at(name).front();
  }
  SourceRange range(const std::string &name = "") const {
    assert(ranges.count(name) && ranges.at(name).size() == 1);
    return ranges.at(name).front();
  }
  std::vector<SourceRange> rangesNamed(const std::string &name = "") const {
    auto it = ranges.find(name);
    return it == ranges.end() ? std::vector<SourceRange>() : it->second;
  }

private:
  std::string text;
  std::map<std::string, std::vector<uint32_t>> points;
  std::map<std::string, std::vector<SourceRange>> ranges;
};

} // namespace bufferlens::test

#endif // BUFFERLENS_TEST_ANNOTATIONS_H
