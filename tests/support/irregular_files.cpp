// SPDX-License-Identifier: MIT
#include "irregular_files.hpp"

#include <sys/stat.h>

#include <stdexcept>

namespace isla::test {

namespace fs = std::filesystem;

std::string described(Irregular kind) {
  switch (kind) {
    case Irregular::LinkToCopy: return "a symbolic link to an identical copy";
    case Irregular::DanglingLink: return "a dangling symbolic link";
    case Irregular::LinkToDirectory: return "a symbolic link to a directory";
    case Irregular::Directory: return "a directory";
    case Irregular::Fifo: return "a FIFO";
  }
  return "?";
}

void makeIrregular(const fs::path& path, Irregular kind, const fs::path& aside) {
  fs::create_directories(aside);
  const fs::path target = aside / (path.filename().string() + "-" + std::to_string(static_cast<int>(kind)));
  if (kind == Irregular::LinkToCopy) fs::copy_file(path, target, fs::copy_options::overwrite_existing);
  if (kind == Irregular::LinkToDirectory) fs::create_directories(target);
  fs::remove(path);
  switch (kind) {
    case Irregular::LinkToCopy:
    case Irregular::LinkToDirectory: fs::create_symlink(fs::absolute(target), path); break;
    case Irregular::DanglingLink: fs::create_symlink(fs::absolute(aside / "nowhere"), path); break;
    case Irregular::Directory: fs::create_directory(path); break;
    case Irregular::Fifo:
      if (::mkfifo(path.c_str(), 0644) != 0) throw std::runtime_error("cannot make a FIFO at " + path.string());
      break;
  }
}

}  // namespace isla::test
