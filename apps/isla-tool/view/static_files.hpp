// SPDX-License-Identifier: MIT
// Which file a request target names: only regular files under the mounted
// roots, never a listing, and a refusal for anything that could reach
// outside them (`..`, `%2e%2e`, encoded slashes, absolute or over-long
// targets, control characters, links out of a root).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace isla::view {

// A URL prefix ("/tiles/", or "/" for the rest) served from one directory.
struct Mount {
  std::string prefix;
  std::filesystem::path root;
};

// The longest target served; longer ones get 414.
inline constexpr std::size_t kMaxTargetBytes = 2048;

struct Resolution {
  unsigned status = 200;  // 200, or the HTTP status refusing the target
  std::filesystem::path file;  // when 200
  std::string reason;  // when refused: why, for the response's body
};

class StaticFiles {
 public:
  // Throws std::runtime_error when a root is not a directory.
  explicit StaticFiles(std::vector<Mount> mounts);

  // `target` is the request-target as received; "/" serves "/index.html".
  Resolution resolve(std::string_view target) const;

 private:
  std::vector<Mount> mounts_;  // longest prefix first, roots canonical
};

// The Content-Type of a file by its extension (application/octet-stream
// for an unknown one).
std::string_view contentType(const std::filesystem::path& file);

}  // namespace isla::view
