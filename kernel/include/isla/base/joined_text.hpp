// SPDX-License-Identifier: MIT
// A list inside a message: its items one after another, a separator
// between them. The one way every message of the tool joins a list.
#pragma once

#include <string>
#include <string_view>

namespace isla {

// joinedText(names) is "a, b, c"; joinedText(groups, "; ") is "x; y"; ""
// for no items. Any range of what appends to a std::string (a string, a
// string_view, a view transforming objects to their names).
template <class Range>
std::string joinedText(Range&& items, std::string_view separator = ", ") {
  std::string text;
  bool first = true;
  for (auto&& item : items) {
    if (!first) text += separator;
    text += item;
    first = false;
  }
  return text;
}

}  // namespace isla
