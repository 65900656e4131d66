// SPDX-License-Identifier: MIT
// A blueprint read from its file, mapped (MappedFile): the kernel's
// reader over the file's bytes, and the check that the file did not change
// while it was read.
#pragma once

#include <filesystem>
#include <optional>

#include "isla/base/io_error.hpp"
#include "isla/container/blueprint_reader.hpp"
#include "isla/mapping/mapped_file.hpp"

namespace isla {

// The file is memory-mapped. A file that cannot be opened is io.open
// (unopenedFile); one that changed while it was read gives io.changed alone
// (changedFile).
LoadResult readBlueprint(const std::filesystem::path& path, const Kernel& kernel);

// The error (io.open) of a file that could not be mapped (MappedFile::open).
Diagnostic unopenedFile(const std::filesystem::path& path, const IoError& error);

// The error (io.changed) of a mapped file that changed while it was being
// read (MappedFile::change): whatever was found reading it, and the
// blueprint made from it, are not the file's. None while it is unchanged.
std::optional<Diagnostic> changedFile(const MappedFile& file);

}  // namespace isla
