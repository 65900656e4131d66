// SPDX-License-Identifier: MIT
#include "isla/mapping/blueprint_file.hpp"

#include "isla/base/io_error.hpp"

namespace isla {

LoadResult readBlueprint(const std::filesystem::path& path, const Kernel& kernel) {
  std::shared_ptr<const MappedFile> file;
  try {
    file = MappedFile::open(path);
  } catch (const IoError& error) {
    LoadResult result;
    Diagnostic d;
    d.code = "io.open";
    d.file = path.string();
    d.message = error.what();
    result.diagnostics.add(std::move(d));
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

std::optional<Diagnostic> changedFile(const MappedFile& file) {
  auto why = file.change();
  if (!why) return std::nullopt;
  return Diagnostic{.severity = Severity::Error, .code = "io.changed", .message = std::move(*why),
                    .file = file.path().string()};
}

}  // namespace isla
