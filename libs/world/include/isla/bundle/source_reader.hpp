// SPDX-License-Identifier: MIT
// A source file's blueprint, whether the file is a blueprint or a viewer
// bundle holding one: what `run compile` and `validate` read.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "isla/container/blueprint_reader.hpp"
#include "isla/bundle/source_bundle.hpp"
#include "isla/mapping/blueprint_file.hpp"

namespace isla {

struct SourceBlueprint {
  LoadResult load;  // for a bundle, the bundle's own problems come first
  std::shared_ptr<const SourceBundle> bundle;  // null for a bare blueprint
  // The file mapped, which the blueprint's views read: a caller reading
  // them further (the validators) checks it unchanged after (changedFile).
  std::shared_ptr<const MappedFile> file;
};

// `file` is a bundle when `name` is a bundle's path (isBundlePath): its
// blueprint member is read once the bundle passes its checks, and its
// diagnostics name "<bundle>!<member>". A file that changed while it was
// read gives io.changed alone (changedFile).
SourceBlueprint readSourceBlueprint(std::shared_ptr<const MappedFile> file, const std::string& name,
                                    const Kernel& kernel);
// A file that cannot be opened is an io.open diagnostic, as readBlueprint's.
SourceBlueprint readSourceBlueprint(const std::filesystem::path& path, const Kernel& kernel);

// The MapSize of the source at `path` from its container and PRMS alone
// (readBlueprintParams; a bundle is checked and its member found as above),
// whatever the map's size; none when that much cannot be read.
std::optional<std::int32_t> readSourceMapSize(const std::filesystem::path& path, const Kernel& kernel);

}  // namespace isla
