// SPDX-License-Identifier: MIT
// Whole files as text, and the substring check the tests make of what a
// command printed.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace isla::test {

// The file's bytes, as they are (empty when it cannot be read).
std::string readText(const std::filesystem::path& path);
// `text` as the whole file, its folder made first.
void writeText(const std::filesystem::path& path, const std::string& text);
bool contains(const std::string& text, std::string_view part);

}  // namespace isla::test
