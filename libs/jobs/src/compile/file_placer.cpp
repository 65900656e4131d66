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

// False, with why, when `from` cannot be read.
bool copyFile(const std::filesystem::path& from, const std::filesystem::path& to, std::string& why) {
  std::FILE* in = std::fopen(from.c_str(), "rb");
  if (!in) {
    why = std::strerror(errno);
    return false;
  }
  FileWriter out = FileWriter::create(to, FileWriter::Digest::None);
  std::vector<std::byte> buffer(std::size_t{1} << 20);
  for (std::size_t got; (got = std::fread(buffer.data(), 1, buffer.size(), in)) > 0;) {
    out.write(std::span<const std::byte>(buffer.data(), got));
  }
  const bool readFailed = std::ferror(in) != 0;
  std::fclose(in);
  out.close();
  if (readFailed) why = std::strerror(EIO);
  return !readFailed;
}

}  // namespace

bool FilePlacer::place(const std::filesystem::path& from, const std::filesystem::path& to, std::string& why) {
  std::filesystem::create_directories(to.parent_path());
  if (copying_.empty()) {
    if (::link(from.c_str(), to.c_str()) == 0) {
      ++linked_;
      return true;
    }
    if (errno == ENOENT) {
      why = std::strerror(errno);
      return false;
    }
    if (errno != EXDEV && errno != EPERM && errno != EMLINK && errno != ENOTSUP) {
      throwSystemError(to, "link '" + from.string() + "' as", errno);
    }
    copying_ = std::strerror(errno);
  }
  if (!copyFile(from, to, why)) return false;
  ++copied_;
  return true;
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
