// SPDX-License-Identifier: MIT
// The digest the patch cache checks its files by each time it places them:
// XXH3-128 (xxHash), not SHA-256. It finds damage as surely (a flipped bit,
// a cut) at ten times the speed; no one forges a cache's files, which the
// cache's owner can write anyway. The SHA-256 a package lists still comes
// from the entry's sealed list (docs/decisions.md, What a compile through
// the cache remembers of its sources).
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>

namespace isla {

// 32 lowercase hex digits.
std::string checkDigest(std::span<const std::byte> bytes);
// Of the file's bytes; throws IoError when it cannot be read.
std::string checkDigestOfFile(const std::filesystem::path& path);

}  // namespace isla
