// SPDX-License-Identifier: MIT
// The patch cache's text records (an entry's list, a source's digest, a
// source's validation findings) end with a line that seals the rest:
//   sealed <SHA-256 of every line above it>
// so that a record damaged or cut short anywhere is told from a whole one.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace isla {

// `text` (whole lines) followed by its seal.
std::string sealedText(const std::string& text);

// The lines above the seal of the record at `path`, which must begin with
// `beginning`. None when there is no such file; CacheDamaged ("its
// <called> PATH is damaged") when its seal or beginning is wrong, or
// ("... is not a regular file (a FIFO)") when it is not a regular file
// (regular_file.hpp).
std::optional<std::string> readSealedText(const std::filesystem::path& path, std::string_view beginning,
                                          std::string_view called);

}  // namespace isla
