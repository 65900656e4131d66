// SPDX-License-Identifier: MIT
// The one rule for a path that this tool did not make and that must stay
// inside its folder: a package's references, a viewer bundle's members, a
// shard's files, a cache entry's files, a URL's path once decoded. It is a
// relative POSIX path of plain names, nothing that a filesystem or a
// reader could take for another place.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

namespace isla {

// Why `path` is not a relative POSIX path inside its folder ("is empty",
// "contains a NUL character", "contains a control character", "contains a
// backslash (paths use '/')", "is absolute", "has an empty component",
// "has a '.' component", "has a '..' component"), or empty when it is one.
inline std::string whyNotInside(std::string_view path) {
  if (path.empty()) return "is empty";
  if (path.find('\0') != std::string_view::npos) return "contains a NUL character";
  for (const char c : path) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return "contains a control character";
  }
  if (path.find('\\') != std::string_view::npos) return "contains a backslash (paths use '/')";
  if (path.front() == '/') return "is absolute";
  for (std::size_t start = 0; start <= path.size();) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    const std::string_view part = path.substr(start, end - start);
    if (part.empty()) return "has an empty component";
    if (part == "." || part == "..") return "has a '" + std::string(part) + "' component";
    start = end + 1;
  }
  return {};
}

}  // namespace isla
