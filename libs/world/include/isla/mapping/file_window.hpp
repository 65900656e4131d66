// SPDX-License-Identifier: MIT
// A file read front to back through a window of it mapped at a time, for
// files too large to map whole (a 32768² terrain is 10 GB): only the
// window's pages are ever resident, moving on unmaps the pages behind, and
// a reader that will not come back can have them dropped from the page
// cache too, so that one pass over a package does not push out the pages
// the rest of the machine still needs. A file cut short under the window
// reads zeroes past its end instead of ending the process with SIGBUS
// (src/mapping/mapping_guard.hpp); the next view() or readToEnd() then throws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string_view>

namespace isla {

namespace detail {
class MappingGuard;
}

inline constexpr std::size_t kFileWindowBytes = std::size_t{64} << 20;

struct FileWindowOptions {
  std::size_t windowBytes = kFileWindowBytes;  // rounded up to whole pages
  // The pages passed are dropped from the page cache (posix_fadvise).
  bool dropBehind = false;
  // Gets every byte of the file once, in order, as the window passes it
  // (bytes never viewed are read for it): a hash in the same pass.
  std::function<void(std::span<const std::byte>)> everyByte;
};

class FileWindow {
 public:
  // Throws IoError naming the path when it cannot be opened or is not a
  // regular file.
  explicit FileWindow(const std::filesystem::path& path, FileWindowOptions options = {});
  FileWindow(const FileWindow&) = delete;
  FileWindow& operator=(const FileWindow&) = delete;
  ~FileWindow();

  std::uint64_t size() const { return size_; }
  // The largest `length` view() serves.
  std::size_t maxView() const;

  // The bytes from `offset`: at least min(length, size() - offset) of them
  // (more when the window holds more), valid until the next call. `offset`
  // never goes back before an earlier call's (the pages behind are gone);
  // `length` <= maxView(). Throws IoError when the file cannot be mapped
  // or was cut short under a view before, std::logic_error when asked to go
  // back or for more than maxView().
  std::string_view view(std::uint64_t offset, std::size_t length);

  // Hands everyByte what it has not had yet, up to the end of the file.
  // Throws IoError when the file was cut short as it was read.
  void readToEnd();

 private:
  void pass(std::uint64_t upTo);
  void release();
  void checkNotCut();
  std::uint64_t passedPages() const;
  void dropBefore(std::uint64_t upTo);

  std::filesystem::path path_;
  FileWindowOptions options_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
  std::size_t pageBytes_;
  const char* mapped_ = nullptr;
  std::uint64_t mappedBegin_ = 0;  // file offset of mapped_[0]
  std::size_t mappedBytes_ = 0;
  std::unique_ptr<detail::MappingGuard> guard_;  // of the window mapped
  bool cut_ = false;                              // a window before was read past the file's end
  std::uint64_t lowest_ = 0;  // no view starts before this
  std::uint64_t passed_ = 0;  // everyByte has had the bytes before this
  std::uint64_t retryFrom_ = 0, lastDropped_ = 0;  // dropBefore's ranges
};

}  // namespace isla
