// SPDX-License-Identifier: MIT
#include "isla/bundle/source_reader.hpp"

#include "isla/base/io_error.hpp"

namespace isla {

namespace {

SourceBlueprint readMapped(const std::shared_ptr<const MappedFile>& file, const std::string& name,
                           const Kernel& kernel) {
  SourceBlueprint source{{}, nullptr, file};
  if (!isBundlePath(name)) {
    source.load = readBlueprint(file->bytes(), name, file, kernel);
    return source;
  }
  auto bundle = readBundle(file->bytes(), name, source.load.diagnostics);
  if (!bundle) return source;
  source.bundle = std::make_shared<const SourceBundle>(std::move(*bundle));
  LoadResult load = readBlueprint(*source.bundle->blueprint, source.bundle->blueprintName, source.bundle->blueprint,
                                  kernel);
  source.load.blueprint = std::move(load.blueprint);
  source.load.diagnostics.append(load.diagnostics);
  return source;
}

}  // namespace

SourceBlueprint readSourceBlueprint(std::shared_ptr<const MappedFile> file, const std::string& name,
                                    const Kernel& kernel) {
  SourceBlueprint source = readMapped(file, name, kernel);
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

}  // namespace isla
