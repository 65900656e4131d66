// SPDX-License-Identifier: MIT
// What is not a regular file, put where a store of files (the patch cache,
// a shard) keeps one: each must be refused or recomputed, never passed on
// into a package, and must not break the runs after it (issue 57).
#pragma once

#include <array>
#include <filesystem>
#include <string>

namespace isla::test {

enum class Irregular { LinkToCopy, DanglingLink, LinkToDirectory, Directory, Fifo };

inline constexpr std::array<Irregular, 5> kIrregulars{Irregular::LinkToCopy, Irregular::DanglingLink,
                                                      Irregular::LinkToDirectory, Irregular::Directory,
                                                      Irregular::Fifo};

// "a symbolic link to an identical copy", for a test's context.
std::string described(Irregular kind);

// Replaces the regular file at `path` by `kind`; a link's target (the
// identical copy, the directory) is made in `aside`, outside the store.
void makeIrregular(const std::filesystem::path& path, Irregular kind, const std::filesystem::path& aside);

}  // namespace isla::test
