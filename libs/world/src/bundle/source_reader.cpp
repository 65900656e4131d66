// SPDX-License-Identifier: MIT
#include "isla/bundle/source_reader.hpp"

#include "isla/base/io_error.hpp"

namespace isla {

namespace {

// readBlueprint, or readBlueprintParams.
using BlueprintReader = LoadResult (*)(std::span<const std::byte>, const std::string&, std::shared_ptr<const void>,
                                       const Kernel&);

SourceBlueprint readMapped(const std::shared_ptr<const MappedFile>& file, const std::string& name,
                           const Kernel& kernel, BlueprintReader read) {
  SourceBlueprint source{{}, nullptr, file};
  if (!isBundlePath(name)) {
    source.load = read(file->bytes(), name, file, kernel);
    return source;
  }
  auto bundle = readBundle(file->bytes(), name, source.load.diagnostics);
  if (!bundle) return source;
  source.bundle = std::make_shared<const SourceBundle>(std::move(*bundle));
  LoadResult load = read(*source.bundle->blueprint, source.bundle->blueprintName, source.bundle->blueprint, kernel);
  source.load.blueprint = std::move(load.blueprint);
  source.load.diagnostics.append(load.diagnostics);
  return source;
}

}  // namespace

SourceBlueprint readSourceBlueprint(std::shared_ptr<const MappedFile> file, const std::string& name,
                                    const Kernel& kernel) {
  SourceBlueprint source = readMapped(file, name, kernel, &readBlueprint);
  if (auto changed = changedFile(*file)) {
    source = SourceBlueprint{{}, nullptr, std::move(file)};
    source.load.diagnostics.add(std::move(*changed));
  }
  return source;
}

SourceBlueprint readSourceBlueprint(const std::filesystem::path& path, const Kernel& kernel) {
  std::shared_ptr<const MappedFile> file;
  try {
    file = MappedFile::open(path);
  } catch (const IoError& error) {
    SourceBlueprint source;
    source.load.diagnostics.add(unopenedFile(path, error));
    return source;
  }
  return readSourceBlueprint(std::move(file), path.string(), kernel);
}

std::optional<std::int32_t> readSourceMapSize(const std::filesystem::path& path, const Kernel& kernel) {
  std::shared_ptr<const MappedFile> file;
  try {
    file = MappedFile::open(path);
  } catch (const IoError&) {
    return std::nullopt;
  }
  const SourceBlueprint source = readMapped(file, path.string(), kernel, &readBlueprintParams);
  if (!source.load.ok() || changedFile(*file)) return std::nullopt;
  return source.load.blueprint->mapSize;
}

}  // namespace isla
