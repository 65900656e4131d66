// SPDX-License-Identifier: MIT
#include "file_placer.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "isla/base/io_error.hpp"
#include "isla/publish/file_writer.hpp"

namespace isla {

namespace {

void copyFile(const std::filesystem::path& from, const std::filesystem::path& to) {
  std::FILE* in = std::fopen(from.c_str(), "rb");
  if (!in) throw UnreadableFile(from, std::strerror(errno), errno);
  FileWriter out = FileWriter::create(to, FileWriter::Digest::None);
  std::vector<std::byte> buffer(std::size_t{1} << 20);
  for (std::size_t got; (got = std::fread(buffer.data(), 1, buffer.size(), in)) > 0;) {
    out.write(std::span<const std::byte>(buffer.data(), got));
  }
  const bool readFailed = std::ferror(in) != 0;
  std::fclose(in);
  out.close();
  if (readFailed) throw UnreadableFile(from, std::strerror(EIO), EIO);
}

}  // namespace

void FilePlacer::place(const std::filesystem::path& from, const std::filesystem::path& to) {
  std::filesystem::create_directories(to.parent_path());
  if (copying_.empty()) {
    if (::link(from.c_str(), to.c_str()) == 0) {
      ++linked_;
      return;
    }
    if (errno == ENOENT) throw UnreadableFile(from, std::strerror(errno), errno);
    if (errno != EXDEV && errno != EPERM && errno != EMLINK && errno != ENOTSUP) {
      throwSystemError(to, "link '" + from.string() + "' as", errno);
    }
    copying_ = std::strerror(errno);
  }
  copyFile(from, to);
  ++copied_;
}

std::string FilePlacer::summary() const {
  std::string text = std::to_string(linked_) + (linked_ == 1 ? " file" : " files") + " hard-linked";
  if (copied_ > 0) {
    text += ", " + std::to_string(copied_) + (copied_ == 1 ? " file" : " files") +
            " copied (a link was refused: " + copying_ + ")";
  }
  return text;
}

}  // namespace isla
