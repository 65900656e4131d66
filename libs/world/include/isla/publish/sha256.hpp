// SPDX-License-Identifier: MIT
// SHA-256 (OpenSSL) of exact bytes, as lower-case hex.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace isla {

class Sha256 {
 public:
  Sha256();
  Sha256(Sha256&&) noexcept;
  ~Sha256();
  void update(std::span<const std::byte> bytes);
  std::string finishHex();  // once

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

std::string sha256Hex(std::span<const std::byte> bytes);
// True for 64 lowercase hex digits: a SHA-256 as this tool writes it, and
// every key named by one (the patch cache's entries and records, the view
// cache's entries).
bool isSha256Hex(std::string_view text);
// Of a file's bytes; throws IoError.
std::string sha256OfFile(const std::filesystem::path& path);

}  // namespace isla
