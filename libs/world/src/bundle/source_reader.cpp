// SPDX-License-Identifier: MIT
#include "isla/bundle/source_reader.hpp"

#include "isla/base/io_error.hpp"

namespace isla {

SourceBlueprint readSourceBlueprint(std::shared_ptr<const MappedFile> file, const std::string& name,
                                    const Kernel& kernel) {
  if (!isBundlePath(name)) return {readBlueprint(file->bytes(), name, file, kernel), nullptr};
  SourceBlueprint source;
  auto bundle = readBundle(file->bytes(), name, source.load.diagnostics);
  if (!bundle) return source;
  source.bundle = std::make_shared<const SourceBundle>(std::move(*bundle));
  LoadResult load = readBlueprint(*source.bundle->blueprint, source.bundle->blueprintName, source.bundle->blueprint,
                                  kernel);
  source.load.blueprint = std::move(load.blueprint);
  source.load.diagnostics.append(load.diagnostics);
  return source;
}

SourceBlueprint readSourceBlueprint(const std::filesystem::path& path, const Kernel& kernel) {
  if (!isBundlePath(path)) return {readBlueprint(path, kernel), nullptr};
  std::shared_ptr<const MappedFile> file;
  try {
    file = MappedFile::open(path);
  } catch (const IoError& error) {
    SourceBlueprint source;
    source.load.diagnostics.add(Diagnostic{.code = "io.open", .message = error.what(), .file = path.string()});
    return source;
  }
  return readSourceBlueprint(std::move(file), path.string(), kernel);
}

}  // namespace isla
