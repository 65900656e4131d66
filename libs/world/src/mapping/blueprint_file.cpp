// SPDX-License-Identifier: MIT
#include "isla/mapping/blueprint_file.hpp"

namespace isla {

LoadResult readBlueprint(const std::filesystem::path& path, const Kernel& kernel) {
  std::shared_ptr<const MappedFile> file;
  try {
    file = MappedFile::open(path);
  } catch (const IoError& error) {
    LoadResult result;
    result.diagnostics.add(unopenedFile(path, error));
    return result;
  }
  const auto bytes = file->bytes();
  LoadResult result = readBlueprint(bytes, path.string(), file, kernel);
  if (auto changed = changedFile(*file)) {
    result = LoadResult{};
    result.diagnostics.add(std::move(*changed));
  }
  return result;
}

Diagnostic unopenedFile(const std::filesystem::path& path, const IoError& error) {
  return Diagnostic{.code = "io.open", .message = error.what(), .file = path.string()};
}

std::optional<Diagnostic> changedFile(const MappedFile& file) {
  auto why = file.change();
  if (!why) return std::nullopt;
  return Diagnostic{.severity = Severity::Error, .code = "io.changed", .message = std::move(*why),
                    .file = file.path().string()};
}

}  // namespace isla
