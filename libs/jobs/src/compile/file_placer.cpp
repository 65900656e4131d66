// SPDX-License-Identifier: MIT
#include "file_placer.hpp"

#include "isla/publish/file_writer.hpp"

namespace isla {

namespace {

std::string files(std::size_t count, const char* how) {
  return std::to_string(count) + (count == 1 ? " file " : " files ") + how;
}

}  // namespace

void FilePlacer::place(const std::filesystem::path& from, const std::filesystem::path& to) {
  const RegularFile in(from);
  std::filesystem::create_directories(to.parent_path());
  FileWriter out = FileWriter::create(to, FileWriter::Digest::None);
  const FileWriter::Copy how = out.copyFrom(in.descriptor(), in.size(), from);
  out.close();
  ++(how == FileWriter::Copy::Cloned ? cloned_ : copied_);
}

std::string FilePlacer::summary() const {
  if (cloned_ > 0 && copied_ > 0) return files(cloned_, "cloned") + ", " + files(copied_, "copied");
  return cloned_ > 0 ? files(cloned_, "cloned") : files(copied_, "copied");
}

}  // namespace isla
